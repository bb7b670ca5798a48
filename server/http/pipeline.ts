import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, Env, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { normaliseInput } from '../../shared/schemas/text.ts'
import { addressKey } from '../address-key.ts'
import type { Env as ServerEnv } from '../config/env.ts'
import { tooManyRequestsMessage, type RateLimitName, type RateLimits } from '../rate-limits.ts'
import { readBodyUpTo } from '../request-body.ts'

/**
 * The request pipeline every `/api` and email-service endpoint goes through: who the client is, its body
 * read within a size limit, every string normalised (NFC) and checked (no control or broken characters),
 * the endpoint's shared zod schema, rate limits, and the shape of every refusal. Bad input always ends in
 * a 4xx with a message per field, never in a 5xx.
 */

/**
 * The client address for rate limits. X-Forwarded-For is trivially forged, so it counts only with
 * TRUST_PROXY (a reverse proxy in front appends the real peer as the last hop).
 */
/** What the pipeline needs of the server: its rate limits and whether a proxy's addresses are trusted. */
export interface PipelineContext {
  rateLimits: Pick<RateLimits, 'take'>
  env: Pick<ServerEnv, 'TRUST_PROXY'>
}

export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * How an endpoint's refusals look. The email endpoints answer `{ success: false, message }` (spec §7 reads
 * the success flag); the others `{ message }`. Both add `fieldErrors` for a body that failed its schema.
 */
export type ReplyShape = 'message' | 'success-flag'

export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  shape: ReplyShape = 'message',
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ ...(shape === 'success-flag' ? { success: false } : {}), message, ...extra }, status)
}

/** The request's body stopped arriving: the client went away (logged below error level, see app.ts). */
export class ClientGoneError extends Error {
  constructor(cause: unknown) {
    super('The client closed the connection before its request body arrived', { cause })
    this.name = 'ClientGoneError'
  }
}

export interface BodyOptions {
  /** Largest accepted body in bytes (413 above it). */
  maxBytes: number
  shape?: ReplyShape
  /** The 413 message (default: "The request is too large."). */
  tooLargeMessage?: string
}

export const invalidFieldsMessage = 'Please correct the highlighted fields and try again.'

/** Reads the raw body, refusing anything over `maxBytes` without buffering it. */
async function readBytes(c: Context, maxBytes: number): Promise<Uint8Array | 'too-large'> {
  try {
    return (await readBodyUpTo(c.req.raw, maxBytes)) ?? 'too-large'
  } catch (err) {
    throw new ClientGoneError(err)
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A JSON object, or a form (urlencoded or multipart: its text fields), as a plain object. */
async function decode(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string }> {
  const type = contentType.split(';')[0].trim().toLowerCase()
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'Content-Type': contentType },
      }).formData()
      const fields: Record<string, unknown> = {}
      for (const [key, value] of form) if (typeof value === 'string') fields[key] = value
      return { ok: true, value: fields }
    } catch {
      return { ok: false, message: 'The form data could not be read.' }
    }
  }
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return { ok: false, message: 'The request body must be UTF-8 text.' }
  }
  if (type === 'application/x-www-form-urlencoded')
    return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) }
  // No body at all: nothing was sent, so every required field is missing (the schema says which).
  if (text.trim() === '') return { ok: true, value: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, message: 'The request body must be JSON.' }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: 'The request body must be a JSON object.' }
  return { ok: true, value: parsed as Record<string, unknown> }
}

/** Field messages keyed by the top-level field (`form` for the body as a whole). */
function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form'
    const messages = (fieldErrors[key] ??= [])
    if (!messages.includes(issue.message)) messages.push(issue.message)
  }
  return fieldErrors
}

/** Why an input was refused, before it becomes a reply (JSON for the API, a page for an HTML form). */
export interface InputRefusal {
  ok: false
  status: 400 | 413
  message: string
  /** Messages per field, when the body was read but some fields failed. */
  fieldErrors?: Record<string, string[]>
  /** The fields as sent, when the body could be read (an HTML form shows them again). */
  sent?: Record<string, unknown>
}

function invalidInput(
  issues: { path: PropertyKey[]; message: string }[],
  sent?: Record<string, unknown>,
): InputRefusal {
  // One problem: say it; several: point at the fields.
  const message = issues.length === 1 ? issues[0].message : invalidFieldsMessage
  return { ok: false, status: 400, message, fieldErrors: fieldErrorsOf(issues), sent }
}

/** The JSON reply of a refused input (400 or 413, `fieldErrors` when there are any). */
export function refuseInput(c: Context, refusal: InputRefusal, shape: ReplyShape = 'message'): Response {
  return refuse(
    c,
    refusal.status,
    refusal.message,
    shape,
    refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {},
  )
}

