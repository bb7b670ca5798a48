import type { Context } from 'hono'
import { authError } from './http.ts'
import { isValidEmail, normaliseEmail } from './users.ts'

/** The address a request field holds, trimmed and lower-cased; null when it holds none. */
export function emailFrom(value: unknown): string | null {
  const email = normaliseEmail(typeof value === 'string' ? value : '')
  return isValidEmail(email) ? email : null
}

/** GoTrue's refusal of a field that holds no address. */
export const invalidEmail = (c: Context) =>
  authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')

/** GoTrue's refusal of an address another user already has. */
export const emailTaken = (c: Context) =>
  authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
