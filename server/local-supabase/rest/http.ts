import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { RequestRole } from '../keys.ts'
import { RestError } from './errors.ts'

// What PostgREST reads from a request's headers (Prefer, Accept, Range, profiles) and how it words its
// answers' status and headers.

// ---------------------------------------------------------------------------------------------------------
// Headers

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  tx?: 'commit' | 'rollback'
  'max-affected'?: string
}

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Record<string, string> = {}
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split('=')
    if (k && v) prefer[k.trim()] = v.trim()
  }
  return prefer as Prefer
}

/** The representation a request accepts, as PostgREST negotiates it (its first type it knows). */
export interface Media {
  kind: 'json' | 'csv' | 'plan'
  /** For `plan`: `text` or `json`, and EXPLAIN's options (from an allow-list). */
  planFormat?: 'text' | 'json'
  planOptions?: string[]
  /** `application/vnd.pgrst.object+json`: one object, not an array. */
  single: boolean
  /** `;nulls=stripped`: keys whose value is null are left out. */
  stripNulls: boolean
}

export function negotiate(c: Context): Media {
  for (const raw of (c.req.header('accept') ?? '').split(',')) {
    const [type, ...params] = raw.split(';').map((p) => p.trim().toLowerCase())
    const stripNulls = params.includes('nulls=stripped')
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { kind: 'json', single: true, stripNulls }
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/json')
      return { kind: 'json', single: false, stripNulls }
    if (type === 'text/csv') return { kind: 'csv', single: false, stripNulls: false }
    const plan = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.exec(type)
    if (plan) {
      const options =
        params
          .find((p) => p.startsWith('options='))
          ?.slice('options='.length)
          .split('|') ?? []
      return {
        kind: 'plan',
        single: false,
        stripNulls: false,
        planFormat: plan[1] === '+json' ? 'json' : 'text',
        planOptions: options.filter((o) => ['analyze', 'verbose', 'settings', 'buffers', 'wal'].includes(o)),
      }
    }
  }
  return { kind: 'json', single: false, stripNulls: false }
}

export function wantsSingleObject(c: Context): boolean {
  return negotiate(c).single
}

export function contentType(media: Media): string {
  if (media.kind === 'csv') return 'text/csv; charset=utf-8'
  if (media.kind === 'plan')
    return `application/vnd.pgrst.plan+${media.planFormat}; for="application/json"; charset=utf-8`
  const nulls = media.stripNulls ? '; nulls=stripped' : ''
  return media.single
    ? `application/vnd.pgrst.object+json${nulls}; charset=utf-8`
    : `application/json${nulls}; charset=utf-8`
}

/**
 * The SQL (over rows aliased `_t`) of a response body: a JSON array, without null keys, or CSV lines in
 * Postgres's own text form of each row (what PostgREST sends; the header line is added by the caller).
 */
export function bodyAggregate(media: Media): string {
  if (media.kind === 'csv')
    return `coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), E'\\n'), '')`
  if (media.stripNulls) return `coalesce(json_agg(json_strip_nulls(to_json(_t))), '[]')::text`
  return `coalesce(json_agg(_t), '[]')::text`
}

/** A CSV header line: the column names, quoted when they need it. */
export function csvHeader(keys: string[]): string {
  return keys.map((k) => (/[",\n\r\s]/.test(k) ? `"${k.replace(/"/g, '""')}"` : k)).join(',')
}

/** `Prefer: handling=strict, max-affected=n`: more rows affected is PGRST124 (and the write rolls back). */
export function checkMaxAffected(prefer: Prefer, affected: number) {
  if (prefer.handling !== 'strict' || prefer['max-affected'] === undefined) return
  const max = Number(prefer['max-affected'])
  if (Number.isInteger(max) && affected > max)
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    )
}

export function checkProfile(c: Context) {
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = c.req.header(name)
    if (profile && profile !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null)
    }
  }
}

export function parseRangeHeader(c: Context): { offset: number; limit?: number } | null {
  const range = c.req.header('range')
  if (!range) return null
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim())
  if (!m)
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `Range header "${range}" is not of the form a-b`,
    )
  const from = Number(m[1])
  const to = m[2] === '' ? undefined : Number(m[2])
  if (to !== undefined && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable')
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 }
}

export function contentRange(offset: number, rows: number, total: number | null): string {
  const size = total === null ? '*' : String(total)
  return rows > 0 ? `${offset}-${offset + rows - 1}/${size}` : `*/${size}`
}

// ---------------------------------------------------------------------------------------------------------
// Errors

export interface PgError {
  code?: string
  message: string
  detail?: string
  hint?: string
}

export function isPgError(err: unknown): err is PgError {
  return (
    !!err &&
    typeof err === 'object' &&
    typeof (err as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as PgError).code!)
  )
}

/** PostgREST's status for a Postgres error. 503 only for class 53: postgrest-js retries GET/HEAD on it. */
export function statusForPgError(code: string, role: RequestRole): ContentfulStatusCode {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01' || code === '42883') return 404
  if (code === '42P10') return 400
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('42') || code === 'P0001') return 400
  if (code === '25006') return 405
  // Program limits (e.g. a value too large for its index) come from oversized input: PostgREST says 413.
  if (code.startsWith('54')) return 413
  // Insufficient resources (53100: the disk is full): PostgREST says 503, and so do we; it is no ordinary
  // error, and a retry later may well succeed.
  if (code.startsWith('53')) return 503
  return 500
}

export const single = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

export interface Outcome {
  status: ContentfulStatusCode | 204
  body?: string
  contentRange?: string
  preferenceApplied?: string[]
  /** Rows in the body (what `max-affected` limits for a function's results). */
  rows?: number
}
