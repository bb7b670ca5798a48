import { randomInt } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { AuthContext, AuthMail } from './context.ts'
import { invalidEmail } from './email.ts'
import { authError, clientAddress, objectBody, str } from './http.ts'
import { issueLinkToken, otpHash } from './link-tokens.ts'
import { linkTarget, verifyLinkUrl } from './links.ts'
import { FailedAttemptLimiter } from './rate-limit.ts'
import { requireSession } from './session.ts'
import { findUserByEmail, isValidEmail, normaliseEmail, type Queryable } from './users.ts'

const NONCE_SECONDS = 3600

/** Whether `nonce` is the code `/reauthenticate` last mailed the user (used up if so). */
export async function consumeNonce(
  tx: Queryable,
  userId: string,
  email: string,
  nonce: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ expired: boolean }>(
    `delete from auth.one_time_tokens where user_id = $1::uuid and token_type = 'reauthentication' and token_hash = $2
     returning created_at + make_interval(secs => $3) < now() as expired`,
    [userId, otpHash(email, nonce), NONCE_SECONDS],
  )
  return rows.length > 0 && !rows[0]!.expired
}

/**
 * `POST /resend` (a sign-up confirmation again, or the new address's email-change link; an invited user who
 * has not accepted gets the invitation again) and `GET /reauthenticate` (a six-digit code for the signed-in
 * user, which `PUT /user` then takes as `nonce`). Both answer `{}` and mail without being awaited, so the answer
 * says nothing about which addresses have accounts.
 */
export function createConfirmationRoutes(ctx: AuthContext): Hono {
  const { db, logger } = ctx
  // One mail per address a minute, ten per client address in 15 minutes (as for password resets).
  const perEmail = new FailedAttemptLimiter(1, 60 * 1000)
  const perClient = new FailedAttemptLimiter(10, 15 * 60 * 1000)

  function overLimit(c: Context, email: string) {
    const wait = Math.max(
      perEmail.retryAfterSeconds(email),
      perClient.retryAfterSeconds(clientAddress(c, ctx.trustProxy)),
    )
    if (wait === 0) {
      perEmail.recordFailure(email)
      perClient.recordFailure(clientAddress(c, ctx.trustProxy))
      return null
    }
    c.header('Retry-After', String(wait))
    return authError(
      c,
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    )
  }

  function send(mail: AuthMail) {
    const mailer = ctx.mailer.current
    if (!mailer) {
      logger.error({ kind: mail.kind }, 'An auth mail was asked for, but no mailer is configured')
      return
    }
    mailer
      .send(mail)
      .catch((err: unknown) => logger.error({ err, kind: mail.kind }, 'Could not send an auth mail'))
  }

  const app = new Hono()

  app.post('/resend', objectBody, async (c) => {
    const body = c.get('body')
    const type = str(body.type)
    if (type === 'sms' || type === 'phone_change')
      return authError(c, 400, 'phone_provider_disabled', 'Phone logins are disabled')
    if (type !== 'signup' && type !== 'email_change')
      return authError(
        c,
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      )
    const email = normaliseEmail(str(body.email) ?? '')
    if (!email) return authError(c, 400, 'validation_failed', 'Missing email address or phone number')
    if (!isValidEmail(email)) return invalidEmail(c)
    const refused = overLimit(c, email)
    if (refused) return refused

    const user = await findUserByEmail(db, email)
    const redirect = linkTarget(
      ctx,
      c,
      str(body.options && (body.options as Record<string, unknown>).email_redirect_to) ??
        c.req.query('redirect_to'),
    )
    if (type === 'signup' && user && !user.email_confirmed_at) {
      if (user.invited_at) {
        // Not yet accepted: the invitation again, to the admin route that sets a password.
        const invite = await db.transaction(async (tx) => {
          await tx.query('update auth.users set invited_at = now() where id = $1::uuid', [user.id])
          return issueLinkToken(tx, user.id, 'invite', user.email)
        })
        const link = linkTarget(ctx, c, undefined)
        link.searchParams.set('token_hash', invite.token)
        link.searchParams.set('type', 'invite')
        const role = str(user.raw_user_meta_data?.role) ?? null
        send({ kind: 'invite', to: user.email, link: link.toString(), role })
      } else {
        const { token } = await db.transaction(async (tx) => {
          await tx.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [user.id])
          return issueLinkToken(tx, user.id, 'signup', user.email)
        })
        send({ kind: 'confirmation', to: user.email, link: verifyLinkUrl(c, token, 'signup', redirect) })
      }
    } else if (type === 'email_change' && user?.email_change) {
      const newEmail = user.email_change
      const { token } = await db.transaction(async (tx) => {
        await tx.query('update auth.users set email_change_sent_at = now() where id = $1::uuid', [user.id])
        return issueLinkToken(tx, user.id, 'email_change', newEmail)
      })
      send({ kind: 'email_change', to: newEmail, link: verifyLinkUrl(c, token, 'email_change', redirect) })
    }
    return c.json({})
  })

  app.get('/reauthenticate', requireSession(ctx), async (c) => {
    const { user } = c.get('session')
    const refused = overLimit(c, normaliseEmail(user.email))
    if (refused) return refused
    const nonce = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await db.transaction(async (tx) => {
      await tx.query(
        `delete from auth.one_time_tokens where user_id = $1::uuid and token_type = 'reauthentication'`,
        [user.id],
      )
      await tx.query(
        `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1::uuid, 'reauthentication', $2, $3)`,
        [user.id, otpHash(user.email, nonce), user.email],
      )
    })
    send({ kind: 'reauthentication', to: user.email, code: nonce })
    return c.json({})
  })

  return app
}
