import { randomUUID } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { BlogRow } from '../../../shared/schemas/blog.ts'
import { toChange, type ImportedProfile, type UploadPayload } from './offline-store-rows.ts'

/**
 * Earlier versions of the app kept the offline store in PGlite (`pgdata/` in the same folder). The first
 * time this version opens such a profile it carries over everything that is not on the server yet: local
 * changes in every state (pending, conflict, needs attention) with their base versions, queued image
 * uploads in their order, the cached rows this computer wrote (so a lost reply is still told from a
 * conflict), the site address and its configuration. The rest of the cache is pulled again.
 *
 * Crash-safe: the import is one SQLite transaction that also records `imported_pglite`; only then is
 * `pgdata/` removed, and a folder left by a crash between the two is removed on the next open.
 */
const metaImported = 'imported_pglite'
/** Meta keys that are not carried over: the cursors of a cache that is not imported. */
const droppedMeta = new Set(['posts_cursor', 'deletes_cursor', 'pull_cursor'])

type Row = Record<string, unknown>

/** What the import writes into: the offline store (whose open calls it). */
interface ProfileTarget {
  getMeta(key: string): string | null
  importProfile(profile: ImportedProfile): void
}

export async function importPgliteProfile(dir: string, store: ProfileTarget): Promise<void> {
  const pgdata = path.join(dir, 'pgdata')
  if (!existsSync(pgdata)) return
  if (store.getMeta(metaImported) === null) {
    // Loaded only here: a profile that was never PGlite never pays for it.
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(pgdata)
    try {
      await importDraftsEra(db)
      store.importProfile(await readProfile(db))
    } finally {
      await db.close()
    }
  }
  rmSync(pgdata, { recursive: true, force: true })
}

async function readProfile(db: PGlite): Promise<ImportedProfile> {
  const has = async (table: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = $1`,
        [table],
      )
    ).rows[0]!.n > 0
  const changes = (await has('local_changes'))
    ? (await db.query<Row>('select * from local_changes order by edited_at')).rows.map(toChange)
    : []
  const uploads = (await has('sync_queue'))
    ? (
        await db.query<{ payload: UploadPayload; image: Uint8Array | null }>(
          `select payload, image from sync_queue where kind = 'upload' order by seq`,
        )
      ).rows.map((r) => ({ payload: r.payload, image: r.image ?? new Uint8Array() }))
    : []
  const ownRows = (await has('server_posts'))
    ? (
        await db.query<{ row: BlogRow }>('select row from server_posts where own_version is not null')
      ).rows.map((r) => r.row)
    : []
  const meta: Record<string, string> = {}
  if (await has('meta'))
    for (const { key, value } of (
      await db.query<{ key: string; value: string }>('select key, value from meta')
    ).rows)
      if (!droppedMeta.has(key)) meta[key] = value
  meta[metaImported] = new Date().toISOString()
  return { changes, uploads, ownRows, meta }
}

/**
 * Stores older still kept drafts by slug with a time as their base. Their changes are carried over (a base
 * time is no version: such a change is sent with base -1, so the server copy is compared field by field and
 * any difference shows as a conflict, never an overwrite), their conflicts stay conflicts, their image
 * uploads stay queued.
 */
async function importDraftsEra(db: PGlite) {
  const { rows: old } = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'drafts'`,
  )
  if (!old[0]?.n) return
  await db.exec(`
    create table if not exists local_changes (
      post_id text primary key, base_version bigint not null, input jsonb, rev integer not null default 1,
      state text not null default 'pending', theirs jsonb, reason text, message text,
      edited_at timestamptz not null default now(), detected_at timestamptz);
    create table if not exists sync_queue (
      seq bigserial primary key, kind text not null, post_id text, payload jsonb, image bytea,
      attempts integer not null default 0, next_attempt_at timestamptz not null default now(), last_error text);`)
  await db.transaction(async (tx) => {
    const { rows: drafts } = await tx.query<Row>('select * from drafts')
    const { rows: conflicts } = await tx.query<Row>('select * from conflicts')
    const { rows: uploads } = await tx.query<Row>(`select * from outbox where kind = 'upload' order by seq`)
    const { rows: cached } = await tx.query<{ slug: string; id: string }>('select slug, id from posts')
    const idOf = new Map(cached.map((r) => [r.slug, r.id]))
    for (const upload of uploads) {
      await tx.query(`insert into sync_queue (kind, payload, image) values ('upload', $1, $2)`, [
        JSON.stringify(upload.payload),
        upload.image,
      ])
    }
    for (const draft of drafts) {
      const slug = draft.slug as string
      const postId = (draft.post_id as string | null) ?? idOf.get(slug) ?? randomUUID()
      const known = Boolean(draft.post_id ?? idOf.get(slug))
      const conflict = conflicts.find((c) => c.slug === slug)
      await tx.query(
        `insert into local_changes (post_id, base_version, input, state, theirs, detected_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (post_id) do nothing`,
        [
          postId,
          known ? -1 : 0,
          draft.deleted ? null : JSON.stringify(conflict ? conflict.mine : draft.input),
          conflict ? 'conflict' : 'pending',
          conflict?.theirs ? JSON.stringify(conflict.theirs) : null,
          conflict ? new Date().toISOString() : null,
        ],
      )
    }
    await tx.exec('drop table drafts; drop table conflicts; drop table outbox; drop table posts')
  })
}
