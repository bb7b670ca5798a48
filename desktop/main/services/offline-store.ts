import { PGlite, type Transaction } from '@electric-sql/pglite'
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { SyncCursor } from '../../../shared/data/blogs.ts'
import type { BlogListItem, BlogRow } from '../../../shared/schemas/blog.ts'
import type { AttentionReason, PostInput } from '../../contract.ts'

/**
 * The desktop app's own Postgres (PGlite) in the user-data folder: the cached server posts, the editor's
 * local changes (one per post, each with the server version it builds on), and the queue of changes and
 * image uploads still to send. Every edit lands here before anything is sent, and every base version is
 * stored with its change, so a crash or restart changes nothing.
 *
 * Invariant: a change the editor saved stays in `local_changes` until the server holds it (then it is
 * removed in the same step that caches the server's row), or the editor resolves or discards it.
 */
const schema = `
create table if not exists server_posts (
  id text primary key,
  slug text not null,
  version bigint not null,
  updated_at text,
  row jsonb not null,
  -- The version this computer wrote last: a "conflict" with our own write is no conflict.
  own_version bigint
);
create index if not exists server_posts_slug_idx on server_posts (slug);
create table if not exists local_changes (
  post_id text primary key,
  base_version bigint not null,
  input jsonb,
  rev integer not null default 1,
  state text not null default 'pending' check (state in ('pending', 'conflict', 'attention')),
  theirs jsonb,
  reason text,
  message text,
  edited_at timestamptz not null default now(),
  detected_at timestamptz
);
create table if not exists sync_queue (
  seq bigserial primary key,
  kind text not null check (kind in ('change', 'upload')),
  post_id text,
  payload jsonb,
  image bytea,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text
);
create table if not exists meta (key text primary key, value text not null);
`

export type ChangeState = 'pending' | 'conflict' | 'attention'

/** One post's local change: an edit (input) or a delete (input null), built on `baseVersion` (0: new post). */
export interface LocalChange {
  postId: string
  baseVersion: number
  input: PostInput | null
  /** Bumped by every local save: a send removes the change only if the editor did not save again meanwhile. */
  rev: number
  state: ChangeState
  /** conflict: the server's copy when the conflict was found (null: deleted there). */
  theirs: BlogRow | null
  reason: AttentionReason | null
  message: string | null
  editedAt: Date
  detectedAt: Date | null
}

export interface UploadPayload {
  path: string
  contentType: string
}

export interface QueueEntry {
  seq: number
  kind: 'change' | 'upload'
  postId: string | null
  payload: UploadPayload | null
  image: Uint8Array | null
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
}

export interface CachedPost {
  row: BlogRow
  ownVersion: number | null
}

export class StoreLockedError extends Error {}

function takeLock(dir: string): string {
  const lockFile = path.join(dir, 'meridian-desktop.lock')
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'))
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0)
        // Two processes writing one PGlite directory corrupt it: refuse rather than risk the queue.
        throw new StoreLockedError(`The offline store is in use by another Meridian process (pid ${pid}).`)
      } catch (err) {
        if (err instanceof StoreLockedError) throw err
        // The process is gone: a stale lock from a crash.
      }
    }
  } catch (err) {
    if (err instanceof StoreLockedError) throw err
  }
  writeFileSync(lockFile, String(process.pid))
  return lockFile
}

type Row = Record<string, unknown>
type Db = PGlite | Transaction

export class OfflineStore {
  private constructor(
    readonly db: PGlite,
    private readonly lockFile: string,
  ) {}

  /** Opens (creating if needed) the store in `dir`, e.g. Electron's `app.getPath('userData')/offline`. */
  static async open(dir: string): Promise<OfflineStore> {
    mkdirSync(dir, { recursive: true })
    const lockFile = takeLock(dir)
    try {
      const db = new PGlite(path.join(dir, 'pgdata'))
      await db.exec(schema)
      await importEarlierStore(db)
      return new OfflineStore(db, lockFile)
    } catch (err) {
      rmSync(lockFile, { force: true })
      throw err
    }
  }

