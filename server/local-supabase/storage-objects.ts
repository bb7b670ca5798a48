import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { imageTooLargeMessage, maxImagePixels } from '../../shared/lib/image-limits.ts'
import { withClaims } from './database.ts'
import { declaredDimensions } from './image-dimensions.ts'
import { mimeTypeAllowed, normaliseMimeType, sniffImageType } from './image-sniff.ts'
import { BodyTooLargeError, looksLikeSvg, parseUpload, readBodyLimited } from './storage-body.ts'
import {
  bucketNotFound,
  databaseRefusal,
  findObject,
  invalidBody,
  jsonObject,
  keyParam,
  objectNotFound,
  OBJECT_COLUMNS,
  requireBucket,
  requireCaller,
  storageError,
  StorageFailure,
  findBucket,
  type BucketRow,
  type Caller,
  type ObjectMetadata,
  type ObjectRow,
  type StorageDeps,
} from './storage-http.ts'
import { objectFilePath, validateObjectKey } from './storage-path.ts'

// Multipart framing around the file part: boundaries, part headers, the cacheControl field.
const MULTIPART_OVERHEAD = 64 * 1024
// A bucket without its own limit still gets one: the body is held in memory.
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024
// A media type as a client may declare it (no line breaks or quotes that could end a header).
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=[a-z0-9!#$&^_.+-]+)*$/

// Whoever replaces or moves an object becomes its owner, as on hosted Storage (the uploader's id as `owner`
// and as `owner_id`, the column policies read); the service role, with no user id, leaves the owner as it was.
// `param` is the query parameter holding the caller's id.
const takeOwnership = (param: string) =>
  `owner = coalesce(${param}::text::uuid, owner), owner_id = coalesce(${param}::text, owner_id)`
// An upload or copy with `x-upsert: true` onto a taken key replaces that object: the update policy is checked
// against the object there, so only someone allowed to change it may replace it.
const UPSERT = `on conflict (bucket_id, name) do update set metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, version = excluded.version,
  owner = coalesce(excluded.owner, storage.objects.owner), owner_id = coalesce(excluded.owner_id, storage.objects.owner_id),
  updated_at = now(), last_accessed_at = now()`

/** Where objects' files live, and how a row and its file are written together. */
export class ObjectFiles {
  readonly root: string
  private readonly tempDir: string

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage')
    this.tempDir = path.join(this.root, '.tmp')
  }

  path(bucket: string, key: string): string {
    return objectFilePath(this.root, bucket, key)
  }

  /** Writes a file atomically (temp file, then rename). */
  async write(bucket: string, key: string, bytes: Uint8Array) {
    const target = this.path(bucket, key)
    await mkdir(this.tempDir, { recursive: true })
    const temp = path.join(this.tempDir, `${randomUUID()}.upload`)
    try {
      await writeFile(temp, bytes, { mode: 0o644 })
      await mkdir(path.dirname(target), { recursive: true })
      await rename(temp, target)
    } catch (err) {
      await rm(temp, { force: true })
      throw clashOr(err, key)
    }
  }

  async copy(from: { bucket: string; key: string }, to: { bucket: string; key: string }) {
    const target = this.path(to.bucket, to.key)
    await mkdir(path.dirname(target), { recursive: true })
    await copyFile(this.path(from.bucket, from.key), target).catch((err: unknown) => {
      throw clashOr(err, to.key)
    })
  }

  async move(from: { bucket: string; key: string }, to: { bucket: string; key: string }) {
    const target = this.path(to.bucket, to.key)
    await mkdir(path.dirname(target), { recursive: true })
    await rename(this.path(from.bucket, from.key), target).catch((err: unknown) => {
      throw clashOr(err, to.key)
    })
  }
}

/** On disk a key cannot be both a file and a folder (`a.png` and `a.png/b.png`); object stores allow it. */
function clashOr(err: unknown, key: string): unknown {
  const fsCode = (err as NodeJS.ErrnoException).code
  if (fsCode === 'ENOTDIR' || fsCode === 'EISDIR' || fsCode === 'EEXIST')
    return new StorageFailure(
      409,
      'Conflict',
      `The path ${key} clashes with an existing file or folder of the same name`,
    )
  return err
}

