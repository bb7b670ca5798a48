import type { SupabaseClient } from '@supabase/supabase-js'

/** A signed-in editor, as the server sees the caller of a staff-only endpoint. */
export interface VerifiedEditor {
  userId: string
  email: string
}

/**
 * Checks a bearer token the way hosted Supabase would: GoTrue validates the token (`auth.getUser`), then
 * the `editors` table answers under RLS as that user. `client` must carry the same token as its
 * Authorization header (`createNodeSupabaseClient(url, anonKey, { accessToken })`). Returns null for
 * anyone who is not a signed-in editor; throws only when the backend cannot be reached.
 */
export async function verifyEditorToken(
  client: SupabaseClient,
  accessToken: string,
): Promise<VerifiedEditor | null> {
  const { data, error } = await client.auth.getUser(accessToken)
  if (error || !data.user) {
    // 4xx: a bad, expired or revoked token. Anything else means the backend itself failed.
    if (error && (error.status === undefined || error.status >= 500))
      throw new Error(`Could not verify the session: ${error.message}`)
    return null
  }
  // RLS lets only editors read `editors` ("Editors see editors"), so a row comes back only for an editor.
  const { data: rows, error: selectError } = await client
    .from('editors')
    .select('user_id')
    .eq('user_id', data.user.id)
    .limit(1)
  if (selectError) throw new Error(`Could not check editor access: ${selectError.message}`)
  return rows && rows.length > 0 ? { userId: data.user.id, email: data.user.email ?? '' } : null
}

/**
 * What an editor sees when signing in fails, from auth-js's error. A 503 (the server's disk is full, or the
 * service is down) reaches auth-js without its body, so it is worded here rather than shown as "{}".
 */
export function signInErrorMessage(error: { message: string; status?: number }): string {
  if (error.message === 'Invalid login credentials') return 'Wrong email or password.'
  if (error.status === 503)
    return 'Signing in is not possible right now: the server cannot store sessions. Please try again later.'
  return error.message
}
