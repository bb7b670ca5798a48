import { randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { SignJWT } from 'jose'
import type { AuthContext } from './context.ts'
import { clientKey } from '../../http/pipeline.ts'
import { authError, clientAddress, objectBody, str } from './http.ts'
import { passwordThread } from './password-thread.ts'
import { endSessions } from './session.ts'
import {
  findUserByEmail,
  findUserById,
  isBanned,
  normaliseEmail,
  passwordMatches,
  passwordTooLong,
  toGoTrueUser,
  type AuthUserRow,
  type Queryable,
} from './users.ts'

/**
 * Stored as issued, like GoTrue: the reuse interval must hand a retrying client the token it missed.
 * (Hashing them would protect little: the JWT secret lives in the same data directory.)
 */
function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

/** A user's access token for a session (a JWT with GoTrue's claims). */
export async function signUserToken(
  ctx: AuthContext,
  c: Context,
  user: AuthUserRow,
  sessionId: string,
  signedInAt: number,
  method = 'password',
) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ctx.accessTokenSeconds
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
    .sign(new TextEncoder().encode(ctx.keys.jwtSecret))
  return { token, exp }
}

/** GoTrue's session reply: tokens and the user. */
export async function sessionResponse(
  ctx: AuthContext,
  c: Context,
  user: AuthUserRow,
  session: NewSession,
  method = 'password',
) {
  const { token, exp } = await signUserToken(ctx, c, user, session.id, session.signedInAt, method)
  return c.json({
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.accessTokenSeconds,
    expires_at: exp,
    refresh_token: session.refresh,
    user: toGoTrueUser(user),
  })
}

export interface NewSession {
  id: string
  signedInAt: number
  refresh: string
}

/** A new session with its first refresh token (sign-in, or a verified email link). */
export async function startSession(
  c: Context,
  tx: Queryable,
  userId: string,
  trustProxy: boolean,
): Promise<NewSession> {
  const signedInAt = Math.floor(Date.now() / 1000)
  const refresh = newRefreshToken()
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, aal, user_agent, ip) values ($1::uuid, 'aal1', $2, $3) returning id::text as id`,
    [userId, c.req.header('user-agent') ?? null, clientAddress(c, trustProxy)],
  )
  const id = rows[0]!.id
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)',
    [refresh, userId, id],
  )
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [userId])
  return { id, signedInAt, refresh }
}

// Password checks waiting for the password thread beyond which a sign-in is told to come back (~3 s of
// work): under a flood from more addresses than the limits can tell apart, sign-ins answer at once instead
// of queueing without end.
const MAX_WAITING_CHECKS = 32

async function passwordGrant(ctx: AuthContext, c: Context, body: Record<string, unknown>) {
  const { db, logger, signInLimits } = ctx
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
  const account = normaliseEmail(email)
  const address = clientKey(c, ctx.trustProxy)
  // Counted before the password is checked, the same way whether or not the account exists.
  const attempt =
    passwordThread.waiting >= MAX_WAITING_CHECKS
      ? { ok: false as const, retryAfterSeconds: 1 }
      : await signInLimits.take(account, address)
  if (!attempt.ok) {
    c.header('Retry-After', String(attempt.retryAfterSeconds))
    return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached')
  }
  const user = await findUserByEmail(db, email)
  // bcrypt ignores bytes after the 72nd, so a longer attempt could match a stored password's prefix.
  const ok = !passwordTooLong(password) && (await passwordMatches(password, user?.encrypted_password ?? null))
  if (!user || !ok) {
    logger.info({ email: account }, 'Failed sign-in')
    return authError(c, 400, 'invalid_credentials', 'Invalid login credentials')
  }
  // The right password: its owner's earlier mistakes are forgotten.
  await signInLimits.succeeded(account, address)
  if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed')
  if (isBanned(user)) return authError(c, 400, 'user_banned', 'User is banned')

  const session = await db.transaction((tx) => startSession(c, tx, user.id, ctx.trustProxy))
  const signedIn = (await findUserById(db, user.id))!
  return sessionResponse(ctx, c, signedIn, session)
}

/**
 * Rotating refresh tokens (GoTrue's algorithm): each use revokes the presented token and issues its child
 * in the same session. A revoked token presented again within the reuse interval, whose child is still the
 * session's live token, gets that child back (a client that lost the previous reply). Any other reuse means
 * a copy is in someone else's hands, so the whole session ends.
 */
async function refreshGrant(ctx: AuthContext, c: Context, body: Record<string, unknown>) {
  const { db, logger, reuseIntervalSeconds } = ctx
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
    await tx.query('update auth.sessions set updated_at = now(), refreshed_at = now() where id = $1::uuid', [
      row.session_id,
    ])
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
  if (isBanned(user)) return authError(c, 400, 'user_banned', 'Invalid Refresh Token: User Banned')
  return sessionResponse(ctx, c, user, {
    id: outcome.sessionId,
    signedInAt: outcome.signedInAt,
    refresh: outcome.token,
  })
}

/** `POST /token`: the password and refresh-token grants. */
export function createTokenRoutes(ctx: AuthContext): Hono {
  return new Hono().post('/token', objectBody, async (c) => {
    const body = c.get('body')
    const grant = c.req.query('grant_type')
    if (grant === 'password') return passwordGrant(ctx, c, body)
    if (grant === 'refresh_token') return refreshGrant(ctx, c, body)
    return authError(
      c,
      400,
      'unsupported_grant_type',
      'Unsupported grant type: use password or refresh_token',
    )
  })
}
