import { useContext, useEffect, useState } from 'react'
import { AdminAuthContext, BlogStoreContext } from './blog-admin-context.ts'
import type { AdminAuth, AdminSession } from './blog-store.ts'

/** The auth of the nearest `AuthProvider`, else of the nearest `BlogAdminProvider`'s store. */
export function useAdminAuth(): AdminAuth {
  const auth = useContext(AdminAuthContext)
  const store = useContext(BlogStoreContext)
  const found = auth ?? store
  if (!found) throw new Error('Sign-in needs an <AuthProvider> or a <BlogAdminProvider> above it.')
  return found
}

export type AdminSessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: AdminSession }

/** The current editor session, kept up to date through `onAuthChange`. */
export function useAdminSession(): AdminSessionState {
  const auth = useAdminAuth()
  const [state, setState] = useState<AdminSessionState>({ status: 'loading' })
  useEffect(() => {
    let active = true
    const apply = (session: AdminSession | null) => {
      if (active) setState(session ? { status: 'signed-in', session } : { status: 'signed-out' })
    }
    const unsubscribe = auth.onAuthChange(apply)
    auth.getSession().then(apply, () => apply(null))
    return () => {
      active = false
      unsubscribe()
    }
  }, [auth])
  return state
}
