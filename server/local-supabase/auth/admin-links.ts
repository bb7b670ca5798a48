import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { emailFrom, emailTaken, invalidEmail } from './email.ts'
import { authError, objectBody, orRefusal, RefusedInTransaction, storableObject, str } from './http.ts'
import { issueLinkToken, type LinkType } from './link-tokens.ts'
import { linkTarget, verifyLinkUrl } from './links.ts'
import { passwordRefusal } from './password-rules.ts'
import { requireServiceRole } from './service-role.ts'
import { findUserByEmail, findUserById, hashPassword, insertEmailUser, toGoTrueUser } from './users.ts'

const GENERATED_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]

/**
 * `POST /admin/generate_link` (GoTrue's): makes the link a mail would carry, without sending it, and returns
 * the user with `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`. A magic
 * link for an unknown address signs that address up (with a random password), as GoTrue does.
 */
export function createAdminLinkRoutes(ctx: AuthContext): Hono {
  const { db, minPasswordLength } = ctx
  return new Hono().post('/admin/generate_link', requireServiceRole(ctx.keys), objectBody, async (c) => {
    const body = c.get('body')
    const email = emailFrom(body.email)
    if (!email) return invalidEmail(c)
    let type = str(body.type) ?? ''
    if (!GENERATED_TYPES.includes(type))
      return authError(c, 400, 'validation_failed', `Invalid email action link type requested: ${type}`)
    if (type === 'email_change_current')
      return authError(
        c,
        400,
        'validation_failed',
        'Enable secure email change to generate link for current email',
      )
    const data = body.data ?? {}
    if (!storableObject(data)) return authError(c, 400, 'validation_failed', 'data must be an object')
    let password = str(body.password)
    const redirect = linkTarget(ctx, c, str(body.redirect_to))
    redirect.search = ''

    const existing = await findUserByEmail(db, email)
    if (!existing) {
      if (type === 'magiclink') {
        type = 'signup'
        password = randomBytes(48).toString('base64url').slice(0, 64)
      } else if (type === 'recovery' || type === 'email_change_new')
        return authError(c, 404, 'user_not_found', 'User with this email not found')
    }
    if (type === 'signup' && !existing) {
      if (!password) return authError(c, 422, 'validation_failed', 'Signup requires a valid password')
      const refused = passwordRefusal(c, password, minPasswordLength)
      if (refused) return refused
    }
    const newEmail = emailFrom(body.new_email) ?? ''
    if (type === 'email_change_new' && !newEmail) return invalidEmail(c)
    const hash = type === 'signup' && !existing && password ? await hashPassword(password) : null
    const linkType: LinkType = type === 'email_change_new' ? 'email_change' : (type as LinkType)

    const outcome = await orRefusal(
      db.transaction(async (tx) => {
        const userId =
          existing?.id ??
          (await insertEmailUser(tx, email, {
            passwordHash: hash,
            invited: type === 'invite',
            userMetadata: data,
          }))
        if ((type === 'signup' || type === 'invite') && existing?.email_confirmed_at)
          throw new RefusedInTransaction(emailTaken(c))
        let relatesTo = email
        if (type === 'signup') {
          if (existing)
            await tx.query(
              `update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb where id = $1::uuid`,
              [userId, JSON.stringify(data)],
            )
          await tx.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [userId])
        } else if (type === 'invite') {
          await tx.query(
            'update auth.users set invited_at = now(), confirmation_sent_at = now() where id = $1::uuid',
            [userId],
          )
        } else if (type === 'magiclink' || type === 'recovery') {
          await tx.query('update auth.users set recovery_sent_at = now() where id = $1::uuid', [userId])
        } else {
          const other = await findUserByEmail(tx, newEmail)
          if (other) throw new RefusedInTransaction(emailTaken(c))
          await tx.query(
            'update auth.users set email_change = $2, email_change_sent_at = now() where id = $1::uuid',
            [userId, newEmail],
          )
          relatesTo = newEmail
        }
        const issued = await issueLinkToken(tx, userId, linkType, relatesTo, { withOtp: true })
        return { userId, ...issued }
      }),
    )
    if (outcome instanceof Response) return outcome
    const user = (await findUserById(db, outcome.userId))!
    return c.json({
      ...toGoTrueUser(user),
      action_link: verifyLinkUrl(c, outcome.token, linkType, redirect),
      email_otp: outcome.otp,
      hashed_token: outcome.token,
      verification_type: type,
      redirect_to: redirect.toString(),
    })
  })
}
