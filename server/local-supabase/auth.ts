import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { PGlite } from '@electric-sql/pglite'
import { Hono, type Context } from 'hono'
import { SignJWT } from 'jose'
import type { Logger } from 'pino'
import { adminPath } from '../../shared/config/brand.ts'
import { diskProblemOf, isClientGone } from '../failures.ts'
import { FailedAttemptLimiter } from './auth-rate-limit.ts'
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  isValidEmail,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  passwordMatches,
  passwordTooLong,
  passwordWeaknesses,
  toGoTrueUser,
  USER_COLUMNS,
  type AuthUserRow,
  type Queryable,
} from './auth-users.ts'
import type { LocalSupabaseConfig } from './config.ts'
import { InvalidJwtError, verifyJwt, type JwtClaims, type LocalSupabaseKeys } from './keys.ts'

/**
 * GoTrue (Supabase Auth) subset at `/auth/v1`: what supabase-js's auth client calls for email + password
 * accounts. Wire shapes follow GoTrue's API version 2024-01-01, which auth-js announces in
 * `X-Supabase-Api-Version` and reads back from the reply to decide how to parse `code`.
 */

export interface AuthDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  /** `[auth]` of supabase/config.toml; Supabase's defaults apply to anything missing. */
  config?: { auth: Partial<AuthSettings> }
  /**
   * Sends invite and password-reset mails (GoTrue's SMTP and templates); set once the server's mailer
   * exists. Without one, invites answer 500 and reset requests are logged and dropped.
   */
  mailer?: { current: AuthMailer | null }
}

/** A mail the auth endpoints ask for: the server renders it with its own templates and sends it. */
export interface AuthMail {
  kind: 'invite' | 'recovery'
  to: string
  /** The link that sets a password (the site's admin route with `token_hash` and `type`). */
  link: string
  /** invite: the role the invitation gives (from the invite's `data.role`), if any. */
  role?: string | null
}

export interface AuthMailer {
  /** The site's public origin: links point there unless a `redirect_to` on the same origin says otherwise. */
  siteUrl(): string
  send(mail: AuthMail): Promise<void>
}

/** How long a mailed link works (GoTrue's mailer_otp_exp is one value; here an invite gets a day). */
export const linkLifetimeSeconds = { invite: 24 * 3600, recovery: 3600 } as const
type LinkType = keyof typeof linkLifetimeSeconds
const isLinkType = (value: unknown): value is LinkType => value === 'invite' || value === 'recovery'

/** Only the hash of a link's token is stored: a copy of the database cannot be used to take an account. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type AuthSettings = Pick<
  LocalSupabaseConfig['auth'],
  'jwtExpiry' | 'refreshTokenReuseInterval' | 'minimumPasswordLength' | 'signInRateLimit'
>

const API_VERSION = '2024-01-01'
const FAILURE_WINDOW_MS = 5 * 60 * 1000

type AuthErrorStatus = 400 | 401 | 403 | 404 | 422 | 429 | 500 | 503

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const LINK_INVALID = 'Email link is invalid or has expired'

/** GoTrue's error body: `code` is what auth-js exposes as `error.code`, `msg`/`message` as `error.message`. */
function authError(
  c: Context,
  status: AuthErrorStatus,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  c.header('X-Sb-Error-Code', code)
  return c.json({ code, error_code: code, msg: message, message, ...extra }, status)
}

/**
 * Stored as issued, like GoTrue: the reuse interval must hand a retrying client the token it missed.
 * (Hashing them would protect little: the JWT secret lives in the same data directory.)
 */
function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'unknown'
}

function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match ? match[1]! : null
}

/** Reads a JSON (or form-encoded, which GoTrue also accepts) object body; null when it is not one. */
async function readBody(c: Context): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type') ?? ''
  try {
    const text = await c.req.text()
    if (type.includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text))
    if (text.trim() === '') return {}
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** A JSON object Postgres can store as jsonb (which refuses the NUL character anywhere in it). */
const storableObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !JSON.stringify(value).includes('\\u0000')

interface SessionRow {
  id: string
  user_id: string
}

/** Deletes sessions; their refresh tokens go with them (foreign key on delete cascade). */
async function endSessions(tx: Queryable, where: string, params: unknown[]) {
  await tx.query(`delete from auth.sessions ${where}`, params)
}

