import { adminPath } from '@shared/config/brand.ts'

/** Pages that are the React application in the browser (staff pages), whatever the server drew for them. */
const appPaths = [adminPath, '/test-email'].map((p) => p.toLowerCase())

export const isAppPath = (pathname: string) =>
  appPaths.includes(pathname.toLowerCase().replace(/\/+$/, '') || '/')
