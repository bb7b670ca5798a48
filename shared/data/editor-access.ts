import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { EditorRole, EditorSession } from '../schemas/people.ts'
import { getEditorRole } from './people.ts'

/**
 * Who is an editor, decided in one place for every client and the server: the database's
 * `public.editor_role()` (null for anyone not in `editors`). The browser admin, the `/test-email` page and the
 * desktop app sign in through `signInAsEditor`; the server checks a bearer token with `callerOfToken`.
 */

/** What anyone who may sign in but is not in `editors` is told. */
export const notAnEditorMessage =
  'This account is not an editor. Ask an administrator to add it to the editors.'

/**
 * What an editor sees when signing in fails, from auth-js's error. A 503 (the server's disk is full, or the
 * service is down) reaches auth-js without its body, so it is worded here rather than shown as "{}".
 */
export function signInErrorMessage(error: { message: string; status?: number; name?: string }): string {
  if (error.status === 0 || error.name === 'AuthRetryableFetchError')
    return 'The server cannot be reached. Check the connection and try again.'
  if (error.message === 'Invalid login credentials') return 'Wrong email or password.'
  if (error.status === 503)
    return 'Signing in is not possible right now: the server cannot store sessions. Please try again later.'
  return error.message
}

/** A supabase-js session as the admin contract's `EditorSession` (nobody: `signedIn: false`). */
export function editorSessionOf(session: Session | null, role: EditorRole | null = null): EditorSession {
  return {
    signedIn: Boolean(session),
    email: session?.user.email ?? null,
    userId: session?.user.id ?? null,
    role: session ? role : null,
  }
}

/** A signed-in editor: the session and the role `editor_role()` gave for it. */
export interface EditorSignIn {
  session: Session
  role: EditorRole
}

/**
 * The client's session as an editor's: its role asked once. Anyone not in `editors` is signed out again
 * (any account can sign in, but only editors may write: say so now rather than on the first save).
 */
export async function confirmEditor(client: SupabaseClient, session: Session | null): Promise<EditorSignIn> {
  if (!session) throw new Error('Sign-in did not return a session.')
  let role: EditorRole | null
  try {
    role = await getEditorRole(client)
  } catch (err) {
    await client.auth.signOut({ scope: 'local' })
    throw err
  }
  if (!role) {
    await client.auth.signOut({ scope: 'local' })
    throw new Error(notAnEditorMessage)
  }
  return { session, role }
}

/** Signs in with email and password as an editor (the only `signInWithPassword` of the clients). */
export async function signInAsEditor(
  client: SupabaseClient,
  email: string,
  password: string,
): Promise<EditorSignIn> {
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(signInErrorMessage(error))
  return confirmEditor(client, data.session)
}

/** The signed-in caller of a server endpoint, as the server sees them. */
export interface TokenCaller {
  userId: string
  email: string
  /** `editor_role()` for them: null for anyone not in `editors`. */
  role: EditorRole | null
}

/**
 * Checks a bearer token the way hosted Supabase would: GoTrue validates the token (`auth.getUser`), then
 * `editor_role()` answers as that user. `client` must carry the same token as its Authorization header
 * (`createNodeSupabaseClient(url, anonKey, { accessToken })`). Null for a bad, expired or revoked token;
 * throws only when the backend cannot be reached.
 */
export async function callerOfToken(
  client: SupabaseClient,
  accessToken: string,
): Promise<TokenCaller | null> {
  const { data, error } = await client.auth.getUser(accessToken)
  if (error || !data.user) {
    // 4xx: a bad, expired or revoked token. Anything else means the backend itself failed.
    if (error && (error.status === undefined || error.status >= 500))
      throw new Error(`Could not verify the session: ${error.message}`)
    return null
  }
  return { userId: data.user.id, email: data.user.email ?? '', role: await getEditorRole(client) }
}
