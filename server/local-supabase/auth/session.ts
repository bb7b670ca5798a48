import { createMiddleware } from 'hono/factory'
import { InvalidJwtError, verifyJwt, type JwtClaims } from '../keys.ts'
import type { AuthContext } from './context.ts'
import { authError, bearer, str, UUID } from './http.ts'
import { findUserById, type AuthUserRow, type Queryable } from './users.ts'

/** The signed-in caller of an endpoint behind `requireSession`. */
export interface CurrentSession {
  claims: JwtClaims
  user: AuthUserRow
  sessionId: string
}

/** Deletes sessions; their refresh tokens go with them (foreign key on delete cascade). */
export async function endSessions(tx: Queryable, where: string, params: unknown[]) {
  await tx.query(`delete from auth.sessions ${where}`, params)
}

/** Admits a verified user token whose session still exists, and puts it on `c.var.session`. */
export function requireSession({ db, keys }: AuthContext) {
  return createMiddleware<{ Variables: { session: CurrentSession } }>(async (c, next) => {
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
            await db.query<{ id: string; user_id: string }>(
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
    c.set('session', { claims, user, sessionId: session.id })
    await next()
  })
}
