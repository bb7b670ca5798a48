import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { compareInThread, hashInThread } from './password-thread.ts'

/** Anything that runs SQL: the PGlite instance or an open transaction. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** A row of `auth.users` as this backend reads it (GoTrue's column names). */
export interface AuthUserRow {
  id: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: string | null
  last_sign_in_at: string | null
  invited_at: string | null
  recovery_sent_at: string | null
  confirmation_sent_at: string | null
  email_change: string | null
  email_change_sent_at: string | null
  banned_until: string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: string
  updated_at: string
}

/** The user object GoTrue returns (what auth-js hands to the application as `User`). */
export interface GoTrueUser {
  id: string
  aud: 'authenticated'
  role: 'authenticated'
  email: string
  email_confirmed_at: string | null
  phone: string
  confirmed_at: string | null
  last_sign_in_at: string | null
  invited_at?: string
  recovery_sent_at?: string
  confirmation_sent_at?: string
  new_email?: string
  email_change_sent_at?: string
  banned_until?: string
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
  identities: []
  created_at: string
  updated_at: string
  is_anonymous: false
}

export const MIN_PASSWORD_LENGTH = 8
// bcrypt only looks at the first 72 bytes: a longer password would silently match its own prefix.
export const MAX_PASSWORD_BYTES = 72
const BCRYPT_COST = 10

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  // Control characters (NUL above all: Postgres text cannot hold it) are never part of an address.
  // eslint-disable-next-line no-control-regex
  return email.length <= 254 && EMAIL.test(email) && !/[\u0000-\u001f\u007f]/.test(email)
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Reasons a password is refused, in GoTrue's `weak_password.reasons` vocabulary; empty when fine. */
export function passwordWeaknesses(password: string, minLength = MIN_PASSWORD_LENGTH): string[] {
  const reasons: string[] = []
  if (password.length < Math.max(minLength, MIN_PASSWORD_LENGTH)) reasons.push('length')
  return reasons
}

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES
}

/** A new password's hash (off the server's main thread: see password-thread.ts). */
export function hashPassword(password: string): Promise<string> {
  return hashInThread(password, BCRYPT_COST)
}

// Compared against when the email is unknown, so a missing account costs as long as a wrong password
// and response time does not reveal which emails exist.
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString('hex'), BCRYPT_COST)

/** Whether `password` is the one `hash` was made from ($2a$ and $2b$ alike); always false without a hash. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const ok = await compareInThread(password, hash ?? DUMMY_HASH)
  return ok && hash !== null
}

/** 24 random bytes as base64url (32 characters, 192 bits): what `add` without --password prints once. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url')
}

const TIMESTAMP = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${column}`

/** Columns in GoTrue's JSON format (ISO timestamps with a Z, like Go's time.Time marshalling). */
export const USER_COLUMNS = [
  'id::text as id',
  'email',
  'encrypted_password',
  TIMESTAMP('email_confirmed_at'),
  TIMESTAMP('last_sign_in_at'),
  TIMESTAMP('invited_at'),
  TIMESTAMP('recovery_sent_at'),
  TIMESTAMP('confirmation_sent_at'),
  'email_change',
  TIMESTAMP('email_change_sent_at'),
  TIMESTAMP('banned_until'),
  'raw_app_meta_data',
  'raw_user_meta_data',
  TIMESTAMP('created_at'),
  TIMESTAMP('updated_at'),
].join(', ')

export async function findUserByEmail(db: Queryable, email: string): Promise<AuthUserRow | null> {
  const { rows } = await db.query<AuthUserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 limit 1`,
    [normaliseEmail(email)],
  )
  return rows[0] ?? null
}

export async function findUserById(db: Queryable, id: string): Promise<AuthUserRow | null> {
  const { rows } = await db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::uuid`, [
    id,
  ])
  return rows[0] ?? null
}

/** Whether an admin's ban (`ban_duration`) is still running. */
export function isBanned(user: Pick<AuthUserRow, 'banned_until'>, now = Date.now()): boolean {
  return !!user.banned_until && Date.parse(user.banned_until) > now
}

export function toGoTrueUser(row: AuthUserRow): GoTrueUser {
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: row.email_confirmed_at,
    phone: '',
    confirmed_at: row.email_confirmed_at,
    last_sign_in_at: row.last_sign_in_at,
    // GoTrue leaves these out until they are set.
    ...(row.invited_at ? { invited_at: row.invited_at } : {}),
    ...(row.recovery_sent_at ? { recovery_sent_at: row.recovery_sent_at } : {}),
    ...(row.confirmation_sent_at ? { confirmation_sent_at: row.confirmation_sent_at } : {}),
    ...(row.email_change ? { new_email: row.email_change } : {}),
    ...(row.email_change_sent_at ? { email_change_sent_at: row.email_change_sent_at } : {}),
    ...(row.banned_until ? { banned_until: row.banned_until } : {}),
    app_metadata: { provider: 'email', providers: ['email'], ...(row.raw_app_meta_data ?? {}) },
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: false,
  }
}

/**
 * Creates a confirmed email/password user, or sets the password of the existing one with that email.
 * Used by the editors CLI and by the server's EDITOR_EMAIL / EDITOR_PASSWORD start-up step.
 */
export async function upsertPasswordUser(
  db: Queryable,
  email: string,
  password: string,
): Promise<{ id: string; created: boolean }> {
  const address = normaliseEmail(email)
  if (!isValidEmail(address)) throw new Error(`Not a valid email address: ${email}`)
  if (passwordWeaknesses(password).length)
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
  if (passwordTooLong(password))
    throw new Error(`The password must be at most ${MAX_PASSWORD_BYTES} bytes long.`)
  const hash = await hashPassword(password)
  const existing = await findUserByEmail(db, address)
  if (existing) {
    await db.query(
      'update auth.users set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid',
      [existing.id, hash],
    )
    return { id: existing.id, created: false }
  }
  return { id: await insertEmailUser(db, address, { passwordHash: hash, confirmed: true }), created: true }
}

/** A new email user's id: confirmed now when `confirmed`, invited now when `invited`. */
export async function insertEmailUser(
  db: Queryable,
  email: string,
  {
    passwordHash = null,
    confirmed = false,
    invited = false,
    userMetadata = {},
  }: {
    passwordHash?: string | null
    confirmed?: boolean
    invited?: boolean
    userMetadata?: Record<string, unknown>
  } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, case when $3 then now() end, case when $4 then now() end, $5::jsonb, $6::jsonb, now(), now())
     returning id::text as id`,
    [
      email,
      passwordHash,
      confirmed,
      invited,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify(userMetadata),
    ],
  )
  return rows[0]!.id
}