  async close() {
    await this.db.close()
    rmSync(this.lockFile, { force: true })
  }

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(run)
  }

  // ---- meta -------------------------------------------------------------------------------------------
  async getMeta(key: string): Promise<string | null> {
    const { rows } = await this.db.query<{ value: string }>('select value from meta where key = $1', [key])
    return rows[0]?.value ?? null
  }
  async setMeta(key: string, value: string | null, db: Db = this.db) {
    if (value === null) await db.query('delete from meta where key = $1', [key])
    else
      await db.query(
        'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
        [key, value],
      )
  }
  async getCursor(key: string): Promise<SyncCursor | null> {
    const value = await this.getMeta(key)
    return value ? (JSON.parse(value) as SyncCursor) : null
  }

  // ---- cached server posts ----------------------------------------------------------------------------
  /**
   * Caches server rows, each only if it is newer than the cached copy (a stale copy never replaces a newer
   * one). `own` marks rows this computer just wrote.
   */
  async cachePosts(rows: BlogRow[], options: { own?: boolean } = {}, db: Db = this.db) {
    for (const row of rows) {
      await db.query(
        `insert into server_posts (id, slug, version, updated_at, row, own_version) values ($1, $2, $3, $4, $5, $6)
         on conflict (id) do update set slug = excluded.slug, version = excluded.version,
           updated_at = excluded.updated_at, row = excluded.row,
           own_version = coalesce(excluded.own_version, server_posts.own_version)
         where server_posts.version < excluded.version
            or (server_posts.version = excluded.version and excluded.own_version is not null)`,
        [
          row.id,
          row.slug,
          row.version,
          row.updated_at,
          JSON.stringify(row),
          options.own ? row.version : null,
        ],
      )
    }
  }
  /** Every cached post without its bodies (`content`, `content_markdown`): what a list needs. */
  async cachedListRows(): Promise<BlogListItem[]> {
    const { rows } = await this.db.query<{ row: BlogListItem }>(
      `select row - 'content' - 'content_markdown' as row from server_posts`,
    )
    return rows.map((r) => r.row)
  }
  async cachedPost(id: string, db: Db = this.db): Promise<CachedPost | null> {
    const { rows } = await db.query<{ row: BlogRow; own_version: number | null }>(
      'select row, own_version from server_posts where id = $1',
      [id],
    )
    const r = rows[0]
    return r ? { row: r.row, ownVersion: r.own_version === null ? null : Number(r.own_version) } : null
  }
  async cachedPostsBySlug(slug: string): Promise<BlogRow[]> {
    const { rows } = await this.db.query<{ row: BlogRow }>('select row from server_posts where slug = $1', [
      slug,
    ])
    return rows.map((r) => r.row)
  }
  /** Drops a cached post the server deleted at `deletedAt`, unless the cache holds a later write. */
  async uncachePost(id: string, deletedAt?: string, db: Db = this.db) {
    if (deletedAt === undefined) {
      await db.query('delete from server_posts where id = $1', [id])
      return
    }
    await db.query(
      `delete from server_posts where id = $1 and (updated_at is null or updated_at::timestamptz <= $2::timestamptz)`,
      [id, deletedAt],
    )
  }
  async clearCache() {
    await this.db.query('delete from server_posts')
  }

  // ---- local changes ----------------------------------------------------------------------------------
  /**
   * Records the editor's save of post `postId` in one statement: a new change builds on `baseVersion`; a
   * post that already has a change keeps its base (the edits chain) and a refused one is pending again;
   * one in conflict stays in conflict with the newer "mine".
   */
  async saveChange(postId: string, baseVersion: number, input: PostInput | null): Promise<LocalChange> {
    const { rows } = await this.db.query<Row>(
      `insert into local_changes (post_id, base_version, input) values ($1, $2, $3)
       on conflict (post_id) do update set input = excluded.input, rev = local_changes.rev + 1,
         state = case when local_changes.state = 'conflict' then 'conflict' else 'pending' end,
         reason = null, message = null, edited_at = now()
       returning *`,
      [postId, baseVersion, input ? JSON.stringify(input) : null],
    )
    return toChange(rows[0]!)
  }
  async change(postId: string, db: Db = this.db): Promise<LocalChange | null> {
    const { rows } = await db.query<Row>('select * from local_changes where post_id = $1', [postId])
    return rows[0] ? toChange(rows[0]) : null
  }
  async changes(state?: ChangeState): Promise<LocalChange[]> {
    const { rows } = state
      ? await this.db.query<Row>('select * from local_changes where state = $1 order by edited_at', [state])
      : await this.db.query<Row>('select * from local_changes order by edited_at')
    return rows.map(toChange)
  }
  /** The change (if any) whose edit carries this slug. */
  async changeWithSlug(slug: string): Promise<LocalChange | null> {
    const { rows } = await this.db.query<Row>(
      `select * from local_changes where input->>'slug' = $1 order by edited_at desc limit 1`,
      [slug],
    )
    return rows[0] ? toChange(rows[0]) : null
  }
  /**
   * The server now holds revision `rev` of this change as `row` (null: deleted). If the editor has not
   * saved again meanwhile the change is done; otherwise the newer save builds on the server's new version.
   */
  async changeLanded(postId: string, rev: number, row: BlogRow | null) {
    await this.db.transaction(async (tx) => {
      if (row) await this.cachePosts([row], { own: true }, tx)
      else await this.uncachePost(postId, undefined, tx)
      const { affectedRows } = await tx.query('delete from local_changes where post_id = $1 and rev = $2', [
        postId,
        rev,
      ])
      if (!affectedRows)
        await tx.query('update local_changes set base_version = $2 where post_id = $1', [
          postId,
          row?.version ?? 0,
        ])
      await tx.query(`delete from sync_queue where kind = 'change' and post_id = $1 and $2`, [
        postId,
        Boolean(affectedRows),
      ])
    })
  }
  /** The change lost a race: it waits, with the server's copy, for the editor's choice. */
  async markConflict(postId: string, theirs: BlogRow | null) {
    await this.db.transaction(async (tx) => {
      if (theirs) await this.cachePosts([theirs], {}, tx)
      await tx.query(
        `update local_changes set state = 'conflict', theirs = $2, detected_at = now() where post_id = $1`,
        [postId, theirs ? JSON.stringify(theirs) : null],
      )
      await tx.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
    })
  }
  /** The server refused the change: it waits, with the reason, for the editor to edit or discard it. */
  async markAttention(postId: string, reason: AttentionReason, message: string) {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update local_changes set state = 'attention', reason = $2, message = $3, detected_at = now() where post_id = $1`,
        [postId, reason, message],
      )
      await tx.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
    })
  }
  /** Our own earlier write is on the server (a lost reply): the change builds on it and goes again. */
  async rebaseChange(postId: string, version: number) {
    await this.db.query('update local_changes set base_version = $2 where post_id = $1', [postId, version])
  }
  async removeChange(postId: string, db: Db = this.db) {
    await db.query('delete from local_changes where post_id = $1', [postId])
    await db.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
  }
  /** Replaces a change (resolving a conflict) and queues it. */
  async replaceChange(postId: string, baseVersion: number, input: PostInput | null, db: Db) {
    await db.query(
      `insert into local_changes (post_id, base_version, input) values ($1, $2, $3)
       on conflict (post_id) do update set base_version = excluded.base_version, input = excluded.input,
         rev = local_changes.rev + 1, state = 'pending', theirs = null, reason = null, message = null,
         edited_at = now(), detected_at = null`,
      [postId, baseVersion, input ? JSON.stringify(input) : null],
    )
    await this.enqueueChange(postId, db)
  }

  // ---- queue ------------------------------------------------------------------------------------------
  /**
   * Queues the post's change to be sent. A change already waiting is moved to the back, so it stays after
   * any image upload it refers to.
   */
  async enqueueChange(postId: string, db: Db = this.db) {
    await db.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
    await db.query(`insert into sync_queue (kind, post_id) values ('change', $1)`, [postId])
  }
  async enqueueUpload(payload: UploadPayload, image: Uint8Array) {
    await this.db.query(`insert into sync_queue (kind, payload, image) values ('upload', $1, $2)`, [
      JSON.stringify(payload),
      image,
    ])
  }
  async queue(): Promise<QueueEntry[]> {
    const { rows } = await this.db.query<Row>('select * from sync_queue order by seq')
    return rows.map(toEntry)
  }
  async nextEntry(afterSeq = 0): Promise<QueueEntry | null> {
    const { rows } = await this.db.query<Row>(
      'select * from sync_queue where seq > $1 order by seq limit 1',
      [afterSeq],
    )
    return rows[0] ? toEntry(rows[0]) : null
  }
  async queuedFor(postId: string): Promise<QueueEntry | null> {
    const { rows } = await this.db.query<Row>(
      `select * from sync_queue where kind = 'change' and post_id = $1`,
      [postId],
    )
    return rows[0] ? toEntry(rows[0]) : null
  }
  async pendingCount(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('select count(*)::int as n from sync_queue')
    return rows[0]?.n ?? 0
  }
  async countByState(): Promise<Record<ChangeState, number>> {
    const { rows } = await this.db.query<{ state: ChangeState; n: number }>(
      'select state, count(*)::int as n from local_changes group by state',
    )
    const counts = { pending: 0, conflict: 0, attention: 0 }
    for (const r of rows) counts[r.state] = r.n
    return counts
  }
  async removeEntry(seq: number) {
    await this.db.query('delete from sync_queue where seq = $1', [seq])
  }
  async deferEntry(seq: number, error: string, retryAt: Date) {
    await this.db.query(
      'update sync_queue set attempts = attempts + 1, last_error = $2, next_attempt_at = $3 where seq = $1',
      [seq, error, retryAt.toISOString()],
    )
  }
  /** Lets every waiting entry run now (the network came back, or the editor pressed Sync now). */
  async makeAllDue() {
    await this.db.query('update sync_queue set next_attempt_at = now() where next_attempt_at > now()')
  }
}

/**
 * Stores written by earlier versions of the app kept drafts by slug with a time as their base. Their
 * changes are carried over (a base time is no version: such a change is sent with base -1, so the server
 * copy is compared field by field and any difference shows as a conflict, never an overwrite), their
 * conflicts stay conflicts, their image uploads stay queued; then the old tables go and everything is
 * pulled again.
 */
async function importEarlierStore(db: PGlite) {
  const { rows: old } = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'drafts'`,
  )
  if (!old[0]?.n) return
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
      if (!conflict) await tx.query(`insert into sync_queue (kind, post_id) values ('change', $1)`, [postId])
    }
    await tx.exec('drop table drafts; drop table conflicts; drop table outbox; drop table posts')
    await tx.query(`delete from meta where key = 'pull_cursor'`)
  })
}

function toChange(r: Row): LocalChange {
  return {
    postId: r.post_id as string,
    baseVersion: Number(r.base_version),
    input: (r.input as PostInput | null) ?? null,
    rev: Number(r.rev),
    state: r.state as ChangeState,
    theirs: (r.theirs as BlogRow | null) ?? null,
    reason: (r.reason as AttentionReason | null) ?? null,
    message: (r.message as string | null) ?? null,
    editedAt: new Date(r.edited_at as string),
    detectedAt: r.detected_at ? new Date(r.detected_at as string) : null,
  }
}

function toEntry(r: Row): QueueEntry {
  return {
    seq: Number(r.seq),
    kind: r.kind as QueueEntry['kind'],
    postId: (r.post_id as string | null) ?? null,
    payload: (r.payload as UploadPayload | null) ?? null,
    image: (r.image as Uint8Array | null) ?? null,
    attempts: r.attempts as number,
    nextAttemptAt: new Date(r.next_attempt_at as string),
    lastError: (r.last_error as string | null) ?? null,
  }
}
