import { useContext, useEffect, useState } from 'react'
import { EditorAuthContext } from './admin-context.ts'
import type { EditorAuthApi, EditorSession } from './contract.ts'
import type { EditorRole } from '../schemas/people.ts'

/** The signed-in editor, as the admin's screens use it. */
export interface AdminSession {
  userId: string
  email: string
  /** What they may do (row-level security enforces it); absent while not known yet. */
  role?: EditorRole
}

/** The signed-in editor of a session, or null for nobody. */
export function adminSessionOf(session: EditorSession | null): AdminSession | null {
  if (!session?.signedIn || !session.userId) return null
  return {
    userId: session.userId,
    email: session.email ?? '',
    ...(session.role ? { role: session.role } : {}),
  }
}

/** The sign-in of the nearest `AuthProvider` or `AdminProvider`. */
export function useAdminAuth(): EditorAuthApi {
  const auth = useContext(EditorAuthContext)
  if (!auth) throw new Error('Sign-in needs an <AuthProvider> or a <AdminProvider> above it.')
  return auth
}

export type AdminSessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: AdminSession }

/** The current editor session, kept up to date through `onSessionChange`. */
export function useAdminSession(): AdminSessionState {
  const auth = useAdminAuth()
  const [state, setState] = useState<AdminSessionState>({ status: 'loading' })
  useEffect(() => {
    let active = true
    const apply = (editor: EditorSession | null) => {
      const session = adminSessionOf(editor)
      if (active) setState(session ? { status: 'signed-in', session } : { status: 'signed-out' })
    }
    const unsubscribe = auth.onSessionChange(apply)
    auth.getSession().then(apply, () => apply(null))
    return () => {
      active = false
      unsubscribe()
    }
  }, [auth])
  return state
}
