import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { SyncCursor } from '../../../shared/data/blogs.ts'
import { lockDirectory, type DirectoryLock } from '../../../shared/lib/directory-lock.node.ts'
import {
  statusAt,
  type AdminStatusFilter,
  type BlogListItem,
  type BlogRow,
  type BlogStatus,
} from '../../../shared/schemas/blog.ts'
import type { AttentionReason, PostInput } from '../../contract.ts'
import { importPgliteProfile } from './offline-store-import.ts'
import {
  compareInstants,
  parsed,
  toChange,
  toEntry,
  type CachedPost,
  type ChangeState,
  type ImportedProfile,
  type LocalChange,
  type QueueEntry,
  type UploadPayload,
} from './offline-store-rows.ts'

export type { CachedPost, ChangeState, LocalChange, QueueEntry, UploadPayload } from './offline-store-rows.ts'

/**
 * The desktop app's own database (SQLite, `offline.sqlite` in the user-data folder): the cached server
 * posts, the editor's local changes (one per post, each with the server version it builds on), and the
 * queue of changes and image uploads still to send. Every edit lands here before anything is sent.
 *
 * Invariant: a change the editor saved stays in `local_changes` until the server holds it (then it is
 * removed in the same transaction that caches the server's row), or the editor resolves or discards it.
 * A pending change always has its queue entry: both are written in one transaction, and opening the store
 * queues again any pending change that has none (a profile from an earlier version, a hand-edited file).
 *
 * SQLite in WAL mode with `synchronous = FULL`: a transaction that returned is on disk, and one the process
 * died inside of is rolled back when the file is next opened. Every method is synchronous (better-sqlite3),
 * so no other call can run between the statements of one method.
 */
