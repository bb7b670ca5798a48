import type { Context } from 'hono'
import { authError } from './http.ts'
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
