import type { EditorSession } from '@shared/admin/contract.ts'
import type { EditorSessionOps } from '@shared/admin/operations.ts'
import { getBrowserSupabase, type Session, type SupabaseClient } from '@shared/data/client.ts'
import { confirmEditor, editorSessionOf, signInAsEditor } from '@shared/data/editor-access.ts'
import { getEditorRole, setOwnPassword, verifyEmailLink, type EditorRole } from '@shared/data/people.ts'

/** The browser's editor sign-in, plus the access token the staff-only calls send. */
export type BrowserEditorSession = EditorSessionOps

/**
 * Editor sign-in in the browser, one for the blog admin and the `/test-email` page (the same supabase-js
 * session, so one sign-in serves both). Non-editors are refused and signed out again (`signInAsEditor`).
 */
export function createBrowserEditorSession(client = getBrowserSupabase): BrowserEditorSession {
  const listeners = new Set<(session: EditorSession) => void>()
  const notify = (session: EditorSession) => listeners.forEach((listener) => listener(session))
  // While a sign-in is being checked for editor access, supabase's own SIGNED_IN/SIGNED_OUT events are held
  // back: the admin must not flash open for an account that is about to be refused.
  let checkingSignIn = false
  // The role of the signed-in person, asked once per sign-in (token refreshes do not change it).
  let knownRole: { userId: string; role: EditorRole | null } | null = null
  const roleOf = async (supabase: SupabaseClient, session: Session | null) => {
    if (!session?.user) return null
    if (knownRole?.userId !== session.user.id)
      knownRole = { userId: session.user.id, role: await getEditorRole(supabase) }
    return knownRole.role
  }
  const withRole = async (supabase: SupabaseClient, session: Session | null) =>
    editorSessionOf(session, await roleOf(supabase, session).catch(() => null))
  let subscribed: Promise<void> | null = null
  const subscribe = () =>
    (subscribed ??= client().then((supabase) => {
      supabase.auth.onAuthStateChange((_event, session) => {
        if (checkingSignIn) return
        if (!session) {
          knownRole = null
          notify(editorSessionOf(null))
          return
        }
        // Out of the callback: supabase-js holds its auth lock while it runs, and the role needs a request.
        setTimeout(() => {
          void withRole(supabase, session).then((s) => {
            if (!checkingSignIn) notify(s)
          })
        }, 0)
      })
    }))
  /** Runs a sign-in with supabase's events held back, then announces the editor it signed in. */
  const signingIn = async (
    run: (supabase: SupabaseClient) => Promise<{ session: Session; role: EditorRole }>,
  ) => {
    const supabase = await client()
    checkingSignIn = true
    try {
      knownRole = null
      const { session, role } = await run(supabase)
      knownRole = { userId: session.user.id, role }
      const state = editorSessionOf(session, role)
      checkingSignIn = false
      notify(state)
      return state
    } finally {
      checkingSignIn = false
    }
  }
  // Links already used in this tab: if setting the password failed after the link signed the person in,
  // trying again sets the password without using the (now spent) link a second time.
  const usedLinks = new Set<string>()

  return {
    async getSession() {
      const supabase = await client()
      const { data, error } = await supabase.auth.getSession()
      if (error) throw new Error(error.message)
      return withRole(supabase, data.session)
    },
    signIn: (email, password) => signingIn((supabase) => signInAsEditor(supabase, email, password)),
    async acceptEmailLink(link, password) {
      return signingIn(async (supabase) => {
        if (!usedLinks.has(link.tokenHash)) {
          await verifyEmailLink(supabase, link)
          usedLinks.add(link.tokenHash)
        }
        await setOwnPassword(supabase, password)
        const { data } = await supabase.auth.getSession()
        if (!data.session) throw new Error('The link did not sign you in. Ask for a new one.')
        return confirmEditor(supabase, data.session)
      })
    },
    async signOut() {
      const { error } = await (await client()).auth.signOut()
      if (error) throw new Error(error.message)
      return editorSessionOf(null)
    },
    onSessionChange(listener) {
      listeners.add(listener)
      void subscribe().catch(() => listener(editorSessionOf(null)))
      return () => {
        listeners.delete(listener)
      }
    },
    async accessToken() {
      const { data } = await (await client()).auth.getSession()
      return data.session?.access_token ?? null
    },
  }
}
