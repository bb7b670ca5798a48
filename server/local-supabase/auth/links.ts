import { Hono, type Context } from 'hono'
import { adminPath } from '../../../shared/config/brand.ts'
import type { AuthContext } from './context.ts'
import { emailFrom, emailTaken, invalidEmail } from './email.ts'
import { authError, clientAddress, objectBody, storableObject, str } from './http.ts'
import {
  consumeLinkToken,
  hashLinkToken,
  issueLinkToken,
  linkTypesFor,
  otpHash,
  VERIFY_TYPES,
} from './link-tokens.ts'
import { FailedAttemptLimiter } from './rate-limit.ts'
import { requireServiceRole } from './service-role.ts'
import { sessionResponse, signUserToken, startSession } from './tokens.ts'
import {
  findUserByEmail,
  findUserById,
  insertEmailUser,
  normaliseEmail,
  toGoTrueUser,
  type AuthUserRow,
  type Queryable,
} from './users.ts'

const LINK_INVALID = 'Email link is invalid or has expired'
const OTP_INVALID = 'Token has expired or is invalid'

function siteUrl(ctx: AuthContext, c: Context): string {
  return ctx.mailer.current?.siteUrl() ?? new URL(c.req.url).origin
}

/**
 * Where a mailed link leads: `redirect_to` when it is on the site's own origin (GoTrue's allow list),
 * else the admin route; the token and its type ride along as `token_hash` and `type`.
 */
