import type { AdminAuth, AdminSession } from '@shared/admin/blog-store.ts'
import { getBrowserSupabase, type Session } from '@shared/data/client.ts'
import { signInErrorMessage } from '@shared/data/editor-access.ts'

const toAdminSession = (session: Session | null): AdminSession | null =>
  session ? { userId: session.user.id, email: session.user.email ?? '' } : null

/** Editor sign-in for the email test page, plus the access token its staff-only calls send. */
export interface EditorAuth extends AdminAuth {
  accessToken(): Promise<string | null>
}

/** Supabase auth in the browser (the same session the blog admin uses: one sign-in for both pages). */
export function createBrowserEditorAuth(): EditorAuth {
  return {
    async getSession() {
      const { data } = await (await getBrowserSupabase()).auth.getSession()
      return toAdminSession(data.session)
    },
    async signIn(email, password) {
      const { data, error } = await (await getBrowserSupabase()).auth.signInWithPassword({ email, password })
      if (error) throw new Error(signInErrorMessage(error))
      return toAdminSession(data.session)!
    },
    async signOut() {
      await (await getBrowserSupabase()).auth.signOut()
    },
    onAuthChange(listener) {
      let unsubscribe = () => {}
      let active = true
      getBrowserSupabase().then(
        (client) => {
          if (!active) return
          const { data } = client.auth.onAuthStateChange((_event, session) =>
            listener(toAdminSession(session)),
          )
          unsubscribe = () => data.subscription.unsubscribe()
        },
        () => listener(null),
      )
      return () => {
        active = false
        unsubscribe()
      }
    },
    async accessToken() {
      const { data } = await (await getBrowserSupabase()).auth.getSession()
      return data.session?.access_token ?? null
    },
  }
}
