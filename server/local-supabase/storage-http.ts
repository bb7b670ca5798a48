import type { IncomingMessage } from 'node:http'
import type { PGlite } from '@electric-sql/pglite'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Logger } from 'pino'
import {
  InvalidJwtError,
  verifyJwt,
  type JwtClaims,
  type LocalSupabaseKeys,
  type RequestRole,
} from './keys.ts'
import { isValidBucketName, validateObjectKey } from './storage-path.ts'

/** What every storage room works with. Files live under `<dataDir>/storage/<bucket>/<key>`. */
export interface StorageDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  dataDir: string
}

export type StorageStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 500 | 503

/** Storage API's error body; storage-js exposes `message` and `statusCode`. */
export function storageError(c: Context, status: StorageStatus, error: string, message: string) {
  return c.json({ statusCode: String(status), error, message }, status)
}

export const bucketNotFound = (c: Context) => storageError(c, 404, 'Bucket not found', 'Bucket not found')
export const objectNotFound = (c: Context) => storageError(c, 404, 'not_found', 'Object not found')

/** Thrown inside a transaction to roll it back and answer with a storage error. */
export class StorageFailure extends Error {
  constructor(
    readonly status: StorageStatus,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined
}

/** The storage error a database refusal stands for (a duplicate, a policy), or undefined for a real fault. */
export function databaseRefusal(err: unknown): StorageFailure | undefined {
  if (err instanceof StorageFailure) return err
  const code = pgCode(err)
  if (code === '23505') return new StorageFailure(409, 'Duplicate', 'The resource already exists')
  if (code === '42501')
    return new StorageFailure(403, 'Unauthorized', 'new row violates row-level security policy')
  return undefined
}

export function rawTarget(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  // Absolute-form targets (`GET http://host/storage/...`) are judged by their path like any other.
  return (incoming?.url ?? new URL(c.req.url).pathname).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
}

export interface Caller {
  role: RequestRole
  claims: JwtClaims
}

function bearerOrApiKey(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1] ?? (c.req.header('apikey')?.trim() || null)
}

/** Who is calling (a verified JWT from `Authorization` or `apikey`), on `c.var.caller`. */
export function requireCaller(keys: LocalSupabaseKeys) {
  return createMiddleware<{ Variables: { caller: Caller } }>(async (c, next) => {
    const token = bearerOrApiKey(c)
    // Storage verifies whatever it was given; with nothing, that is jose's complaint about an empty JWS.
    if (!token) return storageError(c, 401, 'Unauthorized', 'Invalid Compact JWS')
    try {
      const claims = await verifyJwt(keys.jwtSecret, token)
      c.set('caller', { role: claims.role, claims })
    } catch (err) {
      if (err instanceof InvalidJwtError) return storageError(c, 401, 'InvalidJWT', err.message)
      throw err
    }
    await next()
  })
}

export interface BucketRow {
  id: string
  public: boolean
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
}

/** The `metadata` column as Supabase Storage fills it (storage-js reads these names). */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  name: string
  bucket_id: string
  owner: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

/** Timestamps as Storage sends them (ISO 8601, milliseconds, Z). */
export const isoTimestamp = (column: string, alias = column) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${alias}`

export const OBJECT_COLUMNS = [
  'id::text as id',
  'name',
  'bucket_id',
  'owner::text as owner',
  'version',
  'metadata',
  'user_metadata',
  isoTimestamp('created_at'),
  isoTimestamp('updated_at'),
  isoTimestamp('last_accessed_at'),
].join(', ')

/** Bucket settings, read with the server's own rights: every caller may know a bucket's limits. */
export async function findBucket(db: PGlite, id: string): Promise<BucketRow | null> {
  if (!isValidBucketName(id)) return null
  const { rows } = await db.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  )
  return rows[0] ?? null
}

/**
 * An object's row, or null. Row-level security applies as `db` is: a transaction under the caller's claims
 * (see objectAsCaller), or the backend's own connection where the grant was settled otherwise (a public
 * bucket, a signed URL).
 */
export async function findObject(
  db: Pick<PGlite, 'query'>,
  bucketId: string,
  key: string,
): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, key],
  )
  return rows[0] ?? null
}

/** The bucket named by `:bucket` on `c.var.bucket`, or Storage's 404. */
export function requireBucket(db: PGlite) {
  return createMiddleware<{ Variables: { bucket: BucketRow } }>(async (c, next) => {
    const bucket = await findBucket(db, c.req.param('bucket') ?? '')
    if (!bucket) return bucketNotFound(c)
    c.set('bucket', bucket)
    await next()
  })
}

/** The object key of the route (`:key`), validated. */
export function keyParam(c: Context): string {
  return validateObjectKey(c.req.param('key') ?? '')
}

/** A JSON object body, or null. */
export async function jsonObject(c: Context): Promise<Record<string, unknown> | null> {
  const body: unknown = await c.req.json().catch(() => null)
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
}

export const invalidBody = (c: Context, message: string) => storageError(c, 400, 'InvalidRequest', message)
