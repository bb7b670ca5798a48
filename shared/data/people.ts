import type { SupabaseClient } from '@supabase/supabase-js'
import {
  editorRoleSchema,
  personSchema,
  type EditorRole,
  type InviteInput,
  type Person,
} from '../schemas/people.ts'
import { couldNot } from './results.ts'
import { callSiteApi, type SiteApi } from './site-api.ts'

/**
 * People of the admin: roles, invitations, password resets. Roles live in `public.editors` (row-level
 * security enforces them); invitations and removals need the service role, so they go through the server's
 * `/api/people` (which checks the caller is an administrator). Password resets use supabase-js's own auth
 * methods, so the same code works against a hosted project.
 */

export type { EditorRole, Person } from '../schemas/people.ts'

/** The signed-in caller's role, or null when they are not in `editors` (`public.editor_role()`). */
export async function getEditorRole(client: SupabaseClient): Promise<EditorRole | null> {
  const { data, error } = await client.rpc('editor_role')
  if (error) couldNot('check your role', error)
  const parsed = editorRoleSchema.safeParse(data)
  return parsed.success ? parsed.data : null
}

/** What a role may do in the admin; the database enforces the same rules (its policies). */
export const roleCan = {
  publish: (role: EditorRole | null | undefined) => role === 'admin' || role === 'editor',
  deletePosts: (role: EditorRole | null | undefined) => role === 'admin' || role === 'editor',
  readLeads: (role: EditorRole | null | undefined) => role === 'admin' || role === 'editor',
  managePeople: (role: EditorRole | null | undefined) => role === 'admin',
}

/**
 * Whether the admin offers to edit this post: editors and administrators every post, a contributor only
 * their own drafts. (Row-level security refuses the rest whatever the admin shows.)
 */
export function canEditPost(
  role: EditorRole | null | undefined,
  userId: string | null | undefined,
  post: { status: string; author_id?: string | null; version?: number },
): boolean {
  if (roleCan.publish(role)) return true
  // Version 0 and no author yet: a draft made on this computer that has not reached the server (desktop).
  const own = post.author_id === userId || (post.author_id == null && post.version === 0)
  return role === 'contributor' && post.status === 'draft' && !!userId && own
}

// ---- password reset and email links (supabase-js) ------------------------------------------------------

/** The kinds of link the mails carry: `?token_hash=…&type=invite|recovery` on the admin route. */
export type EmailLinkType = 'invite' | 'recovery'

export interface EmailLink {
  tokenHash: string
  type: EmailLinkType
}

/** The email link in a URL's query, if any. */
export function emailLinkFrom(search: string): EmailLink | null {
  const params = new URLSearchParams(search)
  const tokenHash = params.get('token_hash')
  const type = params.get('type')
  if (!tokenHash || (type !== 'invite' && type !== 'recovery')) return null
  return { tokenHash, type }
}

/** Words for the people who use the reset form: the same answer whether or not the address has an account. */
export const resetRequestedMessage =
  'If an account exists for that address, we have sent it a link to choose a new password. Check your inbox.'

/**
 * Asks for a password reset link (`auth.resetPasswordForEmail`). Resolves the same way for every address;
 * rejects only when the request itself failed (rate limit, network) with words a person can act on.
 */
export async function requestPasswordReset(
  client: SupabaseClient,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo })
  if (!error) return
  if (error.status === 429) throw new Error('Too many reset requests. Please wait a minute and try again.')
  if (error.status === 400) throw new Error('Please enter a valid email.')
  throw new Error('Could not send the reset link right now. Please try again.')
}

/**
 * Uses a mailed link (`auth.verifyOtp` with its token hash): signs its owner in. A link works once and
 * expires; a used or expired one is refused with words a person can act on.
 */
export async function verifyEmailLink(client: SupabaseClient, link: EmailLink): Promise<void> {
  const { data, error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type })
  if (error || !data.session) {
    if (error?.status === 403 || error?.code === 'otp_expired')
      throw new Error(
        link.type === 'invite'
          ? 'This invitation link was already used or has expired. Ask an administrator to invite you again.'
          : 'This reset link was already used or has expired. Ask for a new one from the sign-in page.',
      )
    throw new Error(error?.message ?? 'The link could not be checked.')
  }
}

/** Sets the signed-in person's password (`auth.updateUser`). */
export async function setOwnPassword(client: SupabaseClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password })
  if (!error) return
  if (error.code === 'weak_password') throw new Error(error.message)
  if (error.code === 'same_password') throw new Error('Choose a password different from your old one.')
  throw new Error(error.message)
}

// ---- /api/people (administrators) -----------------------------------------------------------------------

export type PeopleApi = SiteApi

const call = <T>(api: PeopleApi, path: string, init?: RequestInit) =>
  callSiteApi<T>(api, `/api/people${path}`, init)

export async function listPeople(api: PeopleApi): Promise<Person[]> {
  const body = await call<{ people: unknown[] }>(api, '')
  return body.people.map((p) => personSchema.parse(p))
}

export async function invitePerson(api: PeopleApi, input: InviteInput): Promise<Person> {
  const body = await call<{ person: unknown }>(api, '', { method: 'POST', body: JSON.stringify(input) })
  return personSchema.parse(body.person)
}

export async function changePersonRole(api: PeopleApi, userId: string, role: EditorRole): Promise<Person> {
  const body = await call<{ person: unknown }>(api, `/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: JSON.stringify({ role }),
  })
  return personSchema.parse(body.person)
}

export async function removePerson(api: PeopleApi, userId: string): Promise<void> {
  await call(api, `/${encodeURIComponent(userId)}`, { method: 'DELETE' })
}

/** Who may own a lead: editors and administrators (`editors` is readable by everyone in the admin). */
export async function listLeadOwners(client: SupabaseClient): Promise<{ userId: string; email: string }[]> {
  const { data, error } = await client
    .from('editors')
    .select('user_id, email')
    .in('role', ['admin', 'editor'])
    .order('email')
  if (error) couldNot('list the team', error)
  return (data ?? []).map((row: { user_id: string; email: string }) => ({
    userId: row.user_id,
    email: row.email,
  }))
}
