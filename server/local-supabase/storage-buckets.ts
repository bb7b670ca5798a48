import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { withClaims } from './database.ts'
import {
  bucketNotFound,
  databaseRefusal,
  invalidBody,
  isoTimestamp,
  jsonObject,
  requireCaller,
  storageError,
  StorageFailure,
  type Caller,
  type StorageDeps,
} from './storage-http.ts'
import type { ObjectFiles } from './storage-objects.ts'
import { isValidBucketName } from './storage-path.ts'

const BUCKET_COLUMNS = [
  'id',
  'name',
  'owner::text as owner',
  'public',
  'file_size_limit::float8 as file_size_limit',
  'allowed_mime_types',
  isoTimestamp('created_at'),
  isoTimestamp('updated_at'),
].join(', ')

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }
// A bucket's files are held in memory while they upload: no limit beyond what one request may carry.
const MAX_FILE_SIZE_LIMIT = 50 * 1e6

/** `file_size_limit` as Storage takes it: bytes, or a string like `20mb` (decimal units); null for none. */
function fileSizeLimit(value: unknown): number | null {
  if (value === null) return null
  let bytes: number
  if (typeof value === 'number') bytes = value
  else if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value)
    if (!match) throw new StorageFailure(400, 'InvalidRequest', `Invalid file size limit: ${value}`)
    bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()]!
  } else throw new StorageFailure(400, 'InvalidRequest', 'file_size_limit must be a number or a size string')
  if (!Number.isFinite(bytes) || bytes < 0 || bytes > MAX_FILE_SIZE_LIMIT)
    throw new StorageFailure(
      400,
      'InvalidRequest',
      `file_size_limit must be between 0 and ${MAX_FILE_SIZE_LIMIT} bytes`,
    )
  return bytes === 0 ? null : Math.floor(bytes)
}

