import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { normaliseInput } from '../../shared/schemas/text.ts'
import type { ServerContext } from '../context.ts'
import { tooManyRequestsMessage, type RateLimitName } from '../rate-limits.ts'

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
  const declared = Number(c.req.header('Content-Length'))
  if (Number.isFinite(declared) && declared > maxBytes) return 'too-large'
  const body = c.req.raw.body
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        reader.cancel().catch(() => undefined)
        return 'too-large'
      }
      chunks.push(value)
    }
  } catch (err) {
    throw new ClientGoneError(err)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
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

/**
 * The request body as a normalised object (see `readFields`). A refusal (400, 413) comes back as the
 * Response to return.
 */
export async function readInput(
  c: Context,
  options: BodyOptions,
): Promise<Record<string, unknown> | Response> {
  const read = await readFields(c, options)
  return read.ok ? read.value : refuseInput(c, read, options.shape)
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

/** Checks an already-read input against the endpoint's schema: its data, or a 400 with field messages. */
export function validate<S extends z.ZodType>(
  c: Context,
  schema: S,
  input: unknown,
  shape: ReplyShape = 'message',
): z.output<S> | Response {
  const checked = check(schema, input)
  return checked.ok ? checked.data : refuseInput(c, checked, shape)
}

/** `readInput` then `validate`: the usual first step of a JSON or form endpoint. */
export async function parseInput<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: BodyOptions,
): Promise<z.output<S> | Response> {
  const input = await readInput(c, options)
  if (input instanceof Response) return input
  return validate(c, schema, input, options.shape)
}

/**
 * Counts one request under a rate-limit rule; the 429 reply (with Retry-After) when it is over, else null.
 */
export async function limitReached(
  ctx: ServerContext,
  c: Context,
  rule: RateLimitName,
  key: string,
  shape: ReplyShape = 'message',
): Promise<Response | null> {
  const result = await ctx.rateLimits.take(rule, key)
  if (result.ok) return null
  c.header('Retry-After', String(result.retryAfterSeconds))
  return refuse(c, 429, tooManyRequestsMessage, shape)
}
