import type { Session, SupabaseClient } from '../data/client.ts'
import { confirmEditor, editorSessionOf, signInAsEditor, type EditorSignIn } from '../data/editor-access.ts'
import { getEditorRole, setOwnPassword, verifyEmailLink } from '../data/people.ts'
import type { EditorRole } from '../schemas/people.ts'
import type { EditorSession } from './contract.ts'
import type { EditorSessionOps } from './operations.ts'

/** Where the desktop keeps the role last seen per person, so that an offline start knows who is signed in. */
export interface RoleMemory {
  get(userId: string): Promise<EditorRole | null>
  set(userId: string, role: EditorRole | null): Promise<void>
}

export interface EditorSessionOptions {
  /** The editor's supabase-js client (the browser's is made on first use). */
  client(): Promise<SupabaseClient>
  /**
   * The desktop's memory of roles: with it, the session answers at once with the role last seen (asking the
   * server in the background) and keeps working offline; without it (the browser) the role is asked.
   */
  roles?: RoleMemory
}

export type EditorSessionService = EditorSessionOps & {
  /** Stops listening to supabase-js (the desktop, when it connects to another site). */
  close(): void
}

/**
 * Editor sign-in for both surfaces: the browser admin with `/test-email`, and the desktop's main process.
 * Non-editors are refused and signed out again (`signInAsEditor`); the role is asked once per sign-in.
 */
export function createEditorSession(options: EditorSessionOptions): EditorSessionService {
  const listeners = new Set<(session: EditorSession) => void>()
  const notify = (session: EditorSession) => listeners.forEach((listener) => listener(session))
  // While a sign-in is being checked for editor access, supabase's own SIGNED_IN/SIGNED_OUT events are held
  // back: the admin must not flash open for an account that is about to be refused.
  let checkingSignIn = false
  // The role of the signed-in person, asked once per sign-in (token refreshes do not change it).
  let knownRole: { userId: string; role: EditorRole | null } | null = null
  const remembered = async (userId: string) => (await options.roles?.get(userId).catch(() => null)) ?? null

  /** The role from the server; offline, the one last seen on this device (the server decides again later). */
  async function roleOf(supabase: SupabaseClient, session: Session): Promise<EditorRole | null> {
    const userId = session.user.id
    if (knownRole?.userId === userId) return knownRole.role
    try {
      const role = await getEditorRole(supabase)
      knownRole = { userId, role }
      await options.roles?.set(userId, role).catch(() => {})
      return role
    } catch {
      return remembered(userId)
    }
  }

  let unsubscribe: (() => void) | null = null
  let subscribed: Promise<void> | null = null
  const subscribe = () =>
    (subscribed ??= options.client().then((supabase) => {
      const { data } = supabase.auth.onAuthStateChange((_event, session) => {
        if (checkingSignIn) return
        if (!session) {
          knownRole = null
          notify(editorSessionOf(null))
          return
        }
        // Out of the callback: supabase-js holds its auth lock while it runs, and the role needs a request.
        setTimeout(() => {
          void roleOf(supabase, session).then((role) => {
            if (!checkingSignIn) notify(editorSessionOf(session, role))
          })
        }, 0)
      })
      unsubscribe = () => data.subscription.unsubscribe()
    }))

  /** Runs a sign-in with supabase's events held back, then announces the editor it signed in. */
  async function signingIn(run: (supabase: SupabaseClient) => Promise<EditorSignIn>) {
    const supabase = await options.client()
    checkingSignIn = true
    try {
      knownRole = null
      const { session, role } = await run(supabase)
      knownRole = { userId: session.user.id, role }
      await options.roles?.set(session.user.id, role).catch(() => {})
      const state = editorSessionOf(session, role)
      checkingSignIn = false
      notify(state)
      return state
    } finally {
      checkingSignIn = false
    }
  }
  // Links already used here: if setting the password failed after the link signed the person in, trying
  // again sets the password without using the (now spent) link a second time.
  const usedLinks = new Set<string>()

  return {
    async getSession() {
      const supabase = await options.client()
      const { data, error } = await supabase.auth.getSession()
      if (error) throw new Error(error.message)
      const session = data.session
      if (!session) return editorSessionOf(null)
      if (knownRole?.userId === session.user.id || !options.roles)
        return editorSessionOf(session, await roleOf(supabase, session).catch(() => null))
      // Without waiting for the network: the role last seen now, the server's answer to the listeners.
      const seen = await remembered(session.user.id)
      void roleOf(supabase, session).then((role) => {
        if (role !== seen) notify(editorSessionOf(session, role))
      })
      return editorSessionOf(session, seen)
    },
    signIn: (email, password) => signingIn((supabase) => signInAsEditor(supabase, email, password)),
    acceptEmailLink: (link, password) =>
      signingIn(async (supabase) => {
        if (!usedLinks.has(link.tokenHash)) {
          await verifyEmailLink(supabase, link)
          usedLinks.add(link.tokenHash)
        }
        await setOwnPassword(supabase, password)
        const { data } = await supabase.auth.getSession()
        if (!data.session) throw new Error('The link did not sign you in. Ask for a new one.')
        return confirmEditor(supabase, data.session)
      }),
    async signOut() {
      // This device only (its session ends on the server too): signing out of one browser does not sign the
      // same person out of the desktop app or another browser, and it works offline. supabase-js ignores
      // 401/403/404 from the server on sign-out.
      const { error } = await (await options.client()).auth.signOut({ scope: 'local' })
      if (error) throw new Error(error.message)
      knownRole = null
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
      const { data } = await (await options.client()).auth.getSession()
      return data.session?.access_token ?? null
    },
    close() {
      unsubscribe?.()
      listeners.clear()
    },
  }
}
