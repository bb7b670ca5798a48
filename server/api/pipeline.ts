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

function invalid(c: Context, issues: { path: PropertyKey[]; message: string }[], shape: ReplyShape) {
  // One problem: say it; several: point at the fields.
  const message = issues.length === 1 ? issues[0].message : invalidFieldsMessage
  return refuse(c, 400, message, shape, { fieldErrors: fieldErrorsOf(issues) })
}

/**
 * The request body as a normalised object: within the size limit, JSON or a form, every string NFC and
 * free of control and broken characters. A refusal (400, 413) comes back as the Response to return.
 */
export async function readInput(
  c: Context,
  options: BodyOptions,
): Promise<Record<string, unknown> | Response> {
  const shape = options.shape ?? 'message'
  const bytes = await readBytes(c, options.maxBytes)
  if (bytes === 'too-large')
    return refuse(c, 413, options.tooLargeMessage ?? 'The request is too large.', shape)
  const decoded = await decode(bytes, c.req.header('Content-Type') ?? '')
  if (!decoded.ok) return refuse(c, 400, decoded.message, shape)
  const { value, issues } = normaliseInput(decoded.value)
  if (issues.length > 0) return invalid(c, issues, shape)
  return value as Record<string, unknown>
}

/** Checks an already-read input against the endpoint's schema: its data, or a 400 with field messages. */
export function validate<S extends z.ZodType>(
  c: Context,
  schema: S,
  input: unknown,
  shape: ReplyShape = 'message',
): z.output<S> | Response {
  const parsed = schema.safeParse(input)
  if (!parsed.success) return invalid(c, parsed.error.issues, shape)
  return parsed.data
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
