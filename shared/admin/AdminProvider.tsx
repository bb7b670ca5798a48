import type { ReactNode } from 'react'
import type { Platform } from '../platform.ts'
import { AdminApiContext, EditorAuthContext, PlatformContext } from './admin-context.ts'
import type { AdminApi, EditorAuthApi } from './contract.ts'

/** Gives the admin components their operations and platform (site: supabase-js + browser; desktop: IPC). */
export function AdminProvider({
  api,
  platform,
  children,
}: {
  api: AdminApi
  platform: Platform
  children: ReactNode
}) {
  return (
    <AdminApiContext.Provider value={api}>
      <PlatformContext.Provider value={platform}>
        <EditorAuthContext.Provider value={api}>{children}</EditorAuthContext.Provider>
      </PlatformContext.Provider>
    </AdminApiContext.Provider>
  )
}

/** Sign-in only: lets `SignInForm` and `useAdminSession` work without the rest of the admin. */
export function AuthProvider({ auth, children }: { auth: EditorAuthApi; children: ReactNode }) {
  return <EditorAuthContext.Provider value={auth}>{children}</EditorAuthContext.Provider>
}