/**
 * The request body as a normalised object: within the size limit, JSON or a form, every string NFC and
 * free of control and broken characters; or why not, for the caller to answer in its own format.
 */
export async function readFields(
  c: Context,
  options: Omit<BodyOptions, 'shape'>,
): Promise<{ ok: true; value: Record<string, unknown> } | InputRefusal> {
  const bytes = await readBytes(c, options.maxBytes)
  if (bytes === 'too-large')
    return { ok: false, status: 413, message: options.tooLargeMessage ?? 'The request is too large.' }
  const decoded = await decode(bytes, c.req.header('Content-Type') ?? '')
  if (!decoded.ok) return { ok: false, status: 400, message: decoded.message }
  const { value, issues } = normaliseInput(decoded.value)
  if (issues.length > 0) return invalidInput(issues, decoded.value)
  return { ok: true, value: value as Record<string, unknown> }
}

/** Checks an already-read input against a shared schema: its data, or the refusal with field messages. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | InputRefusal {
  const parsed = schema.safeParse(input)
  if (!parsed.success) return invalidInput(parsed.error.issues)
  return { ok: true, data: parsed.data }
}

/** What the validation middlewares put on the context: the endpoint's input, `c.get('input')`. */
export type InputEnv<T> = { Variables: { input: T } }

/**
 * The request body as a normalised object (see `readFields`), on the context as `input`; a refusal (400,
 * 413) answers the request. For an endpoint that checks the fields itself (a lead: the honeypot first).
 */
export function bodyFields(options: BodyOptions): MiddlewareHandler<InputEnv<Record<string, unknown>>> {
  return async (c, next) => {
    const read = await readFields(c, options)
    if (!read.ok) return refuseInput(c, read, options.shape)
    c.set('input', read.value)
    await next()
  }
}

/**
 * The request body (see `readFields`) checked against the endpoint's shared schema, on the context as
 * `input`; otherwise a 400 with a message per field (413 when too large). `pick` chooses what is checked
 * from the fields and the request (default: the fields).
 */
export function validBody<S extends z.ZodType>(
  schema: S,
  options: BodyOptions & { pick?: (fields: Record<string, unknown>, c: Context) => unknown },
): MiddlewareHandler<InputEnv<z.output<S>>> {
  return async (c, next) => {
    const read = await readFields(c, options)
    if (!read.ok) return refuseInput(c, read, options.shape)
    const checked = check(schema, options.pick ? options.pick(read.value, c) : read.value)
    if (!checked.ok) return refuseInput(c, checked, options.shape)
    c.set('input', checked.data)
    await next()
  }
}

/**
 * Parts of the URL (`pick`: the query, a path parameter) checked against the endpoint's shared schema, on
 * the context as `input`; otherwise a 400 with a message per field.
 */
export function validUrl<S extends z.ZodType>(
  schema: S,
  pick: (c: Context) => unknown,
): MiddlewareHandler<InputEnv<z.output<S>>> {
  return async (c, next) => {
    const checked = check(schema, pick(c))
    if (!checked.ok) return refuseInput(c, checked)
    c.set('input', checked.data)
    await next()
  }
}

/**
 * Counts one request under a rate-limit rule, keyed by `keyOf` (an address, an editor); over the limit the
 * request is answered 429 with Retry-After.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the key may read what earlier middleware set
export function rateLimit<E extends Env = any>(
  ctx: PipelineContext,
  rule: RateLimitName,
  keyOf: (c: Context<E>) => string,
  shape: ReplyShape = 'message',
): MiddlewareHandler<E> {
  return async (c, next) => {
    const result = await ctx.rateLimits.take(rule, keyOf(c))
    if (!result.ok) {
      c.header('Retry-After', String(result.retryAfterSeconds))
      return refuse(c, 429, tooManyRequestsMessage, shape)
    }
    await next()
  }
}

/**
 * The client's address as every per-address rule keys it (rate limits, Insights): `clientIp` through
 * `addressKey`, so an IPv6 client counts as its /64 and an IPv4-mapped address as its IPv4 address.
 */
export const clientKey = (c: Context, trustProxy = false): string => addressKey(clientIp(c, trustProxy))

/** The client's address, as rate limits key it (see `clientKey`). */
export const clientAddress = (ctx: PipelineContext) => (c: Context) => clientKey(c, ctx.env.TRUST_PROXY)

/** Answers made for one caller: never kept by a browser or a shared cache. */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store')
  await next()
}
