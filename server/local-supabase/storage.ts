import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import { diskFullMessage, diskProblemOf, isClientGone } from '../failures.ts'
import { withClaims } from './database.ts'
import { mimeTypeAllowed, normaliseMimeType, sniffImageType } from './image-sniff.ts'
import {
  InvalidJwtError,
  verifyJwt,
  type JwtClaims,
  type LocalSupabaseKeys,
  type RequestRole,
} from './keys.ts'
import {
  BodyTooLargeError,
  looksLikeSvg,
  MalformedUploadError,
  parseUpload,
  readBodyLimited,
} from './storage-body.ts'
import {
  InvalidKeyError,
  isValidBucketName,
  objectFilePath,
  rawTargetLooksLikeTraversal,
  validateListPrefix,
  validateObjectKey,
} from './storage-path.ts'

/**
 * Supabase Storage subset at `/storage/v1`: what storage-js calls for upload, update, download, public
 * URLs, list and remove. Rows of `storage.objects` are written through `withClaims` as the caller, so the
 * project's storage policies (editors only for `images`) decide, exactly as on hosted Supabase; the file
 * under `DATA_DIR/storage/<bucket>/<key>` is touched only once the row operation has succeeded.
 */

export interface StorageDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  dataDir: string
}

type StorageStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500 | 503

/** Storage API's error body; storage-js exposes `message` and `statusCode`. */
function storageError(c: Context, status: StorageStatus, error: string, message: string) {
  return c.json({ statusCode: String(status), error, message }, status)
}

interface Identity {
  role: RequestRole
  claims: JwtClaims
}

interface BucketRow {
  id: string
  public: boolean
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
}

interface ObjectRow {
  id: string
  name: string
  bucket_id: string
  owner: string | null
  metadata: ObjectMetadata | null
  created_at: Date | string
  updated_at: Date | string
  last_accessed_at: Date | string
}

/** The `metadata` column as Supabase Storage fills it (storage-js reads these names). */
interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

// Multipart framing around the file part: boundaries, part headers, the cacheControl field.
const MULTIPART_OVERHEAD = 64 * 1024
// A bucket without its own limit still gets one: the body is held in memory.
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024

const OBJECT_COLUMNS =
  'id::text as id, name, bucket_id, owner::text as owner, metadata, created_at, updated_at, last_accessed_at'

function rawTarget(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  // Absolute-form targets (`GET http://host/storage/...`) are judged by their path like any other.
  return (incoming?.url ?? new URL(c.req.url).pathname).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
}

function bearerOrApiKey(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1] ?? (c.req.header('apikey')?.trim() || null)
}

/** Thrown inside a `withClaims` transaction to roll the row back and answer with a storage error. */
class StorageFailure extends Error {
  constructor(
    readonly status: StorageStatus,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined
}

const TRAVERSAL_MESSAGE =
  'Invalid key: the path must not contain dot segments, encoded separators or backslashes'

/**
 * Middleware for the host app (mounted before routing): a storage URL whose `..` segments climb out of
 * `/storage/v1` is normalised by the URL parser into some other path and would never reach the storage
 * routes; answer it with the same 400 instead of letting it fall through to another handler.
 */
export const rejectStorageTraversal: MiddlewareHandler = async (c, next) => {
  const target = rawTarget(c)
  if (/^\/storage\//i.test(target) && rawTargetLooksLikeTraversal(target)) {
    return storageError(c, 400, 'InvalidKey', TRAVERSAL_MESSAGE)
  }
  await next()
}

export function createStorageApp(deps: StorageDeps): Hono {
  const { db, keys, logger } = deps
  const storageRoot = path.join(deps.dataDir, 'storage')
  const tempDir = path.join(storageRoot, '.tmp')
  const app = new Hono()

  // The URL parser resolves `..` and `%2e%2e` before routing, so a traversal attempt may look like an
  // innocent key by now: judge the target exactly as the client sent it.
  app.use('*', async (c, next) => {
    if (rawTargetLooksLikeTraversal(rawTarget(c))) {
      return storageError(c, 400, 'InvalidKey', TRAVERSAL_MESSAGE)
    }
    await next()
  })

  async function identify(c: Context): Promise<Identity | Response> {
    const token = bearerOrApiKey(c)
    if (!token) return storageError(c, 401, 'Unauthorized', 'No API key found in request')
    try {
      const claims = await verifyJwt(keys.jwtSecret, token)
      return { role: claims.role, claims }
    } catch (err) {
      if (err instanceof InvalidJwtError) return storageError(c, 401, 'InvalidJWT', err.message)
      throw err
    }
  }

  // Bucket settings are read with the server's own rights: every caller may know a bucket's limits.
  async function findBucket(id: string): Promise<BucketRow | null> {
    if (!isValidBucketName(id)) return null
    const { rows } = await db.query<BucketRow>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    )
    return rows[0] ?? null
  }

