import type { Context } from 'hono'
import { authError, str } from './http.ts'
import { MAX_PASSWORD_BYTES, passwordTooLong, passwordWeaknesses } from './users.ts'

/** GoTrue's refusal of a new password too weak or longer than bcrypt reads; null when it will do. */
export function passwordRefusal(c: Context, password: string, minLength: number) {
  const reasons = passwordWeaknesses(password, minLength)
  if (reasons.length)
    return authError(c, 422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons },
    })
  if (passwordTooLong(password))
    return authError(
      c,
      422,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    )
  return null
}

/** A new password from a request body, or GoTrue's refusal of it (not a string, too weak or too long). */
export function newPassword(
  c: Context,
  value: unknown,
  minLength: number,
): { ok: true; password: string } | { ok: false; refusal: Response } {
  const password = str(value)
  if (password === undefined)
    return { ok: false, refusal: authError(c, 400, 'validation_failed', 'Password must be a string') }
  const refusal = passwordRefusal(c, password, minLength)
  return refusal ? { ok: false, refusal } : { ok: true, password }
}