/** Carries a refusal out of a transaction so it rolls back and the caller still answers with it. */
class RefusedInTransaction extends Error {
  constructor(readonly reply: Response) {
    super('refused')
  }
}

export function createAuthApp(deps: AuthDeps): Hono {
  const { db, keys, logger } = deps
  const settings = deps.config?.auth ?? {}
  // Under ~90 s supabase-js would refresh constantly.
  const accessTokenSeconds = Math.max(settings.jwtExpiry ?? 3600, 300)
  const reuseIntervalSeconds = settings.refreshTokenReuseInterval ?? 10
  // Never below 8, whatever the config says.
  const minPasswordLength = Math.max(
    settings.minimumPasswordLength ?? MIN_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
  )
  // Failed password sign-ins per email and client address within five minutes.
  const limiter = new FailedAttemptLimiter(Math.max(settings.signInRateLimit ?? 30, 1), FAILURE_WINDOW_MS)
  const app = new Hono()

  app.use('*', async (c, next) => {
    c.header('X-Supabase-Api-Version', API_VERSION)
    // Tokens and user data must never sit in a shared cache.
    c.header('Cache-Control', 'no-store')
    await next()
  })

  async function signAccessToken(
    c: Context,
    user: AuthUserRow,
    sessionId: string,
    signedInAt: number,
    method = 'password',
  ) {
    const iat = Math.floor(Date.now() / 1000)
    const exp = iat + accessTokenSeconds
    const gotrueUser = toGoTrueUser(user)
    const token = await new SignJWT({
      iss: `${new URL(c.req.url).origin}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: gotrueUser.app_metadata,
      user_metadata: gotrueUser.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: signedInAt }],
      session_id: sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(keys.jwtSecret))
    return { token, exp }
  }

  async function sessionResponse(
    c: Context,
    user: AuthUserRow,
    sessionId: string,
    signedInAt: number,
    refreshToken: string,
    method = 'password',
  ) {
    const { token, exp } = await signAccessToken(c, user, sessionId, signedInAt, method)
    return c.json({
      access_token: token,
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: toGoTrueUser(user),
    })
  }

  /** The signed-in caller: a verified user token whose session still exists. */
  async function currentSession(
    c: Context,
  ): Promise<{ claims: JwtClaims; user: AuthUserRow; sessionId: string } | Response> {
    const token = bearer(c)
    if (!token) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    let claims: JwtClaims
    try {
      claims = await verifyJwt(keys.jwtSecret, token)
    } catch (err) {
      if (err instanceof InvalidJwtError) {
        return authError(
          c,
          403,
          'bad_jwt',
          `invalid JWT: unable to parse or verify signature, ${err.message}`,
        )
      }
      throw err
    }
    if (!claims.sub || claims.role !== 'authenticated') {
      return authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    const sessionId = str(claims.session_id)
    const session =
      sessionId && UUID.test(sessionId)
        ? (
            await db.query<SessionRow>(
              'select id::text as id, user_id::text as user_id from auth.sessions where id = $1::uuid',
              [sessionId],
            )
          ).rows[0]
        : undefined
    if (!session || session.user_id !== claims.sub) {
      // auth-js turns this code into AuthSessionMissingError: the client drops its stored session.
      return authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
    const user = await findUserById(db, claims.sub)
    if (!user) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return { claims, user, sessionId: session.id }
  }

  async function passwordGrant(c: Context, body: Record<string, unknown>) {
    const email = str(body.email)
    const password = str(body.password)
    if (str(body.phone) && !email)
      return authError(c, 400, 'phone_provider_disabled', 'Phone logins are disabled')
    if (!email || !password) {
      return authError(
        c,
        400,
        'validation_failed',
        'You must provide either an email or phone number and a password',
      )
    }
    const limitKey = `${normaliseEmail(email)}|${clientAddress(c)}`
    const wait = limiter.retryAfterSeconds(limitKey)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached')
    }
    const user = await findUserByEmail(db, email)
    // bcrypt ignores bytes after the 72nd, so a longer attempt could match a stored password's prefix.
    const ok =
      !passwordTooLong(password) && (await passwordMatches(password, user?.encrypted_password ?? null))
    if (!user || !ok) {
      limiter.recordFailure(limitKey)
      logger.info({ email: normaliseEmail(email) }, 'Failed sign-in')
      return authError(c, 400, 'invalid_credentials', 'Invalid login credentials')
    }
    if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed')
    limiter.reset(limitKey)

    const session = await db.transaction((tx) => startSession(c, tx, user.id))
    const signedIn = (await findUserById(db, user.id))!
    return sessionResponse(c, signedIn, session.id, session.signedInAt, session.refresh)
  }

  /** A new session with its first refresh token (sign-in, or a verified email link). */
  async function startSession(c: Context, tx: Queryable, userId: string) {
    const signedInAt = Math.floor(Date.now() / 1000)
    const refresh = newRefreshToken()
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.sessions (user_id, aal, user_agent, ip) values ($1::uuid, 'aal1', $2, $3) returning id::text as id`,
      [userId, c.req.header('user-agent') ?? null, clientAddress(c)],
    )
    const id = rows[0]!.id
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)',
      [refresh, userId, id],
    )
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [userId])
    return { id, signedInAt, refresh }
  }

  /**
   * Rotating refresh tokens (GoTrue's algorithm): each use revokes the presented token and issues its child
   * in the same session. A revoked token presented again within the reuse interval, whose child is still the
   * session's live token, gets that child back (a client that lost the previous reply). Any other reuse means
   * a copy is in someone else's hands, so the whole session ends.
   */
  async function refreshGrant(c: Context, body: Record<string, unknown>) {
    const presented = str(body.refresh_token)
    if (!presented) return authError(c, 400, 'validation_failed', 'refresh_token required')
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string
        user_id: string
        session_id: string
        revoked: boolean
        revoked_seconds_ago: number
        signed_in_at: string
      }>(
        `select rt.id::text as id, rt.user_id::text as user_id, rt.session_id::text as session_id, rt.revoked,
                extract(epoch from now() - rt.updated_at)::float8 as revoked_seconds_ago,
                extract(epoch from s.created_at)::bigint::text as signed_in_at
           from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
          where rt.token = $1`,
        [presented],
      )
      const row = rows[0]
      if (!row) return { kind: 'not_found' as const }
      const session = { userId: row.user_id, sessionId: row.session_id, signedInAt: Number(row.signed_in_at) }
      if (row.revoked) {
        if (row.revoked_seconds_ago <= reuseIntervalSeconds) {
          const live = await tx.query<{ token: string }>(
            'select token from auth.refresh_tokens where session_id = $1::uuid and parent = $2 and not revoked',
            [row.session_id, presented],
          )
          if (live.rows[0]) return { kind: 'rotated' as const, ...session, token: live.rows[0].token }
        }
        await endSessions(tx, 'where id = $1::uuid', [row.session_id])
        return { kind: 'reused' as const, userId: row.user_id }
      }
      // `and not revoked` makes the rotation atomic: of two concurrent uses, only one gets a row back.
      const claimed = await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked returning id',
        [row.id],
      )
      if (claimed.rows.length === 0) return { kind: 'not_found' as const }
      const next = newRefreshToken()
      await tx.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)',
        [next, row.user_id, row.session_id, presented],
      )
      await tx.query(
        'update auth.sessions set updated_at = now(), refreshed_at = now() where id = $1::uuid',
        [row.session_id],
      )
      return { kind: 'rotated' as const, ...session, token: next }
    })
    if (outcome.kind === 'not_found') {
      return authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    }
    if (outcome.kind === 'reused') {
      logger.warn({ userId: outcome.userId }, 'Refresh token reused; the session was revoked')
      return authError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }
    const user = await findUserById(db, outcome.userId)
    if (!user)
      return authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    return sessionResponse(c, user, outcome.sessionId, outcome.signedInAt, outcome.token)
  }

  app.post('/token', async (c) => {
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const grant = c.req.query('grant_type')
    if (grant === 'password') return passwordGrant(c, body)
    if (grant === 'refresh_token') return refreshGrant(c, body)
    return authError(
      c,
      400,
      'unsupported_grant_type',
      'Unsupported grant type: use password or refresh_token',
    )
  })

  app.get('/user', async (c) => {
    const current = await currentSession(c)
    if (current instanceof Response) return current
    return c.json(toGoTrueUser(current.user))
  })

  app.put('/user', async (c) => {
    const current = await currentSession(c)
    if (current instanceof Response) return current
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const { user } = current

    const sets: string[] = []
    const params: unknown[] = [user.id]
    const set = (column: string, value: unknown) => {
      params.push(value)
      sets.push(`${column} = $${params.length}`)
    }

    if (body.email !== undefined) {
      const email = str(body.email)
      if (!email || !isValidEmail(normaliseEmail(email))) {
        return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
      }
      const address = normaliseEmail(email)
      if (address !== normaliseEmail(user.email)) {
        if (await findUserByEmail(db, address)) {
          return authError(
            c,
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        // The local backend sends no confirmation mail: the change applies at once.
        set('email', address)
      }
    }
    if (body.password !== undefined) {
      const password = str(body.password)
      if (password === undefined) return authError(c, 400, 'validation_failed', 'Password must be a string')
      const reasons = passwordWeaknesses(password, minPasswordLength)
      if (reasons.length) {
        return authError(
          c,
          422,
          'weak_password',
          `Password should be at least ${minPasswordLength} characters.`,
          {
            weak_password: { reasons },
          },
        )
      }
      if (passwordTooLong(password)) {
        return authError(
          c,
          422,
          'validation_failed',
          `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
        )
      }
      if (await passwordMatches(password, user.encrypted_password)) {
        return authError(c, 422, 'same_password', 'New password should be different from the old password.')
      }
      set('encrypted_password', await hashPassword(password))
    }
    if (body.data !== undefined) {
      if (!storableObject(body.data)) {
        return authError(c, 400, 'validation_failed', 'data must be an object')
      }
      // GoTrue merges user_metadata keys; a null value removes the key.
      params.push(JSON.stringify(body.data))
      sets.push(
        `raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || $${params.length}::jsonb)`,
      )
    }
    if (sets.length) {
      await db.query(
        `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1::uuid`,
        params,
      )
    }
    return c.json(toGoTrueUser((await findUserById(db, user.id))!))
  })

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global'
    if (!['global', 'local', 'others'].includes(scope)) {
      return authError(c, 400, 'validation_failed', 'Unsupported logout scope: use global, local or others')
    }
    const current = await currentSession(c)
    if (current instanceof Response) return current
    if (scope === 'local') await endSessions(db, 'where id = $1::uuid', [current.sessionId])
    else if (scope === 'others')
      await endSessions(db, 'where user_id = $1::uuid and id <> $2::uuid', [
        current.user.id,
        current.sessionId,
      ])
    else await endSessions(db, 'where user_id = $1::uuid', [current.user.id])
    return c.body(null, 204)
  })

  // Invite and password-reset links ------------------------------------------------------------------------

  // Reset requests: one per address a minute, ten per client address in 15 minutes. Counted for every
  // address asked about, existing or not, so a refusal says nothing about who has an account.
  const recoverPerEmail = new FailedAttemptLimiter(1, 60 * 1000)
  const recoverPerClient = new FailedAttemptLimiter(10, 15 * 60 * 1000)

  function siteUrl(c: Context): string {
    return deps.mailer?.current?.siteUrl() ?? new URL(c.req.url).origin
  }

  /**
   * Where a mailed link leads: `redirect_to` when it is on the site's own origin (GoTrue's allow list),
   * else the admin route; the token and its type ride along as `token_hash` and `type`.
   */
  function linkTarget(c: Context, redirectTo: string | undefined): URL {
    const site = new URL(siteUrl(c))
    const allowedOrigins = new Set([site.origin, new URL(c.req.url).origin])
    if (redirectTo) {
      try {
        const wanted = new URL(redirectTo)
        if (allowedOrigins.has(wanted.origin)) return wanted
      } catch {
        // Not a URL: the site's admin route.
      }
    }
    return new URL(adminPath, site)
  }

  /** Issues a link token for the user (earlier links of the type stop working) and returns its URL. */
  async function issueLink(
    c: Context,
    tx: Queryable,
    user: AuthUserRow,
    type: LinkType,
    redirectTo?: string,
  ) {
    const token = randomBytes(32).toString('base64url')
    await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2', [
      user.id,
      type,
    ])
    await tx.query(
      'insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1::uuid, $2, $3, $4)',
      [user.id, type, hashLinkToken(token), user.email],
    )
    const url = linkTarget(c, redirectTo)
    url.searchParams.set('token_hash', token)
    url.searchParams.set('type', type)
    return url.toString()
  }

  /** The service role's bearer token, or the reply GoTrue gives anyone else on an admin endpoint. */
  async function requireServiceRole(c: Context): Promise<Response | null> {
    const token = bearer(c)
    if (!token) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    try {
      const claims = await verifyJwt(keys.jwtSecret, token)
      if (claims.role === 'service_role') return null
    } catch (err) {
      if (!(err instanceof InvalidJwtError)) throw err
      return authError(c, 401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`)
    }
    return authError(c, 403, 'not_admin', 'User not allowed')
  }

  app.post('/invite', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const email = normaliseEmail(str(body.email) ?? '')
    if (!isValidEmail(email))
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const data = body.data ?? {}
    if (!storableObject(data)) return authError(c, 400, 'validation_failed', 'data must be an object')
    const mailer = deps.mailer?.current
    if (!mailer) return authError(c, 500, 'unexpected_failure', 'Error sending invite email')

    const outcome = await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      // Someone with an account already accepted: GoTrue refuses to invite them again.
      if (user?.email_confirmed_at) return null
      if (user) {
        await tx.query(
          `update auth.users set invited_at = now(), raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`,
          [user.id, JSON.stringify(data)],
        )
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into auth.users (id, aud, role, email, invited_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), $2::jsonb, $3::jsonb, now(), now())
           returning id::text as id`,
          [email, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(data)],
        )
        user = (await findUserById(tx, rows[0]!.id))!
      }
      const link = await issueLink(c, tx, user, 'invite', c.req.query('redirect_to'))
      return { userId: user.id, link }
    })
    if (!outcome) {
      return authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
    }
    const role = str((data as Record<string, unknown>).role) ?? null
    try {
      await mailer.send({ kind: 'invite', to: email, link: outcome.link, role })
    } catch (err) {
      logger.error({ err }, 'Could not send an invite email')
      return authError(c, 500, 'unexpected_failure', 'Error sending invite email')
    }
    return c.json(toGoTrueUser((await findUserById(db, outcome.userId))!))
  })

  app.post('/recover', async (c) => {
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const email = normaliseEmail(str(body.email) ?? '')
    if (!isValidEmail(email))
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const client = clientAddress(c)
    const wait = Math.max(
      recoverPerEmail.retryAfterSeconds(email),
      recoverPerClient.retryAfterSeconds(client),
    )
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return authError(
        c,
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      )
    }
    recoverPerEmail.recordFailure(email)
    recoverPerClient.recordFailure(client)

    const user = await findUserByEmail(db, email)
    const mailer = deps.mailer?.current
    if (user && mailer) {
      const link = await db.transaction(async (tx) => {
        await tx.query('update auth.users set recovery_sent_at = now() where id = $1::uuid', [user.id])
        return issueLink(c, tx, user, 'recovery', c.req.query('redirect_to'))
      })
      // Not awaited: the answer takes as long, and says the same, whether or not the address has an account.
      mailer.send({ kind: 'recovery', to: user.email, link }).catch((err: unknown) => {
        logger.error({ err }, 'Could not send a password reset email')
      })
    } else if (user) {
      logger.error('A password reset was asked for, but no mailer is configured')
    }
    return c.json({})
  })

  /**
   * Uses a link token once: its row is deleted as it is read, so of two uses only one finds it. Returns the
   * user it belongs to, or null when it is unknown, of another type or expired.
   */
  async function consumeLink(tx: Queryable, token: string, type: LinkType) {
    const { rows } = await tx.query<{ user_id: string; expired: boolean }>(
      `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2
       returning user_id::text as user_id, created_at + make_interval(secs => $3) < now() as expired`,
      [hashLinkToken(token), type, linkLifetimeSeconds[type]],
    )
    const row = rows[0]
    if (!row || row.expired) return null
    // The mail reached its owner: the address is confirmed (an invite's first sign-in, or a reset).
    await tx.query(
      'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid',
      [row.user_id],
    )
    return row.user_id
  }

  async function verifyLink(c: Context, token: string | undefined, type: unknown) {
    if (!isLinkType(type)) return { error: 'unsupported' as const }
    if (!token) return { error: 'invalid' as const }
    const session = await db.transaction(async (tx) => {
      const userId = await consumeLink(tx, token, type)
      if (!userId) return null
      return { userId, ...(await startSession(c, tx, userId)) }
    })
    if (!session) return { error: 'invalid' as const }
    const user = (await findUserById(db, session.userId))!
    return { user, session, type }
  }

  app.post('/verify', async (c) => {
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const outcome = await verifyLink(c, str(body.token_hash), body.type)
    if ('error' in outcome) {
      if (outcome.error === 'unsupported')
        return authError(
          c,
          400,
          'validation_failed',
          'Verify requires a verification type of invite or recovery',
        )
      return authError(c, 403, 'otp_expired', LINK_INVALID)
    }
    const { user, session, type } = outcome
    return sessionResponse(c, user, session.id, session.signedInAt, session.refresh, type)
  })

  // The link GoTrue's default templates use: verifies, then redirects with the session in the fragment
  // (or the error), as supabase-js's detectSessionInUrl expects.
  app.get('/verify', async (c) => {
    const target = linkTarget(c, c.req.query('redirect_to'))
    target.search = ''
    const outcome = await verifyLink(c, c.req.query('token'), c.req.query('type'))
    const fragment = new URLSearchParams()
    if ('error' in outcome) {
      fragment.set('error', 'access_denied')
      fragment.set('error_code', outcome.error === 'unsupported' ? 'validation_failed' : 'otp_expired')
      fragment.set('error_description', LINK_INVALID)
    } else {
      const { user, session, type } = outcome
      const { token, exp } = await signAccessToken(c, user, session.id, session.signedInAt, type)
      fragment.set('access_token', token)
      fragment.set('expires_at', String(exp))
      fragment.set('expires_in', String(accessTokenSeconds))
      fragment.set('refresh_token', session.refresh)
      fragment.set('token_type', 'bearer')
      fragment.set('type', type)
    }
    target.hash = fragment.toString()
    return c.redirect(target.toString(), 303)
  })

  // Admin users (service role only) ----------------------------------------------------------------------

  async function userOr404(c: Context) {
    const id = c.req.param('id') ?? ''
    const user = UUID.test(id) ? await findUserById(db, id) : null
    return user ?? authError(c, 404, 'user_not_found', 'User not found')
  }

  /** Applies the attributes an admin may set (GoTrue's AdminUserParams subset); a reply when one is bad. */
  async function applyAdminAttributes(
    c: Context,
    tx: Queryable,
    userId: string,
    body: Record<string, unknown>,
  ): Promise<Response | null> {
    const sets: string[] = []
    const params: unknown[] = [userId]
    const set = (sql: string, value: unknown) => {
      params.push(value)
      sets.push(sql.replace('?', `$${params.length}`))
    }
    if (body.email !== undefined) {
      const email = normaliseEmail(str(body.email) ?? '')
      if (!isValidEmail(email))
        return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
      const other = await findUserByEmail(tx, email)
      if (other && other.id !== userId)
        return authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
      set('email = ?', email)
    }
    if (body.password !== undefined) {
      const password = str(body.password)
      if (password === undefined) return authError(c, 400, 'validation_failed', 'Password must be a string')
      if (passwordWeaknesses(password, minPasswordLength).length)
        return authError(
          c,
          422,
          'weak_password',
          `Password should be at least ${minPasswordLength} characters.`,
          {
            weak_password: { reasons: passwordWeaknesses(password, minPasswordLength) },
          },
        )
      if (passwordTooLong(password))
        return authError(
          c,
          422,
          'validation_failed',
          `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
        )
      set('encrypted_password = ?', await hashPassword(password))
    }
    if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
    for (const [key, column] of [
      ['user_metadata', 'raw_user_meta_data'],
      ['app_metadata', 'raw_app_meta_data'],
    ] as const) {
      const value = body[key]
      if (value === undefined) continue
      if (!storableObject(value)) return authError(c, 400, 'validation_failed', `${key} must be an object`)
      set(`${column} = coalesce(${column}, '{}'::jsonb) || ?::jsonb`, JSON.stringify(value))
    }
    if (sets.length)
      await tx.query(
        `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1::uuid`,
        params,
      )
    return null
  }

  app.get('/admin/users', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '', 10) || 1, 1), 1_000_000)
    const perPage = Math.min(Math.max(Number.parseInt(c.req.query('per_page') ?? '', 10) || 50, 1), 1000)
    const [{ rows }, counted] = await Promise.all([
      db.query<AuthUserRow>(
        `select ${USER_COLUMNS} from auth.users order by created_at, id limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      ),
      db.query<{ n: number }>('select count(*)::int as n from auth.users'),
    ])
    const total = counted.rows[0]!.n
    const lastPage = Math.max(Math.ceil(total / perPage), 1)
    const links: string[] = []
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`)
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users: rows.map(toGoTrueUser), aud: 'authenticated' })
  })

  app.post('/admin/users', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const email = normaliseEmail(str(body.email) ?? '')
    if (!isValidEmail(email))
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const created = await db
      .transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) return null
        const { rows } = await tx.query<{ id: string }>(
          `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2::jsonb, '{}'::jsonb, now(), now())
         returning id::text as id`,
          [email, JSON.stringify({ provider: 'email', providers: ['email'] })],
        )
        const id = rows[0]!.id
        const { email: _email, ...rest } = body
        const bad = await applyAdminAttributes(c, tx, id, rest)
        if (bad) throw new RefusedInTransaction(bad)
        return id
      })
      .catch((err: unknown) => {
        if (err instanceof RefusedInTransaction) return err.reply
        throw err
      })
    if (created === null)
      return authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
    if (created instanceof Response) return created
    return c.json(toGoTrueUser((await findUserById(db, created))!))
  })

  app.get('/admin/users/:id', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const user = await userOr404(c)
    return user instanceof Response ? user : c.json(toGoTrueUser(user))
  })

  app.put('/admin/users/:id', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const user = await userOr404(c)
    if (user instanceof Response) return user
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const bad = await applyAdminAttributes(c, db, user.id, body)
    if (bad) return bad
    return c.json(toGoTrueUser((await findUserById(db, user.id))!))
  })

  app.delete('/admin/users/:id', async (c) => {
    const refused = await requireServiceRole(c)
    if (refused) return refused
    const user = await userOr404(c)
    if (user instanceof Response) return user
    try {
      // Sessions, refresh tokens, links and (through public.editors' foreign key) the editor row go with it.
      await db.query('delete from auth.users where id = $1::uuid', [user.id])
    } catch (err) {
      // A database rule refused (the last administrator): say so rather than fail.
      const message = err instanceof Error ? err.message : String(err)
      if ((err as { code?: string }).code === 'P0001')
        return authError(c, 422, 'user_delete_refused', message)
      throw err
    }
    return c.json({})
  })

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: true,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        phone: false,
        saml: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  // HS256 projects publish no public keys; auth-js then verifies tokens through GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Meridian embedded Auth (GoTrue subset)' }),
  )

  // Public sign-up is off: editors are added with `npm run editor -- add <email>`.
  app.post('/signup', (c) => authError(c, 422, 'signup_disabled', 'Signups not allowed for this instance'))

  app.all('*', (c) =>
    authError(c, 404, 'not_found', 'This Auth endpoint is not available in the local backend'),
  )

  app.onError((err, c) => {
    if (isClientGone(err, c)) {
      logger.info({ path: c.req.path }, 'client closed the connection mid-request')
      return authError(c, 400, 'request_aborted', 'The request was closed before it arrived')
    }
    if (diskProblemOf(err)) {
      // Signing in stores a session and a refresh token: with no room for them, say why, plainly.
      logger.warn({ err, path: c.req.path }, 'Auth request failed: the data directory cannot be written')
      return authError(
        c,
        503,
        'insufficient_storage',
        "Signing in is not possible right now: the server's disk is full. Please try again later.",
      )
    }
    logger.error({ err, path: c.req.path }, 'Auth request failed')
    // A genuine server fault: 500 makes auth-js retry later and keep the session rather than drop it.
    return authError(c, 500, 'unexpected_failure', 'The request could not be processed')
  })

  return app
}