  function keyParam(c: Context): string {
    return validateObjectKey(c.req.param('key') ?? '')
  }

  async function upload(c: Context, mode: 'create' | 'update') {
    const who = await identify(c)
    if (who instanceof Response) return who
    const bucket = await findBucket(c.req.param('bucket') ?? '')
    if (!bucket) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    const key = keyParam(c)
    const upsert = mode === 'create' && c.req.header('x-upsert')?.toLowerCase() === 'true'

    const limit = bucket.file_size_limit === null ? DEFAULT_FILE_SIZE_LIMIT : Number(bucket.file_size_limit)
    const body = await readBodyLimited(c.req.raw, limit + MULTIPART_OVERHEAD)
    const file = await parseUpload(c.req.raw.headers, body)
    if (file.bytes.byteLength > limit) throw new BodyTooLargeError()
    if (file.bytes.byteLength === 0) return storageError(c, 400, 'InvalidRequest', 'The file is empty')

    // The bytes decide what the file is, never the declared type.
    const sniffed = sniffImageType(file.bytes)
    if (!sniffed && looksLikeSvg(file.bytes, file.declaredType)) {
      return storageError(
        c,
        415,
        'invalid_mime_type',
        'SVG images are not accepted: upload a PNG, JPEG, WebP, GIF, BMP or ICO file',
      )
    }
    const mimetype = sniffed ?? (normaliseMimeType(file.declaredType) || 'application/octet-stream')
    if (
      bucket.allowed_mime_types?.length &&
      (!sniffed || !mimeTypeAllowed(bucket.allowed_mime_types, sniffed))
    ) {
      const declared = normaliseMimeType(file.declaredType) || 'unknown'
      return storageError(
        c,
        415,
        'invalid_mime_type',
        `The file's contents are not an accepted image type (declared as ${declared}); bucket ${bucket.id} accepts ${bucket.allowed_mime_types.join(', ')}`,
      )
    }

    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.byteLength,
      mimetype,
      cacheControl: `max-age=${file.cacheControlSeconds}`,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.byteLength,
      httpStatusCode: 200,
    }
    const target = objectFilePath(storageRoot, bucket.id, key)
    const owner = who.role === 'authenticated' ? (who.claims.sub ?? null) : null

