import { createMiddleware } from 'hono/factory'
import { InvalidJwtError, verifyJwt, type LocalSupabaseKeys } from '../keys.ts'
import { authError, bearer } from './http.ts'

/**
 * Admin endpoints (`/admin/*`, `/invite`) admit the service role's bearer token only; anyone else gets the
 * reply GoTrue gives.
 */
export function requireServiceRole(keys: LocalSupabaseKeys) {
  return createMiddleware(async (c, next) => {
    const token = bearer(c)
    if (!token) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    try {
      const claims = await verifyJwt(keys.jwtSecret, token)
      if (claims.role !== 'service_role') return authError(c, 403, 'not_admin', 'User not allowed')
    } catch (err) {
      if (!(err instanceof InvalidJwtError)) throw err
      return authError(c, 401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`)
    }
    await next()
  })
}
