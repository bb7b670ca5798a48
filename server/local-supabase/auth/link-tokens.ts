import { createHash, randomBytes, randomInt } from 'node:crypto'
import { findUserByEmail, normaliseEmail, type Queryable } from './users.ts'

/**
 * The one-time tokens behind emailed links (and the admin API's generated links): only a sha256 of each is
 * stored, a token works once (its row is deleted as it is used, and so are its siblings of the same type),
 * and it expires `linkLifetimeSeconds[type]` after it was issued.
 */

/** How long a link works (GoTrue's mailer_otp_exp is one value; here an invite gets a day). */
export const linkLifetimeSeconds = {
  invite: 24 * 3600,
  recovery: 3600,
  signup: 3600,
  magiclink: 3600,
  email_change: 3600,
} as const
export type LinkType = keyof typeof linkLifetimeSeconds

/** Verification types `/verify` takes, and the stored link types each may use (`email` is GoTrue's newer name). */
const verifiable: Record<string, readonly LinkType[]> = {
  invite: ['invite'],
  recovery: ['recovery'],
  signup: ['signup'],
  magiclink: ['magiclink'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink'],
}
export const VERIFY_TYPES = Object.keys(verifiable)
export const linkTypesFor = (type: unknown): readonly LinkType[] | null =>
  typeof type === 'string' && Object.hasOwn(verifiable, type) ? verifiable[type]! : null

/** Only the hash of a link's token is stored: a copy of the database cannot be used to take an account. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** What an emailed one-time code is stored under: the code alone is six digits, so the address is part of it. */
export const otpHash = (email: string, otp: string) => hashLinkToken(`otp:${normaliseEmail(email)}:${otp}`)

/**
 * Issues a token of `type` for the user (earlier ones of the type stop working) and, with `withOtp`, a
 * six-digit code that verifies the same way. `relatesTo` is the address the link was made for.
 */
export async function issueLinkToken(
  tx: Queryable,
  userId: string,
  type: LinkType,
  relatesTo: string,
  { withOtp = false } = {},
): Promise<{ token: string; otp: string | null }> {
  const token = randomBytes(32).toString('base64url')
  const otp = withOtp ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null
  await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2', [
    userId,
    type,
  ])
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     select $1::uuid, $2, hash, $4 from unnest($3::text[]) as hash`,
    [userId, type, otp ? [hashLinkToken(token), otpHash(relatesTo, otp)] : [hashLinkToken(token)], relatesTo],
  )
  return { token, otp }
}

/**
 * Uses a token once: its row (and its siblings of the same type) is deleted as it is read, so of two uses
 * only one finds it. Applies what the link stands for (confirms the address; an email change takes effect)
 * and returns the user and the link's type, or null when it is unknown, of another type or expired.
 */
export async function consumeLinkToken(tx: Queryable, tokenHash: string, types: readonly LinkType[]) {
  const { rows } = await tx.query<{
    user_id: string
    token_type: LinkType
    relates_to: string
    expired: boolean
  }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id::text as user_id, token_type, relates_to,
       created_at + make_interval(secs => ($3::jsonb ->> token_type)::int) < now() as expired`,
    [tokenHash, types, JSON.stringify(linkLifetimeSeconds)],
  )
  const row = rows[0]
  if (!row || row.expired) return null
  await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2', [
    row.user_id,
    row.token_type,
  ])
  if (row.token_type === 'email_change') {
    // The new address is the user's once its link is used, unless someone took it meanwhile.
    const taken = await findUserByEmail(tx, row.relates_to)
    if (taken && taken.id !== row.user_id) return null
    const { rows: changed } = await tx.query(
      `update auth.users set email = email_change, email_change = null, email_change_sent_at = null,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1::uuid and lower(email_change) = $2 returning id`,
      [row.user_id, normaliseEmail(row.relates_to)],
    )
    if (changed.length === 0) return null
  } else {
    // The mail reached its owner: the address is confirmed (an invite's first sign-in, or a reset).
    await tx.query(
      'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid',
      [row.user_id],
    )
  }
  return { userId: row.user_id, type: row.token_type }
}