    try {
      const id = await withClaims(db, who.claims, who.role, async (tx) => {
        let rows: { id: string }[]
        if (mode === 'update') {
          ;({ rows } = await tx.query<{ id: string }>(
            `update storage.objects set metadata = $3::jsonb, updated_at = now(), last_accessed_at = now()
              where bucket_id = $1 and name = $2 returning id::text as id`,
            [bucket.id, key, JSON.stringify(metadata)],
          ))
          if (rows.length === 0) {
            // Zero rows: either there is no such object, or the update policy hid it from this caller.
            const visible = await tx.query(
              'select 1 from storage.objects where bucket_id = $1 and name = $2',
              [bucket.id, key],
            )
            if (visible.rows.length)
              throw new StorageFailure(403, 'Unauthorized', 'new row violates row-level security policy')
            throw new StorageFailure(404, 'not_found', 'Object not found')
          }
        } else {
          ;({ rows } = await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
             values ($1, $2, $3::uuid, $3, $4::jsonb)
             ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()' : ''}
             returning id::text as id`,
            [bucket.id, key, owner, JSON.stringify(metadata)],
          ))
        }
        // The row is in (policies agreed); now the file. A failure here throws and rolls the row back.
        await mkdir(tempDir, { recursive: true })
        const temp = path.join(tempDir, `${randomUUID()}.upload`)
        try {
          await writeFile(temp, file.bytes, { mode: 0o644 })
          await mkdir(path.dirname(target), { recursive: true })
          await rename(temp, target)
        } catch (err) {
          await rm(temp, { force: true })
          // On disk a key cannot be both a file and a folder (`a.png` and `a.png/b.png`); object stores allow it.
          const fsCode = (err as NodeJS.ErrnoException).code
          if (fsCode === 'ENOTDIR' || fsCode === 'EISDIR' || fsCode === 'EEXIST') {
            throw new StorageFailure(
              409,
              'Conflict',
              `The path ${key} clashes with an existing file or folder of the same name`,
            )
          }
          throw err
        }
        return rows[0]!.id
      })
      return c.json({ Key: `${bucket.id}/${key}`, Id: id })
    } catch (err) {
      if (err instanceof StorageFailure) return storageError(c, err.status, err.error, err.message)
      const code = pgCode(err)
      if (code === '23505') return storageError(c, 409, 'Duplicate', 'The resource already exists')
      if (code === '42501')
        return storageError(c, 403, 'Unauthorized', 'new row violates row-level security policy')
      throw err
    }
  }

  /** Sends an object's file with its stored type, ETag and Cache-Control; 304 when the client's copy is current. */
  async function sendObject(c: Context, bucketId: string, row: ObjectRow) {
    const file = objectFilePath(storageRoot, bucketId, row.name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return storageError(c, 404, 'not_found', 'Object not found')
    const meta = row.metadata
    const etag = meta?.eTag ?? `"${info.size}-${info.mtimeMs}"`
    const headers: Record<string, string> = {
      'Content-Type': meta?.mimetype ?? 'application/octet-stream',
      ETag: etag,
      'Cache-Control': meta?.cacheControl ?? 'max-age=3600',
      'Last-Modified': meta?.lastModified ?? info.mtime.toUTCString(),
      'Accept-Ranges': 'none',
      // Whatever is stored is served as its recorded type only, and never runs as a page of this origin.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    }
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, {
        status: 304,
        headers: { ETag: etag, 'Cache-Control': headers['Cache-Control']! },
      })
    }
    headers['Content-Length'] = String(info.size)
    // `getPublicUrl(path, { download: true | 'name.png' })` adds `?download=`: save instead of display.
    const download = c.req.query('download')
    if (download !== undefined) {
      const fallback = row.name.split('/').pop() ?? 'download'
      const filename = (download || fallback).replace(/["\\\r\n]/g, '_')
      headers['Content-Disposition'] =
        `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
    }
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
    return new Response(stream, { status: 200, headers })
  }

  async function readAsCaller(c: Context) {
    const who = await identify(c)
    if (who instanceof Response) return who
    const bucketId = c.req.param('bucket') ?? ''
    const bucket = await findBucket(bucketId)
    if (!bucket) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    const key = keyParam(c)
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucket.id, key],
      ),
    )
    if (!rows[0]) return storageError(c, 404, 'not_found', 'Object not found')
    return sendObject(c, bucket.id, rows[0])
  }