/** User metadata of an upload: a `metadata` form field (JSON) or an `x-metadata` header (base64 JSON). */
function userMetadata(c: Context, field: string | null): Record<string, unknown> | null {
  const header = c.req.header('x-metadata')
  const raw = field ?? (header ? Buffer.from(header, 'base64').toString('utf8') : null)
  if (raw === null) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !raw.includes('\\u0000'))
      return parsed as Record<string, unknown>
  } catch {
    // Not JSON: refused below.
  }
  throw new StorageFailure(400, 'InvalidRequest', 'metadata must be a JSON object')
}

export interface StoreRequest {
  caller: Caller
  bucket: BucketRow
  key: string
  mode: 'create' | 'update'
  upsert: boolean
  /** The owner recorded for the object (the caller, or the signer of an upload URL). */
  owner: string | null
}

/**
 * Stores an upload: the row as the caller (the bucket's policies decide), then the file; a failure of
 * either leaves neither. Returns Storage's reply.
 */
export async function storeObject(deps: StorageDeps, files: ObjectFiles, c: Context, req: StoreRequest) {
  const { db } = deps
  const { bucket, key, caller } = req
  const limit = bucket.file_size_limit === null ? DEFAULT_FILE_SIZE_LIMIT : Number(bucket.file_size_limit)
  const body = await readBodyLimited(c.req.raw, limit + MULTIPART_OVERHEAD)
  const file = await parseUpload(c.req.raw.headers, body)
  if (file.bytes.byteLength > limit) throw new BodyTooLargeError()
  if (file.bytes.byteLength === 0) return storageError(c, 400, 'InvalidRequest', 'The file is empty')

  const sniffed = sniffImageType(file.bytes)
  if (!sniffed && looksLikeSvg(file.bytes, file.declaredType)) {
    return storageError(
      c,
      415,
      'invalid_mime_type',
      'SVG images are not accepted: upload a PNG, JPEG, WebP, GIF, BMP or ICO file',
    )
  }
  const declared = file.declaredType.trim().toLowerCase()
  let mimetype: string
  if (bucket.allowed_mime_types?.length) {
    // A bucket that names its types gets files whose bytes are one of them: the bytes decide, never the
    // declared type, and the stored type is what the bytes are.
    if (!sniffed || !mimeTypeAllowed(bucket.allowed_mime_types, sniffed)) {
      const bare = normaliseMimeType(file.declaredType)
      if (bare && !mimeTypeAllowed(bucket.allowed_mime_types, bare))
        return storageError(c, 415, 'invalid_mime_type', `mime type ${bare} is not supported`)
      return storageError(
        c,
        415,
        'invalid_mime_type',
        `The file's contents are not an accepted image type (declared as ${bare || 'unknown'}); bucket ${bucket.id} accepts ${bucket.allowed_mime_types.join(', ')}`,
      )
    }
    mimetype = sniffed
  } else {
    // Any type, as declared (Storage keeps the client's Content-Type); served with nosniff and a sandbox.
    mimetype = MEDIA_TYPE.test(declared) ? declared : (sniffed ?? 'application/octet-stream')
  }
  if (sniffed) {
    // The header's size only: a refused image is never decoded.
    const size = await declaredDimensions(file.bytes, sniffed)
    if (size && size.width * size.height > maxImagePixels)
      return storageError(c, 413, 'Payload too large', imageTooLargeMessage)
  }
  const custom = userMetadata(c, file.metadataField)

  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype,
    cacheControl: `max-age=${file.cacheControlSeconds}`,
    lastModified: new Date().toUTCString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  }
  const version = randomUUID()
  const params = [bucket.id, key, JSON.stringify(metadata), JSON.stringify(custom), version]
  try {
    const id = await withClaims(db, caller.claims, caller.role, async (tx) => {
      let rows: { id: string }[]
      if (req.mode === 'update') {
        ;({ rows } = await tx.query<{ id: string }>(
          `update storage.objects set metadata = $3::jsonb, user_metadata = coalesce($4::jsonb, user_metadata),
             version = $5, ${takeOwnership('$6')}, updated_at = now(), last_accessed_at = now()
            where bucket_id = $1 and name = $2 returning id::text as id`,
          [...params, req.owner],
        ))
        if (rows.length === 0) {
          // Zero rows: either there is no such object, or the update policy hid it from this caller.
          const visible = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
            bucket.id,
            key,
          ])
          if (visible.rows.length)
            throw new StorageFailure(403, 'Unauthorized', 'new row violates row-level security policy')
          throw new StorageFailure(404, 'not_found', 'Object not found')
        }
      } else {
        ;({ rows } = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $6::uuid, $6, $3::jsonb, $4::jsonb, $5)
           ${req.upsert ? UPSERT : ''}
           returning id::text as id`,
          [...params, req.owner],
        ))
      }
      // The row is in (policies agreed); now the file. A failure here throws and rolls the row back.
      await files.write(bucket.id, key, file.bytes)
      return rows[0]!.id
    })
    return c.json({ Key: `${bucket.id}/${key}`, Id: id })
  } catch (err) {
    const refusal = databaseRefusal(err)
    if (refusal) return storageError(c, refusal.status, refusal.error, refusal.message)
    throw err
  }
}

/** Sends an object's file with its stored type, ETag and Cache-Control; 304 when the client's copy is current. */
export async function sendObject(c: Context, files: ObjectFiles, row: ObjectRow, download?: string) {
  const file = files.path(row.bucket_id, row.name)
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return objectNotFound(c)
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
  const asAttachment = download ?? c.req.query('download')
  if (asAttachment !== undefined) headers['Content-Disposition'] = attachment(asAttachment, row.name)
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
  return new Response(stream, { status: 200, headers })
}

/** `?download=` (or `?download=name.png`): save instead of display. */
export function attachment(download: string, key: string): string {
  const filename = (download || key.split('/').pop() || 'download').replace(/["\\\r\n]/g, '_')
  return `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/** The object's row as the caller may see it (row-level security applies), or null. */
export async function objectAsCaller(deps: StorageDeps, caller: Caller, bucketId: string, key: string) {
  return withClaims(deps.db, caller.claims, caller.role, (tx) => findObject(tx, bucketId, key))
}

/** Object routes: upload, update, download, info, remove, move and copy. */
export function createObjectRoutes(deps: StorageDeps, files: ObjectFiles): Hono {
  const { db, logger } = deps
  const caller = requireCaller(deps.keys)
  const bucket = requireBucket(db)
  const app = new Hono()

  // Public URLs need no key (an <img> cannot send one), so only public buckets are served here.
  app.get('/object/public/:bucket/:key{.+}', async (c) => {
    const found = await findBucket(db, c.req.param('bucket'))
    if (!found || !found.public) return bucketNotFound(c)
    const row = await findObject(db, found.id, keyParam(c))
    return row ? sendObject(c, files, row) : objectNotFound(c)
  })

  const readAsCaller = async (c: Context<{ Variables: { caller: Caller; bucket: BucketRow } }>) => {
    const row = await objectAsCaller(deps, c.get('caller'), c.get('bucket').id, keyParam(c))
    return row ? sendObject(c, files, row) : objectNotFound(c)
  }
  app.get('/object/authenticated/:bucket/:key{.+}', caller, bucket, readAsCaller)

  // storage-js `info()`: the object's row as the caller may see it.
  app.get('/object/info/:bucket/:key{.+}', caller, bucket, async (c) => {
    const row = await objectAsCaller(deps, c.get('caller'), c.get('bucket').id, keyParam(c))
    if (!row) return objectNotFound(c)
    return c.json({
      id: row.id,
      name: row.name,
      version: row.version ?? row.id,
      bucket_id: row.bucket_id,
      size: row.metadata?.size ?? null,
      content_type: row.metadata?.mimetype ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      etag: row.metadata?.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    })
  })

  app.post('/object/move', caller, (c) => relocate(c, 'move'))
  app.post('/object/copy', caller, (c) => relocate(c, 'copy'))

  /**
   * Moves or copies an object, as the caller, checked by the policies hosted Storage applies: a move updates
   * the object's row (select and update of the object, before and after); a copy inserts a row read from
   * the source (select of the source, insert at the destination, and with `x-upsert: true` update of an
   * object already there). The file follows in the same transaction.
   */
  async function relocate(c: Context<{ Variables: { caller: Caller } }>, kind: 'move' | 'copy') {
    const body = await jsonObject(c)
    const sourceBucket = typeof body?.bucketId === 'string' ? body.bucketId : ''
    const destinationBucket =
      typeof body?.destinationBucket === 'string' && body.destinationBucket
        ? body.destinationBucket
        : sourceBucket
    if (typeof body?.sourceKey !== 'string' || typeof body.destinationKey !== 'string')
      return invalidBody(c, 'The body must name bucketId, sourceKey and destinationKey')
    const from = { bucket: sourceBucket, key: validateObjectKey(body.sourceKey) }
    const to = { bucket: destinationBucket, key: validateObjectKey(body.destinationKey) }
    if (!(await findBucket(db, from.bucket)) || !(await findBucket(db, to.bucket))) return bucketNotFound(c)
    const who = c.get('caller')
    const owner = who.role === 'authenticated' ? (who.claims.sub ?? null) : null
    const upsert = kind === 'copy' && c.req.header('x-upsert')?.toLowerCase() === 'true'
    const samePlace = from.bucket === to.bucket && from.key === to.key
    try {
      const moved = await withClaims(db, who.claims, who.role, async (tx) => {
        const { rows } =
          kind === 'move'
            ? await tx.query<{ id: string }>(
                `update storage.objects set bucket_id = $3, name = $4, ${takeOwnership('$5')},
                   updated_at = now(), last_accessed_at = now()
                  where bucket_id = $1 and name = $2 returning id::text as id`,
                [from.bucket, from.key, to.bucket, to.key, owner],
              )
            : await tx.query<{ id: string }>(
                `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
                 select $3, $4, $5::text::uuid, $5::text, metadata, user_metadata, gen_random_uuid()::text
                   from storage.objects where bucket_id = $1 and name = $2
                 ${upsert ? UPSERT : ''}
                 returning id::text as id`,
                [from.bucket, from.key, to.bucket, to.key, owner],
              )
        if (rows.length === 0) {
          // Zero rows: no such source, or (a move) the update policy kept this caller from changing it.
          const visible = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
            from.bucket,
            from.key,
          ])
          if (kind === 'move' && visible.rows.length)
            throw new StorageFailure(403, 'Unauthorized', 'new row violates row-level security policy')
          throw new StorageFailure(404, 'not_found', 'Object not found')
        }
        if (samePlace) return rows[0]!.id
        if (kind === 'move') await files.move(from, to)
        else await files.copy(from, to)
        return rows[0]!.id
      })
      if (kind === 'move') return c.json({ message: 'Successfully moved' })
      return c.json({ Key: `${to.bucket}/${to.key}`, Id: moved })
    } catch (err) {
      const refusal = databaseRefusal(err)
      if (refusal) return storageError(c, refusal.status, refusal.error, refusal.message)
      throw err
    }
  }

  const upload =
    (mode: 'create' | 'update') =>
    async (c: Context<{ Variables: { caller: Caller; bucket: BucketRow } }>) => {
      const who = c.get('caller')
      return storeObject(deps, files, c, {
        caller: who,
        bucket: c.get('bucket'),
        key: keyParam(c),
        mode,
        upsert: mode === 'create' && c.req.header('x-upsert')?.toLowerCase() === 'true',
        owner: who.role === 'authenticated' ? (who.claims.sub ?? null) : null,
      })
    }
  app.post('/object/:bucket/:key{.+}', caller, bucket, upload('create'))
  app.put('/object/:bucket/:key{.+}', caller, bucket, upload('update'))
  app.get('/object/:bucket/:key{.+}', caller, bucket, readAsCaller)

  async function removeObjects(
    c: Context<{ Variables: { caller: Caller; bucket: BucketRow } }>,
    keys: string[],
  ) {
    const who = c.get('caller')
    const bucketId = c.get('bucket').id
    keys.forEach(validateObjectKey)
    // The delete policy decides which rows go; rows it hides are silently kept, as on hosted Supabase.
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, keys],
      ),
    )
    for (const row of rows) {
      await rm(files.path(bucketId, row.name), { force: true }).catch((err: unknown) =>
        logger.warn({ err, bucket: bucketId, name: row.name }, 'Could not delete a removed object file'),
      )
    }
    return rows
  }

  app.delete('/object/:bucket', caller, bucket, async (c) => {
    const body = await jsonObject(c)
    const prefixes = body?.prefixes
    if (
      !Array.isArray(prefixes) ||
      prefixes.length === 0 ||
      prefixes.length > 1000 ||
      !prefixes.every((p) => typeof p === 'string')
    ) {
      return invalidBody(c, 'The body must be {"prefixes": ["path/to/file", ...]} with 1 to 1000 paths')
    }
    return c.json(await removeObjects(c, prefixes as string[]))
  })

  app.delete('/object/:bucket/:key{.+}', caller, bucket, async (c) => {
    const removed = await removeObjects(c, [keyParam(c)])
    if (removed.length === 0) return objectNotFound(c)
    return c.json({ message: 'Successfully deleted' })
  })

  return app
}