const MIME_PATTERN = /^[a-z0-9!#$&^_.+-]+\/(\*|[a-z0-9!#$&^_.+-]+)$/i

function allowedMimeTypes(value: unknown): string[] | null {
  if (value === null) return null
  if (
    !Array.isArray(value) ||
    value.length > 100 ||
    !value.every((t) => typeof t === 'string' && MIME_PATTERN.test(t))
  )
    throw new StorageFailure(400, 'InvalidRequest', 'allowed_mime_types must be a list of media types')
  return value.length ? (value as string[]) : null
}

/** The settable columns present in a create or update body, validated. */
function bucketSettings(body: Record<string, unknown>) {
  const settings: { column: string; value: unknown }[] = []
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean')
      throw new StorageFailure(400, 'InvalidRequest', 'public must be a boolean')
    settings.push({ column: 'public', value: body.public })
  }
  if (body.file_size_limit !== undefined)
    settings.push({ column: 'file_size_limit', value: fileSizeLimit(body.file_size_limit) })
  if (body.allowed_mime_types !== undefined)
    settings.push({ column: 'allowed_mime_types', value: allowedMimeTypes(body.allowed_mime_types) })
  return settings
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

/**
 * The buckets API. Every statement runs as the caller, so row-level security on `storage.buckets` decides
 * who may create, change or delete a bucket (the service role bypasses it, as on hosted Supabase).
 */
export function createBucketRoutes(deps: StorageDeps, files: ObjectFiles) {
  const { db, logger } = deps
  const caller = requireCaller(deps.keys)
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.use('/bucket', caller)
  app.use('/bucket/*', caller)

  const asCaller = <T>(
    c: Context<{ Variables: { caller: Caller } }>,
    fn: Parameters<typeof withClaims<T>>[3],
  ) => withClaims(db, c.get('caller').claims, c.get('caller').role, fn)

  const refused = (c: Context, err: unknown) => {
    const refusal = databaseRefusal(err)
    if (!refusal) throw err
    return storageError(c, refusal.status, refusal.error, refusal.message)
  }

  app.get('/bucket', async (c) => {
    const limit = Number.parseInt(c.req.query('limit') ?? '', 10)
    const offset = Number.parseInt(c.req.query('offset') ?? '', 10)
    const column = c.req.query('sortColumn') ?? 'name'
    const order = c.req.query('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
    const search = c.req.query('search') ?? ''
    if (!SORT_COLUMNS.has(column))
      return invalidBody(c, `sortColumn must be one of ${[...SORT_COLUMNS].join(', ')}`)
    const { rows } = await asCaller(c, (tx) =>
      tx.query(
        `select ${BUCKET_COLUMNS} from storage.buckets where name ilike $1
          order by ${column} ${order}, id limit $2 offset $3`,
        [
          `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
          Number.isFinite(limit) && limit > 0 ? Math.min(limit, 1000) : null,
          Number.isFinite(offset) && offset > 0 ? offset : 0,
        ],
      ),
    )
    return c.json(rows)
  })

  app.get('/bucket/:id', async (c) => {
    const id = c.req.param('id')
    if (!isValidBucketName(id)) return bucketNotFound(c)
    const { rows } = await asCaller(c, (tx) =>
      tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
    )
    return rows[0] ? c.json(rows[0]) : bucketNotFound(c)
  })

  app.post('/bucket', async (c) => {
    const body = await jsonObject(c)
    if (!body) return invalidBody(c, 'The body must be a JSON object')
    const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : ''
    const id = typeof body.id === 'string' && body.id ? body.id : name
    if (!isValidBucketName(id) || id !== name)
      return invalidBody(
        c,
        'Bucket name invalid: use lower-case letters, digits, dots, dashes and underscores',
      )
    try {
      const settings = bucketSettings(body)
      const who = c.get('caller')
      const owner = who.role === 'authenticated' ? (who.claims.sub ?? null) : null
      await asCaller(c, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, ${settings
            .map((s) => s.column)
            .concat('')
            .join(', ')} created_at)
           values ($1, $1, $2::uuid, ${settings.map((_, i) => `$${i + 3}, `).join('')} now())`,
          [id, owner, ...settings.map((s) => s.value)],
        ),
      )
    } catch (err) {
      return refused(c, err)
    }
    return c.json({ name: id })
  })

  app.put('/bucket/:id', async (c) => {
    const id = c.req.param('id')
    if (!isValidBucketName(id)) return bucketNotFound(c)
    const body = await jsonObject(c)
    if (!body) return invalidBody(c, 'The body must be a JSON object')
    try {
      const settings = bucketSettings(body)
      const { rows } = await asCaller(c, (tx) =>
        tx.query(
          `update storage.buckets set ${settings.map((s, i) => `${s.column} = $${i + 2}, `).join('')} updated_at = now()
            where id = $1 returning id`,
          [id, ...settings.map((s) => s.value)],
        ),
      )
      if (rows.length === 0) return bucketNotFound(c)
    } catch (err) {
      return refused(c, err)
    }
    return c.json({ message: 'Successfully updated' })
  })

  /** Deletes the bucket's objects the caller may delete, and their files. */
  async function emptyBucket(c: Context<{ Variables: { caller: Caller } }>, id: string) {
    const { rows } = await asCaller(c, (tx) =>
      tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]),
    )
    for (const row of rows)
      await rm(files.path(id, row.name), { force: true }).catch((err: unknown) =>
        logger.warn({ err, bucket: id, name: row.name }, 'Could not delete a removed object file'),
      )
  }

  app.post('/bucket/:id/empty', async (c) => {
    const id = c.req.param('id')
    if (!isValidBucketName(id)) return bucketNotFound(c)
    const visible = await asCaller(c, (tx) => tx.query('select 1 from storage.buckets where id = $1', [id]))
    if (visible.rows.length === 0) return bucketNotFound(c)
    await emptyBucket(c, id)
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
  })

  app.delete('/bucket/:id', async (c) => {
    const id = c.req.param('id')
    if (!isValidBucketName(id)) return bucketNotFound(c)
    try {
      const outcome = await asCaller(c, async (tx) => {
        const objects = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])
        if (objects.rows.length) return 'not_empty' as const
        const { rows } = await tx.query('delete from storage.buckets where id = $1 returning id', [id])
        return rows.length ? ('deleted' as const) : ('missing' as const)
      })
      if (outcome === 'missing') return bucketNotFound(c)
      if (outcome === 'not_empty')
        return storageError(c, 409, 'InvalidRequest', 'The bucket you tried to delete is not empty')
    } catch (err) {
      // An object the caller cannot see still holds the bucket (its foreign key).
      if ((err as { code?: string }).code === '23503')
        return storageError(c, 409, 'InvalidRequest', 'The bucket you tried to delete is not empty')
      return refused(c, err)
    }
    await rm(path.join(files.root, id), { recursive: true, force: true })
    return c.json({ message: 'Successfully deleted' })
  })

  return app
}