export function linkTarget(ctx: AuthContext, c: Context, redirectTo: string | undefined): URL {
  const site = new URL(siteUrl(ctx, c))
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

/** GoTrue's own link (`/auth/v1/verify`): it verifies, then redirects to `redirect` signed in. */
export function verifyLinkUrl(c: Context, token: string, type: string, redirect: URL): string {
  const action = new URL('/auth/v1/verify', new URL(c.req.url).origin)
  action.searchParams.set('token', token)
  action.searchParams.set('type', type)
  action.searchParams.set('redirect_to', redirect.toString())
  return action.toString()
}

/** Issues a link token for the user (earlier links of the type stop working) and returns its URL. */
async function issueLink(
  ctx: AuthContext,
  c: Context,
  tx: Queryable,
  user: AuthUserRow,
  type: 'invite' | 'recovery',
  redirectTo?: string,
) {
  const { token } = await issueLinkToken(tx, user.id, type, user.email)
  const url = linkTarget(ctx, c, redirectTo)
  url.searchParams.set('token_hash', token)
  url.searchParams.set('type', type)
  return url.toString()
}

async function verifyLink(ctx: AuthContext, c: Context, tokenHash: string | null, type: unknown) {
  const types = linkTypesFor(type)
  if (!types) return { error: 'unsupported' as const }
  if (!tokenHash) return { error: 'invalid' as const }
  const session = await ctx.db.transaction(async (tx) => {
    const used = await consumeLinkToken(tx, tokenHash, types)
    if (!used) return null
    return { ...used, ...(await startSession(c, tx, used.userId, ctx.trustProxy)) }
  })
  if (!session) return { error: 'invalid' as const }
  const user = (await findUserById(ctx.db, session.userId))!
  return { user, session, type: session.type }
}

/** Invite and password-reset links: `POST /invite` (service role), `POST /recover`, `POST|GET /verify`. */
export function createLinkRoutes(ctx: AuthContext): Hono {
  const { db, logger } = ctx
  // Reset requests: one per address a minute, ten per client address in 15 minutes. Counted for every
  // address asked about, existing or not, so a refusal says nothing about who has an account.
  const recoverPerEmail = new FailedAttemptLimiter(1, 60 * 1000)
  const recoverPerClient = new FailedAttemptLimiter(10, 15 * 60 * 1000)

  const app = new Hono()

  app.post('/invite', requireServiceRole(ctx.keys), objectBody, async (c) => {
    const body = c.get('body')
    const email = emailFrom(body.email)
    if (!email) return invalidEmail(c)
    const data = body.data ?? {}
    if (!storableObject(data)) return authError(c, 400, 'validation_failed', 'data must be an object')
    const mailer = ctx.mailer.current
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
        const id = await insertEmailUser(tx, email, { invited: true, userMetadata: data })
        user = (await findUserById(tx, id))!
      }
      const link = await issueLink(ctx, c, tx, user, 'invite', c.req.query('redirect_to'))
      return { userId: user.id, link }
    })
    if (!outcome) return emailTaken(c)
    const role = str((data as Record<string, unknown>).role) ?? null
    try {
      await mailer.send({ kind: 'invite', to: email, link: outcome.link, role })
    } catch (err) {
      logger.error({ err }, 'Could not send an invite email')
      return authError(c, 500, 'unexpected_failure', 'Error sending invite email')
    }
    return c.json(toGoTrueUser((await findUserById(db, outcome.userId))!))
  })

  app.post('/recover', objectBody, async (c) => {
    const body = c.get('body')
    const email = emailFrom(body.email)
    if (!email) return invalidEmail(c)
    const client = clientAddress(c, ctx.trustProxy)
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
    const mailer = ctx.mailer.current
    if (user && mailer) {
      const link = await db.transaction(async (tx) => {
        await tx.query('update auth.users set recovery_sent_at = now() where id = $1::uuid', [user.id])
        return issueLink(ctx, c, tx, user, 'recovery', c.req.query('redirect_to'))
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

  // Wrong six-digit codes per address: ten in 15 minutes, then every attempt waits.
  const otpFailures = new FailedAttemptLimiter(10, 15 * 60 * 1000)

  app.post('/verify', objectBody, async (c) => {
    const body = c.get('body')
    const email = str(body.email)
    const otp = str(body.token)
    const byCode = !str(body.token_hash) && email !== undefined && otp !== undefined
    const limitKey = byCode ? normaliseEmail(email) : ''
    if (byCode) {
      const wait = otpFailures.retryAfterSeconds(limitKey)
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached')
      }
    }
    const hash = byCode
      ? otpHash(email, otp)
      : str(body.token_hash)
        ? hashLinkToken(str(body.token_hash)!)
        : null
    const outcome = await verifyLink(ctx, c, hash, body.type)
    if ('error' in outcome) {
      if (outcome.error === 'unsupported')
        return authError(
          c,
          400,
          'validation_failed',
          `Verify requires a verification type of ${VERIFY_TYPES.join(', ')}`,
        )
      if (byCode) {
        otpFailures.recordFailure(limitKey)
        return authError(c, 403, 'otp_expired', OTP_INVALID)
      }
      return authError(c, 403, 'otp_expired', LINK_INVALID)
    }
    const { user, session, type } = outcome
    return sessionResponse(ctx, c, user, session, type)
  })

  // The link GoTrue's default templates use: verifies, then redirects with the session in the fragment
  // (or the error), as supabase-js's detectSessionInUrl expects.
  app.get('/verify', async (c) => {
    const target = linkTarget(ctx, c, c.req.query('redirect_to'))
    target.search = ''
    const token = c.req.query('token')
    const outcome = await verifyLink(ctx, c, token ? hashLinkToken(token) : null, c.req.query('type'))
    const fragment = new URLSearchParams()
    if ('error' in outcome) {
      fragment.set('error', 'access_denied')
      fragment.set('error_code', outcome.error === 'unsupported' ? 'validation_failed' : 'otp_expired')
      fragment.set('error_description', LINK_INVALID)
    } else {
      const { user, session, type } = outcome
      const { token, exp } = await signUserToken(ctx, c, user, session.id, session.signedInAt, type)
      fragment.set('access_token', token)
      fragment.set('expires_at', String(exp))
      fragment.set('expires_in', String(ctx.accessTokenSeconds))
      fragment.set('refresh_token', session.refresh)
      fragment.set('token_type', 'bearer')
      fragment.set('type', type)
    }
    target.hash = fragment.toString()
    return c.redirect(target.toString(), 303)
  })

  return app
}
