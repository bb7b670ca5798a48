import type { ReactNode } from 'react'
import type { Platform } from '../platform.ts'
import { AdminAuthContext, BlogStoreContext, PlatformContext } from './blog-admin-context.ts'
import type { AdminAuth, BlogStore } from './blog-store.ts'

/** Gives the admin components their store and platform (site: supabase-js + browser; desktop: IPC). */
export function BlogAdminProvider({
  store,
  platform,
  children,
}: {
  store: BlogStore
  platform: Platform
  children: ReactNode
}) {
  return (
    <BlogStoreContext.Provider value={store}>
      <PlatformContext.Provider value={platform}>
        <AdminAuthContext.Provider value={store}>{children}</AdminAuthContext.Provider>
      </PlatformContext.Provider>
    </BlogStoreContext.Provider>
  )
}

/** Auth only: lets `SignInForm` and `useAdminSession` work without a blog store. */
export function AuthProvider({ auth, children }: { auth: AdminAuth; children: ReactNode }) {
  return <AdminAuthContext.Provider value={auth}>{children}</AdminAuthContext.Provider>
}