  // Public URLs need no key (an <img> cannot send one), so only public buckets are served here.
  app.get('/object/public/:bucket/:key{.+}', async (c) => {
    const bucket = await findBucket(c.req.param('bucket'))
    if (!bucket || !bucket.public) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    const key = keyParam(c)
    const { rows } = await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucket.id, key],
    )
    if (!rows[0]) return storageError(c, 404, 'not_found', 'Object not found')
    return sendObject(c, bucket.id, rows[0])
  })

  app.get('/object/authenticated/:bucket/:key{.+}', readAsCaller)

  // storage-js `info()`: the object's row as the caller may see it.
  app.get('/object/info/:bucket/:key{.+}', async (c) => {
    const who = await identify(c)
    if (who instanceof Response) return who
    const bucket = await findBucket(c.req.param('bucket'))
    if (!bucket) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    const key = keyParam(c)
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucket.id, key],
      ),
    )
    const row = rows[0]
    if (!row) return storageError(c, 404, 'not_found', 'Object not found')
    return c.json({
      id: row.id,
      name: row.name,
      version: null,
      bucket_id: row.bucket_id,
      size: row.metadata?.size ?? null,
      content_type: row.metadata?.mimetype ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      etag: row.metadata?.eTag ?? null,
      metadata: {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    })
  })

  app.post('/object/list/:bucket', async (c) => {
    const who = await identify(c)
    if (who instanceof Response) return who
    const bucket = await findBucket(c.req.param('bucket'))
    if (!bucket) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    if (!body || typeof body !== 'object')
      return storageError(c, 400, 'InvalidRequest', 'The body must be a JSON object')
    const prefix = validateListPrefix(typeof body.prefix === 'string' ? body.prefix : '')
    const limit = Number.isInteger(body.limit) ? Math.min(Math.max(Number(body.limit), 1), 1000) : 100
    const offset = Number.isInteger(body.offset) ? Math.max(Number(body.offset), 0) : 0
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column))
      ? String(sortBy.column)
      : 'name'
    const descending = String(sortBy.order).toLowerCase() === 'desc'

    const like = prefix === '' ? '%' : `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}/%`
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2`,
        [bucket.id, like],
      ),
    )
    // Like Storage's list: entries directly under the prefix; deeper objects show up as their folder.
    const base = prefix === '' ? 0 : prefix.length + 1
    const folders = new Map<string, Record<string, unknown>>()
    const files: Record<string, unknown>[] = []
    for (const row of rows) {
      const rest = row.name.slice(base)
      const slash = rest.indexOf('/')
      if (slash >= 0) {
        const name = rest.slice(0, slash)
        folders.set(name, {
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        })
      } else {
        files.push({ ...row, name: rest, bucket_id: undefined, owner: undefined })
      }
    }
    const entries = [...folders.values(), ...files].filter((e) =>
      String(e.name).toLowerCase().startsWith(search),
    )
    const sortKey = (e: Record<string, unknown>) => {
      const v = e[column]
      return v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v)
    }
    entries.sort((a, b) => {
      // Folders first, as Storage does, then the requested order.
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
      const cmp = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0
      return descending ? -cmp : cmp
    })
    return c.json(entries.slice(offset, offset + limit))
  })

  app.post('/object/:bucket/:key{.+}', (c) => upload(c, 'create'))
  app.put('/object/:bucket/:key{.+}', (c) => upload(c, 'update'))
  app.get('/object/:bucket/:key{.+}', readAsCaller)

  async function removeObjects(c: Context, bucketId: string, keys: string[]) {
    const who = await identify(c)
    if (who instanceof Response) return who
    const bucket = await findBucket(bucketId)
    if (!bucket) return storageError(c, 404, 'Bucket not found', 'Bucket not found')
    keys.forEach(validateObjectKey)
    // The delete policy decides which rows go; rows it hides are silently kept, as on hosted Supabase.
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucket.id, keys],
      ),
    )
    for (const row of rows) {
      await rm(objectFilePath(storageRoot, bucket.id, row.name), { force: true }).catch((err: unknown) =>
        logger.warn({ err, bucket: bucket.id, name: row.name }, 'Could not delete a removed object file'),
      )
    }
    return rows
  }

  app.delete('/object/:bucket', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { prefixes?: unknown } | null
    const prefixes = body?.prefixes
    if (
      !Array.isArray(prefixes) ||
      prefixes.length === 0 ||
      prefixes.length > 1000 ||
      !prefixes.every((p) => typeof p === 'string')
    ) {
      return storageError(
        c,
        400,
        'InvalidRequest',
        'The body must be {"prefixes": ["path/to/file", ...]} with 1 to 1000 paths',
      )
    }
    const removed = await removeObjects(c, c.req.param('bucket'), prefixes as string[])
    return removed instanceof Response ? removed : c.json(removed)
  })

  app.delete('/object/:bucket/:key{.+}', async (c) => {
    const key = keyParam(c)
    const removed = await removeObjects(c, c.req.param('bucket'), [key])
    if (removed instanceof Response) return removed
    if (removed.length === 0) return storageError(c, 404, 'not_found', 'Object not found')
    return c.json({ message: 'Successfully deleted' })
  })

  app.get('/bucket', async (c) => {
    const who = await identify(c)
    if (who instanceof Response) return who
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query(
        'select id, name, owner::text as owner, public, file_size_limit::int as file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by name',
      ),
    )
    return c.json(rows)
  })

  app.all('*', (c) => storageError(c, 404, 'not_found', 'The requested storage route does not exist'))

  app.onError((err, c) => {
    if (err instanceof InvalidKeyError) return storageError(c, 400, 'InvalidKey', err.message)
    if (err instanceof BodyTooLargeError) return storageError(c, 413, 'Payload too large', err.message)
    if (err instanceof MalformedUploadError) return storageError(c, 400, 'InvalidRequest', err.message)
    if (isClientGone(err, c)) {
      logger.info({ path: c.req.path }, 'client closed the connection mid-upload')
      return storageError(c, 400, 'InvalidRequest', 'The request was closed before it arrived')
    }
    if (diskProblemOf(err)) {
      logger.warn({ err, path: c.req.path }, 'Storage request failed: the data directory cannot be written')
      return storageError(c, 503, 'insufficient_storage', diskFullMessage)
    }
    logger.error({ err, path: c.req.path }, 'Storage request failed')
    return storageError(c, 500, 'internal', 'The storage request could not be completed')
  })

  return app
}
