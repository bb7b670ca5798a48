import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { clientIp } from '../../http/pipeline.ts'

export type AuthErrorStatus = 400 | 401 | 403 | 404 | 422 | 429 | 500 | 503

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** GoTrue's error body: `code` is what auth-js exposes as `error.code`, `msg`/`message` as `error.message`. */
export function authError(
  c: Context,
  status: AuthErrorStatus,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  c.header('X-Sb-Error-Code', code)
  return c.json({ code, error_code: code, msg: message, message, ...extra }, status)
}

/** The client's address as the rest of the server takes it: X-Forwarded-For counts only with TRUST_PROXY. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  return clientIp(c, trustProxy)
}

export function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match ? match[1]! : null
}

/** Reads a JSON (or form-encoded, which GoTrue also accepts) object body; null when it is not one. */
async function readBody(c: Context): Promise<Record<string, unknown> | null> {
  const type = c.req.header('content-type') ?? ''
  try {
    const text = await c.req.text()
    if (type.includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text))
    if (text.trim() === '') return {}
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** The request's object body on `c.var.body`, or GoTrue's `bad_json` refusal. */
export const objectBody = createMiddleware<{ Variables: { body: Record<string, unknown> } }>(
  async (c, next) => {
    const body = await readBody(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    c.set('body', body)
    await next()
  },
)

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** A JSON object Postgres can store as jsonb (which refuses the NUL character anywhere in it). */
export const storableObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !JSON.stringify(value).includes('\\u0000')

/** Carries a refusal out of a transaction so it rolls back and the caller still answers with it. */
export class RefusedInTransaction extends Error {
  constructor(readonly reply: Response) {
    super('refused')
  }
}

/** Runs `work`; a RefusedInTransaction thrown inside becomes its reply. */
export async function orRefusal<T>(work: Promise<T>): Promise<T | Response> {
  try {
    return await work
  } catch (err) {
    if (err instanceof RefusedInTransaction) return err.reply
    throw err
  }
}
