import { useContext } from 'react'
import { AdminApiContext } from './blog-admin-context.ts'
import type { AdminApi } from './contract.ts'

/** The admin operations (`shared/admin/contract.ts`) of the nearest `BlogAdminProvider`. */
export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext)
  if (!api) throw new Error('useAdminApi must be used inside <BlogAdminProvider>.')
  return api
}