const schema = `
create table if not exists server_posts (
  id text primary key,
  slug text not null,
  version integer not null,
  updated_at text,
  row text not null,
  -- The row without its bodies (content, content_markdown): what a list reads.
  list_row text not null,
  -- The version this computer wrote last: a "conflict" with our own write is no conflict.
  own_version integer
);
create index if not exists server_posts_slug_idx on server_posts (slug);
create table if not exists local_changes (
  post_id text primary key,
  base_version integer not null,
  input text,
  rev integer not null default 1,
  state text not null default 'pending' check (state in ('pending', 'conflict', 'attention')),
  theirs text,
  reason text,
  message text,
  edited_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  detected_at text,
  -- 1 once any revision of this change may have reached the server (set before each send).
  sent integer not null default 0
);
create index if not exists local_changes_slug_idx on local_changes (input ->> 'slug');
create table if not exists sync_queue (
  seq integer primary key autoincrement,
  kind text not null check (kind in ('change', 'upload')),
  post_id text,
  payload text,
  image blob,
  attempts integer not null default 0,
  next_attempt_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_error text
);
create unique index if not exists sync_queue_change_idx on sync_queue (post_id) where kind = 'change';
create table if not exists meta (key text primary key, value text not null);
`
const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`

export class StoreLockedError extends Error {}

export interface ListPageQuery {
  /** Lower-cased text to find in the title, slug or author ('' for all). */
  search: string
  status: AdminStatusFilter
  ascending: boolean
  /** null: to the end. */
  limit: number | null
  offset: number
  /** The time scheduled posts are judged at (this computer's clock: offline there is no other). */
  now: number
}

export interface ListPageRow {
  /** The cached server row without its bodies (null: a post only this computer has). */
  listed: BlogListItem | null
  change: LocalChange | null
}

/**
 * The posts the editor sees, with the fields a list filters and orders by: a cached post with its local
 * change's fields (a pending delete hides it; a delete in conflict or refused shows the server's copy),
 * and each post that exists only as a local change (created here, not sent yet). `lower_js` is
 * JavaScript's `toLowerCase` and `status_at` is `statusAt` (shared/schemas/blog.ts), so matching and the
 * scheduling rule are the same as everywhere else in the app.
 */
const visiblePosts = `
with fields as (
  select s.id, s.list_row,
    case when c.input is not null then c.input else s.list_row end as f,
    unixepoch(s.list_row ->> 'created_at', 'subsec') as created_at
  from server_posts s left join local_changes c on c.post_id = s.id
  where not (c.post_id is not null and c.input is null and c.state = 'pending')
  union all
  select c.post_id, null, c.input, unixepoch(c.edited_at, 'subsec')
  from local_changes c
  where c.input is not null and not exists (select 1 from server_posts s where s.id = c.post_id)
),
visible as (
  select id, list_row, created_at from fields
  where (@needle = ''
         or instr(lower_js(f ->> 'title'), @needle) > 0
         or instr(lower_js(f ->> 'slug'), @needle) > 0
         or instr(lower_js(coalesce(f ->> 'author', '')), @needle) > 0)
    and (@status = 'all' or @status = status_at(f ->> 'status', f ->> 'publish_at', @now))
)
`

/** The file names inside the store's folder. */
export const storeFiles = { database: 'offline.sqlite', lock: 'meridian-desktop.lock' }

/** Two app processes syncing one store would send every change twice: the second is refused. */
function takeLock(dir: string): DirectoryLock {
  return lockDirectory({
    lockPath: path.join(dir, storeFiles.lock),
    refuse: (pid) =>
      new StoreLockedError(
        `The offline store is in use by another Meridian process${pid ? ` (pid ${pid})` : ''}.`,
      ),
  })
}

type Row = Record<string, unknown>
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
export class OfflineStore {
  private readonly statements = new Map<string, Database.Statement>()

  private constructor(
    private readonly db: Database.Database,
    private readonly lock: DirectoryLock,
  ) {}

  /** Opens (creating if needed) the store in `dir`, e.g. Electron's `app.getPath('userData')/offline`. */
  static async open(dir: string): Promise<OfflineStore> {
    mkdirSync(dir, { recursive: true })
    const lock = takeLock(dir)
    let db: Database.Database | null = null
    try {
      db = new Database(path.join(dir, storeFiles.database))
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = FULL')
      db.pragma('foreign_keys = ON')
      db.function('lower_js', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' ? text.toLowerCase() : text,
      )
      // The app's one rule for when a scheduled post counts as published (`statusAt`).
      db.function('status_at', { deterministic: true }, (status: unknown, publishAt: unknown, now: unknown) =>
        statusAt({ status: status as BlogStatus, publish_at: publishAt as string | null }, Number(now)),
      )
      db.exec(schema)
      const store = new OfflineStore(db, lock)
      await importPgliteProfile(dir, store)
      store.requeueOrphans()
      return store
    } catch (err) {
      db?.close()
      lock.release()
      throw err
    }
  }

  close() {
    if (!this.db.open) return
    this.db.close()
    this.lock.release()
  }

  /** Runs `run` as one transaction (nested calls become savepoints). */
  transaction<T>(run: () => T): T {
    return this.db.transaction(run)()
  }

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text)
    if (!statement) {
      statement = this.db.prepare(text)
      this.statements.set(text, statement)
    }
    return statement
  }

  // ---- meta -------------------------------------------------------------------------------------------
  getMeta(key: string): string | null {
    const row = this.sql('select value from meta where key = ?').get(key) as { value: string } | undefined
    return row?.value ?? null
  }
  setMeta(key: string, value: string | null) {
    if (value === null) this.sql('delete from meta where key = ?').run(key)
    else
      this.sql(
        'insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
      ).run(key, value)
  }
  getCursor(key: string): SyncCursor | null {
    return parsed<SyncCursor>(this.getMeta(key))
  }

  // ---- cached server posts ----------------------------------------------------------------------------
  /**
   * Caches server rows, each only if it is newer than the cached copy (a stale copy never replaces a newer
   * one). `own` marks rows this computer just wrote.
   */
  cachePosts(rows: BlogRow[], options: { own?: boolean } = {}) {
    const upsert = this.sql(
      `insert into server_posts (id, slug, version, updated_at, row, list_row, own_version)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set slug = excluded.slug, version = excluded.version,
         updated_at = excluded.updated_at, row = excluded.row, list_row = excluded.list_row,
         own_version = coalesce(excluded.own_version, server_posts.own_version)
       where server_posts.version < excluded.version
          or (server_posts.version = excluded.version and excluded.own_version is not null)`,
    )
    this.transaction(() => {
      for (const row of rows) {
        const { content: _content, content_markdown: _markdown, ...listed } = row
        upsert.run(
          row.id,
          row.slug,
          row.version,
          row.updated_at,
          JSON.stringify(row),
          JSON.stringify(listed),
          options.own ? row.version : null,
        )
      }
    })
  }
  /**
   * One page of the posts as the editor sees them (each cached post with its local change laid over it, and
   * the posts only this computer has), filtered, ordered by creation time then id, and counted, in SQL:
   * a page of a list of 10,000 posts reads that page, not the 10,000. The caller lays each change over its
   * row (`overlay` in the sync engine) as `getPost` does.
   */
  listPage(query: ListPageQuery): { total: number; rows: ListPageRow[] } {
    const params = {
      needle: query.search,
      status: query.status,
      now: query.now,
    }
    const total = (this.sql(`${visiblePosts} select count(*) as n from visible`).get(params) as { n: number })
      .n
    const order = query.ascending ? 'asc' : 'desc'
    const rows = this.sql(
      `${visiblePosts}
       select v.list_row, c.* from visible v left join local_changes c on c.post_id = v.id
       order by v.created_at ${order}, v.id ${order} limit @limit offset @offset`,
    ).all({ ...params, limit: query.limit ?? -1, offset: query.offset }) as Row[]
    return {
      total,
      rows: rows.map((r) => ({
        listed: parsed<BlogListItem>(r.list_row),
        change: r.post_id ? toChange(r) : null,
      })),
    }
  }
  cachedPost(id: string): CachedPost | null {
    const r = this.sql('select row, own_version from server_posts where id = ?').get(id) as Row | undefined
    return r ? { row: parsed<BlogRow>(r.row)!, ownVersion: (r.own_version as number | null) ?? null } : null
  }
  cachedPostsBySlug(slug: string): BlogRow[] {
    const rows = this.sql('select row from server_posts where slug = ?').all(slug) as Array<{ row: string }>
    return rows.map((r) => JSON.parse(r.row) as BlogRow)
  }
  /** Drops a cached post the server deleted at `deletedAt`, unless the cache holds a later write. */
  uncachePost(id: string, deletedAt?: string) {
    const cached = this.sql('select updated_at from server_posts where id = ?').get(id) as Row | undefined
    if (!cached) return
    const updatedAt = cached.updated_at as string | null
    if (deletedAt === undefined || updatedAt === null || compareInstants(updatedAt, deletedAt) <= 0)
      this.sql('delete from server_posts where id = ?').run(id)
  }
  clearCache() {
    this.sql('delete from server_posts').run()
  }

  // ---- local changes ----------------------------------------------------------------------------------
  /**
   * Records the editor's save of post `postId` (`input` null: a delete) and queues it, in one transaction.
   * A new change builds on `baseVersion`; a post that already has a change keeps its base (the edits chain)
   * and a refused one is pending again; one in conflict stays in conflict with the newer "mine" (and is not
   * queued: it waits for the editor's choice).
   */
  saveChange(postId: string, baseVersion: number, input: PostInput | null): LocalChange {
    return this.transaction(() => {
      const row = this.sql(
        `insert into local_changes (post_id, base_version, input) values (?, ?, ?)
         on conflict (post_id) do update set input = excluded.input, rev = local_changes.rev + 1,
           state = case when local_changes.state = 'conflict' then 'conflict' else 'pending' end,
           reason = null, message = null, edited_at = ${now}
         returning *`,
      ).get(postId, baseVersion, json(input)) as Row
      const change = toChange(row)
      if (change.state === 'pending') this.enqueueChange(postId)
      return change
    })
  }
  change(postId: string): LocalChange | null {
    const row = this.sql('select * from local_changes where post_id = ?').get(postId) as Row | undefined
    return row ? toChange(row) : null
  }
  changes(state?: ChangeState): LocalChange[] {
    const rows = state
      ? this.sql('select * from local_changes where state = ? order by edited_at').all(state)
      : this.sql('select * from local_changes order by edited_at').all()
    return (rows as Row[]).map(toChange)
  }
  /** The change (if any) whose edit carries this slug. */
  changeWithSlug(slug: string): LocalChange | null {
    const row = this.sql(
      `select * from local_changes where input ->> 'slug' = ? order by edited_at desc limit 1`,
    ).get(slug) as Row | undefined
    return row ? toChange(row) : null
  }
  /**
   * The server now holds revision `rev` of this change as `row` (null: deleted). If the editor has not
   * saved again meanwhile the change is done; otherwise the newer save builds on the server's new version
   * and stays queued.
   */
  changeLanded(postId: string, rev: number, row: BlogRow | null) {
    this.transaction(() => {
      if (row) this.cachePosts([row], { own: true })
      else this.uncachePost(postId)
      const { changes } = this.sql('delete from local_changes where post_id = ? and rev = ?').run(postId, rev)
      if (changes) this.sql(`delete from sync_queue where kind = 'change' and post_id = ?`).run(postId)
      else
        this.sql('update local_changes set base_version = ? where post_id = ?').run(row?.version ?? 0, postId)
    })
  }
  /** Recorded before a send: from now on the server may hold this change (its reply may never arrive). */
  markSending(postId: string) {
    this.sql('update local_changes set sent = 1 where post_id = ?').run(postId)
  }
  /** The change lost a race: it waits, with the server's copy, for the editor's choice. */
  markConflict(postId: string, theirs: BlogRow | null) {
    this.transaction(() => {
      if (theirs) this.cachePosts([theirs])
      this.sql(
        `update local_changes set state = 'conflict', theirs = ?, detected_at = ${now} where post_id = ?`,
      ).run(json(theirs), postId)
      this.sql(`delete from sync_queue where kind = 'change' and post_id = ?`).run(postId)
    })
  }
  /** The server refused the change: it waits, with the reason, for the editor to edit or discard it. */
  markAttention(postId: string, reason: AttentionReason, message: string) {
    this.transaction(() => {
      this.sql(
        `update local_changes set state = 'attention', reason = ?, message = ?, detected_at = ${now} where post_id = ?`,
      ).run(reason, message, postId)
      this.sql(`delete from sync_queue where kind = 'change' and post_id = ?`).run(postId)
    })
  }
  /** Our own earlier write is on the server (a lost reply): the change builds on it and goes again. */
  rebaseChange(postId: string, theirs: BlogRow) {
    this.transaction(() => {
      this.sql('update local_changes set base_version = ? where post_id = ?').run(theirs.version, postId)
      this.cachePosts([theirs])
    })
  }
  /** Forgets a post's change and its queue entry (discarded, or a delete of a post the server never had). */
  removeChange(postId: string) {
    this.transaction(() => {
      this.sql('delete from local_changes where post_id = ?').run(postId)
      this.sql(`delete from sync_queue where kind = 'change' and post_id = ?`).run(postId)
    })
  }
  /** Replaces a change (resolving a conflict) and queues it. */
  replaceChange(postId: string, baseVersion: number, input: PostInput | null) {
    this.transaction(() => {
      this.sql(
        `insert into local_changes (post_id, base_version, input) values (?, ?, ?)
         on conflict (post_id) do update set base_version = excluded.base_version, input = excluded.input,
           rev = local_changes.rev + 1, state = 'pending', theirs = null, reason = null, message = null,
           edited_at = ${now}, detected_at = null`,
      ).run(postId, baseVersion, json(input))
      this.enqueueChange(postId)
    })
  }

  // ---- queue ------------------------------------------------------------------------------------------
  /**
   * Queues the post's change to be sent (inside the caller's transaction). A change already waiting is
   * moved to the back, so it stays after any image upload it refers to.
   */
  private enqueueChange(postId: string) {
    this.sql(`delete from sync_queue where kind = 'change' and post_id = ?`).run(postId)
    this.sql(`insert into sync_queue (kind, post_id) values ('change', ?)`).run(postId)
  }
  /** Queues again every pending change that has no queue entry, oldest edit first. */
  private requeueOrphans() {
    this.sql(
      `insert into sync_queue (kind, post_id)
       select 'change', post_id from local_changes c
       where state = 'pending'
         and not exists (select 1 from sync_queue q where q.kind = 'change' and q.post_id = c.post_id)
       order by edited_at`,
    ).run()
  }
  enqueueUpload(payload: UploadPayload, image: Uint8Array) {
    this.sql(`insert into sync_queue (kind, payload, image) values ('upload', ?, ?)`).run(
      JSON.stringify(payload),
      Buffer.from(image.buffer, image.byteOffset, image.byteLength),
    )
  }
  queue(): QueueEntry[] {
    return (this.sql('select * from sync_queue order by seq').all() as Row[]).map(toEntry)
  }
  nextEntry(afterSeq = 0): QueueEntry | null {
    const row = this.sql('select * from sync_queue where seq > ? order by seq limit 1').get(afterSeq) as
      Row | undefined
    return row ? toEntry(row) : null
  }
  /**
   * What still waits to reach the server: the pending local changes (not their queue entries, so nothing
   * can wait unseen) and the image uploads.
   */
  pendingCount(): number {
    const row = this.sql(
      `select (select count(*) from local_changes where state = 'pending')
            + (select count(*) from sync_queue where kind = 'upload') as n`,
    ).get() as { n: number }
    return row.n
  }
  countByState(): Record<ChangeState, number> {
    const rows = this.sql('select state, count(*) as n from local_changes group by state').all() as Array<{
      state: ChangeState
      n: number
    }>
    const counts = { pending: 0, conflict: 0, attention: 0 }
    for (const r of rows) counts[r.state] = r.n
    return counts
  }
  removeEntry(seq: number) {
    this.sql('delete from sync_queue where seq = ?').run(seq)
  }
  deferEntry(seq: number, error: string, retryAt: Date) {
    this.sql(
      'update sync_queue set attempts = attempts + 1, last_error = ?, next_attempt_at = ? where seq = ?',
    ).run(error, retryAt.toISOString(), seq)
  }
  /** Lets every waiting entry run now (the network came back, or the editor pressed Sync now). */
  makeAllDue() {
    this.sql(`update sync_queue set next_attempt_at = ${now} where next_attempt_at > ${now}`).run()
  }

  /** Writes what an earlier store held (see offline-store-import.ts), in one transaction. */
  importProfile(profile: ImportedProfile) {
    this.transaction(() => {
      const change = this.sql(
        `insert into local_changes (post_id, base_version, input, rev, state, theirs, reason, message, edited_at, detected_at, sent)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) on conflict (post_id) do nothing`,
      )
      for (const c of profile.changes)
        change.run(
          c.postId,
          c.baseVersion,
          json(c.input),
          c.rev,
          c.state,
          json(c.theirs),
          c.reason,
          c.message,
          c.editedAt.toISOString(),
          c.detectedAt?.toISOString() ?? null,
        )
      // Uploads keep their order; changes are queued by `requeueOrphans` when the store opens.
      for (const u of profile.uploads) this.enqueueUpload(u.payload, u.image)
      this.cachePosts(profile.ownRows, { own: true })
      for (const [key, value] of Object.entries(profile.meta)) this.setMeta(key, value)
    })
  }
}
