import { Hono } from 'hono'
import { withClaims } from './database.ts'
import {
  invalidBody,
  jsonObject,
  OBJECT_COLUMNS,
  requireBucket,
  requireCaller,
  type Caller,
  type ObjectRow,
  type StorageDeps,
} from './storage-http.ts'
import { validateListPrefix } from './storage-path.ts'

/** A folder entry of `list` (Storage shows deeper objects as their first folder). */
const folderEntry = (name: string) => ({
  name,
  id: null,
  updated_at: null,
  created_at: null,
  last_accessed_at: null,
  metadata: null,
})

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The rows under a raw name prefix, as the caller may see them. */
async function rowsUnder(deps: StorageDeps, caller: Caller, bucketId: string, prefix: string) {
  const { rows } = await withClaims(deps.db, caller.claims, caller.role, (tx) =>
    tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 order by name`,
      [bucketId, likePrefix(prefix)],
    ),
  )
  return rows
}

const clampLimit = (value: unknown, fallback: number) =>
  Number.isInteger(value) ? Math.min(Math.max(Number(value), 1), 1000) : fallback

function sortOf(body: Record<string, unknown>, columns: readonly string[]) {
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = columns.includes(String(sortBy.column)) ? String(sortBy.column) : 'name'
  return { column, descending: String(sortBy.order).toLowerCase() === 'desc' }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** `POST /object/list/:bucket` (folders of a prefix) and `POST /object/list-v2/:bucket` (paged, flat or by folder). */
export function createListRoutes(deps: StorageDeps): Hono {
  const caller = requireCaller(deps.keys)
  const bucket = requireBucket(deps.db)
  const app = new Hono()

  app.post('/object/list/:bucket', caller, bucket, async (c) => {
    const body = await jsonObject(c)
    if (!body) return invalidBody(c, 'The body must be a JSON object')
    const prefix = validateListPrefix(typeof body.prefix === 'string' ? body.prefix : '')
    const limit = clampLimit(body.limit, 100)
    const offset = Number.isInteger(body.offset) ? Math.max(Number(body.offset), 0) : 0
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
    const { column, descending } = sortOf(body, ['name', 'created_at', 'updated_at', 'last_accessed_at'])

    const rows = await rowsUnder(deps, c.get('caller'), c.get('bucket').id, prefix === '' ? '' : `${prefix}/`)
    // Like Storage's list: entries directly under the prefix; deeper objects show up as their folder.
    const base = prefix === '' ? 0 : prefix.length + 1
    const folders = new Map<string, Record<string, unknown>>()
    const files: Record<string, unknown>[] = []
    for (const row of rows) {
      const rest = row.name.slice(base)
      const slash = rest.indexOf('/')
      if (slash >= 0) folders.set(rest.slice(0, slash), folderEntry(rest.slice(0, slash)))
      else
        files.push({ ...row, name: rest, bucket_id: undefined, owner: undefined, user_metadata: undefined })
    }
    const entries = [...folders.values(), ...files].filter((e) =>
      String(e.name).toLowerCase().startsWith(search),
    )
    const sortKey = (e: Record<string, unknown>) => (e[column] == null ? '' : String(e[column]))
    entries.sort((a, b) => {
      // Folders first, as Storage does, then the requested order.
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
      const cmp = compare(sortKey(a), sortKey(b))
      return descending ? -cmp : cmp
    })
    return c.json(entries.slice(offset, offset + limit))
  })

  app.post('/object/list-v2/:bucket', caller, bucket, async (c) => {
    const body = await jsonObject(c)
    if (!body) return invalidBody(c, 'The body must be a JSON object')
    const prefix = typeof body.prefix === 'string' ? body.prefix : ''
    if (prefix !== '') validateListPrefix(prefix)
    const limit = clampLimit(body.limit, 1000)
    const withDelimiter = body.with_delimiter === true
    const { column, descending } = sortOf(body, ['name', 'created_at', 'updated_at'])
    const cursor = typeof body.cursor === 'string' ? decodeCursor(body.cursor) : null

    const rows = await rowsUnder(deps, c.get('caller'), c.get('bucket').id, prefix)
    // With the delimiter, what lies deeper than one more `/` after the prefix is shown as its folder.
    const folders = new Map<string, { name: string; key: string }>()
    const objects: ObjectRow[] = []
    for (const row of rows) {
      const slash = withDelimiter ? row.name.indexOf('/', prefix.length) : -1
      if (slash >= 0) {
        const key = row.name.slice(0, slash)
        folders.set(key, { key, name: `${key}/` })
      } else objects.push(row)
    }
    type Entry = { sort: string; name: string; folder?: { name: string; key: string }; object?: ObjectRow }
    const entries: Entry[] = [
      ...[...folders.values()].map((folder) => ({ sort: '', name: folder.name, folder })),
      ...objects.map((object) => ({
        sort: column === 'name' ? '' : String(object[column as 'created_at' | 'updated_at']),
        name: object.name,
        object,
      })),
    ]
    const order = (a: { sort: string; name: string }, b: { sort: string; name: string }) => {
      const cmp = compare(a.sort, b.sort) || compare(a.name, b.name)
      return descending ? -cmp : cmp
    }
    entries.sort(order)
    const after = cursor ? entries.filter((e) => order(e, cursor) > 0) : entries
    const page = after.slice(0, limit)
    const hasNext = after.length > limit
    const last = page[page.length - 1]
    return c.json({
      hasNext,
      ...(hasNext && last ? { nextCursor: encodeCursor({ sort: last.sort, name: last.name }) } : {}),
      folders: page.flatMap((e) => (e.folder ? [e.folder] : [])),
      objects: page.flatMap((e) =>
        e.object
          ? [
              {
                id: e.object.id,
                name: e.object.name,
                key: e.object.name,
                updated_at: e.object.updated_at,
                created_at: e.object.created_at,
                last_accessed_at: e.object.last_accessed_at,
                metadata: e.object.metadata,
              },
            ]
          : [],
      ),
    })
  })

  return app
}

function encodeCursor(position: { sort: string; name: string }): string {
  return Buffer.from(JSON.stringify([position.sort, position.name])).toString('base64url')
}

/** A cursor this backend issued; anything else starts from the beginning. */
function decodeCursor(cursor: string): { sort: string; name: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string')
      return { sort: parsed[0], name: parsed[1] }
  } catch {
    // Not ours.
  }
  return null
}
