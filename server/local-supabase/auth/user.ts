import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { consumeNonce } from './confirmations.ts'
import type { AuthContext } from './context.ts'
import { emailFrom, emailTaken, invalidEmail } from './email.ts'
import { authError, objectBody, storableObject, str } from './http.ts'
import { newPassword } from './password-rules.ts'
import { endSessions, requireSession } from './session.ts'
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  normaliseEmail,
  passwordMatches,
  toGoTrueUser,
} from './users.ts'

const LOGOUT_SCOPES = ['global', 'local', 'others']

/** GoTrue refuses an unknown scope before it looks at the token. */
const logoutScope = createMiddleware(async (c, next) => {
  if (!LOGOUT_SCOPES.includes(c.req.query('scope') ?? 'global'))
    return authError(c, 400, 'validation_failed', 'Unsupported logout scope: use global, local or others')
  await next()
})

/** The signed-in user's own endpoints: `GET/PUT /user` and `POST /logout`. */
export function createUserRoutes(ctx: AuthContext): Hono {
  const { db, minPasswordLength } = ctx
  const session = requireSession(ctx)
  return new Hono()
    .get('/user', session, (c) => c.json(toGoTrueUser(c.get('session').user)))
    .put('/user', session, objectBody, async (c) => {
      const body = c.get('body')
      const { user } = c.get('session')

      const sets: string[] = []
      const params: unknown[] = [user.id]
      const set = (column: string, value: unknown) => {
        params.push(value)
        sets.push(`${column} = $${params.length}`)
      }

      if (body.email !== undefined) {
        const address = emailFrom(body.email)
        if (!address) return invalidEmail(c)
        if (address !== normaliseEmail(user.email)) {
          if (await findUserByEmail(db, address)) return emailTaken(c)
          // The local backend sends no confirmation mail: the change applies at once.
          set('email', address)
        }
      }
      if (body.password !== undefined) {
        const checked = newPassword(c, body.password, minPasswordLength)
        if (!checked.ok) return checked.refusal
        const { password } = checked
        if (await passwordMatches(password, user.encrypted_password)) {
          return authError(c, 422, 'same_password', 'New password should be different from the old password.')
        }
        // A code from /reauthenticate, when given, must be the one mailed (GoTrue's `nonce`).
        if (body.nonce !== undefined) {
          const nonce = str(body.nonce)
          if (!nonce || !(await consumeNonce(db, user.id, user.email, nonce)))
            return authError(c, 400, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
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
    .post('/logout', logoutScope, session, async (c) => {
      const scope = c.req.query('scope') ?? 'global'
      const current = c.get('session')
      if (scope === 'local') await endSessions(db, 'where id = $1::uuid', [current.sessionId])
      else if (scope === 'others')
        await endSessions(db, 'where user_id = $1::uuid and id <> $2::uuid', [
          current.user.id,
          current.sessionId,
        ])
      else await endSessions(db, 'where user_id = $1::uuid', [current.user.id])
      return c.body(null, 204)
    })
}
