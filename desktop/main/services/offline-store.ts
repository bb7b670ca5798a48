import { PGlite } from '@electric-sql/pglite'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { BlogInput, BlogRow } from '../../../shared/schemas/blog.ts'

/**
 * The desktop app's own Postgres (PGlite) in the user-data folder: the cached server posts, local drafts,
 * conflict copies and the outbox of changes still to send. Everything an editor does offline lands here
 * first, so a crash or restart loses nothing.
 */
const schema = `
create table if not exists posts (
  slug text primary key,
  id text,
  row jsonb not null,
  updated_at text
);
create table if not exists drafts (
  slug text primary key,
  post_id text,
  input jsonb,
  deleted boolean not null default false,
  base_updated_at text,
  edited_at timestamptz not null default now()
);
create table if not exists conflicts (
  slug text primary key,
  mine jsonb,
  theirs jsonb,
  detected_at timestamptz not null default now()
);
create table if not exists outbox (
  seq bigserial primary key,
  kind text not null check (kind in ('save', 'delete', 'upload')),
  slug text,
  payload jsonb not null,
  image bytea,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now()
);
create table if not exists meta (key text primary key, value text not null);
alter table drafts add column if not exists post_id text;
`

export type OutboxKind = 'save' | 'delete' | 'upload'

export interface SavePayload {
  input: BlogInput & { slug: string }
  /** The server id of the post being edited (absent for a new post): lets an edit change the slug. */
  postId?: string
  /** The server's `updated_at` when the edit began (null: a post the server has never had). */
  baseUpdatedAt: string | null
}
export interface DeletePayload {
  baseUpdatedAt: string | null
}
export interface UploadPayload {
  path: string
  contentType: string
}

export interface OutboxEntry {
  seq: number
  kind: OutboxKind
  slug: string | null
  payload: SavePayload | DeletePayload | UploadPayload
  image: Uint8Array | null
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
}

export interface Draft {
  slug: string
  /** Server id of the post this draft edits (null: a new post). */
  postId: string | null
  input: (BlogInput & { slug: string }) | null
  deleted: boolean
  baseUpdatedAt: string | null
  editedAt: Date
}

export interface ConflictCopy {
  slug: string
  /** The editor's version (null: the editor deleted the post). */
  mine: (BlogInput & { slug: string }) | null
  /** The server's version when the conflict was found (null: deleted on the server). */
  theirs: BlogRow | null
  detectedAt: Date
}

export class StoreLockedError extends Error {}

function takeLock(dir: string): string {
  const lockFile = path.join(dir, 'meridian-desktop.lock')
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'))
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0)
        // Two processes writing one PGlite directory corrupt it: refuse rather than risk the outbox.
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

  // ---- meta -------------------------------------------------------------------------------------------
  async getMeta(key: string): Promise<string | null> {
    const { rows } = await this.db.query<{ value: string }>('select value from meta where key = $1', [key])
    return rows[0]?.value ?? null
  }
  async setMeta(key: string, value: string | null) {
    if (value === null) await this.db.query('delete from meta where key = $1', [key])
    else
      await this.db.query(
        'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
        [key, value],
      )
  }

  // ---- cached server posts ----------------------------------------------------------------------------
  async cachePosts(rows: BlogRow[]) {
    for (const row of rows) {
      // A renamed post keeps its id: drop the copy under its old slug.
      await this.db.query('delete from posts where id = $1 and slug <> $2', [row.id, row.slug])
      await this.db.query(
        `insert into posts (slug, id, row, updated_at) values ($1, $2, $3, $4)
         on conflict (slug) do update set id = excluded.id, row = excluded.row, updated_at = excluded.updated_at`,
        [row.slug, row.id, JSON.stringify(row), row.updated_at ?? row.created_at],
      )
    }
  }
  async cachedPosts(): Promise<BlogRow[]> {
    const { rows } = await this.db.query<{ row: BlogRow }>('select row from posts')
    return rows.map((r) => r.row)
  }
  async cachedPostById(id: string): Promise<BlogRow | null> {
    const { rows } = await this.db.query<{ row: BlogRow }>('select row from posts where id = $1', [id])
    return rows[0]?.row ?? null
  }
  async cachedPost(slug: string): Promise<BlogRow | null> {
    const { rows } = await this.db.query<{ row: BlogRow }>('select row from posts where slug = $1', [slug])
    return rows[0]?.row ?? null
  }
  async uncachePost(slug: string) {
    await this.db.query('delete from posts where slug = $1', [slug])
  }
  /** Drops cached posts whose server id is no longer in `ids` (deleted elsewhere). Returns their slugs. */
  async uncacheMissing(ids: Set<string>): Promise<string[]> {
    const { rows } = await this.db.query<{ slug: string; id: string }>('select slug, id from posts')
    const gone = rows.filter((r) => !ids.has(r.id)).map((r) => r.slug)
    for (const slug of gone) await this.uncachePost(slug)
    return gone
  }

  // ---- drafts -----------------------------------------------------------------------------------------
  async putDraft(draft: Omit<Draft, 'editedAt'>) {
    await this.db.query(
      `insert into drafts (slug, post_id, input, deleted, base_updated_at, edited_at) values ($1, $2, $3, $4, $5, now())
       on conflict (slug) do update set post_id = excluded.post_id, input = excluded.input, deleted = excluded.deleted,
         base_updated_at = excluded.base_updated_at, edited_at = now()`,
      [
        draft.slug,
        draft.postId,
        draft.input ? JSON.stringify(draft.input) : null,
        draft.deleted,
        draft.baseUpdatedAt,
      ],
    )
  }
  async drafts(): Promise<Draft[]> {
    const { rows } = await this.db.query<Row>('select * from drafts order by edited_at')
    return rows.map(toDraft)
  }
  async draftForPost(postId: string): Promise<Draft | null> {
    const { rows } = await this.db.query<Row>('select * from drafts where post_id = $1', [postId])
    return rows[0] ? toDraft(rows[0]) : null
  }
  async draft(slug: string): Promise<Draft | null> {
    const { rows } = await this.db.query<Row>('select * from drafts where slug = $1', [slug])
    return rows[0] ? toDraft(rows[0]) : null
  }
  async removeDraft(slug: string) {
    await this.db.query('delete from drafts where slug = $1', [slug])
  }

  // ---- conflicts --------------------------------------------------------------------------------------
  async putConflict(conflict: Omit<ConflictCopy, 'detectedAt'>) {
    await this.db.query(
      `insert into conflicts (slug, mine, theirs) values ($1, $2, $3)
       on conflict (slug) do update set mine = excluded.mine, theirs = excluded.theirs, detected_at = now()`,
      [
        conflict.slug,
        conflict.mine ? JSON.stringify(conflict.mine) : null,
        conflict.theirs ? JSON.stringify(conflict.theirs) : null,
      ],
    )
  }
  async conflicts(): Promise<ConflictCopy[]> {
    const { rows } = await this.db.query<Row>('select * from conflicts order by detected_at')
    return rows.map(toConflict)
  }
  async conflict(slug: string): Promise<ConflictCopy | null> {
    const { rows } = await this.db.query<Row>('select * from conflicts where slug = $1', [slug])
    return rows[0] ? toConflict(rows[0]) : null
  }
  async removeConflict(slug: string) {
    await this.db.query('delete from conflicts where slug = $1', [slug])
  }

  // ---- outbox -----------------------------------------------------------------------------------------
  /**
   * Queues a change. A newer save or delete of the same post replaces the older one still waiting (only
   * the latest intent per post needs sending), and goes to the back of the queue so it stays after any
   * image upload it refers to.
   */
  async enqueue(kind: OutboxKind, slug: string | null, payload: OutboxEntry['payload'], image?: Uint8Array) {
    await this.db.transaction(async (tx) => {
      if (kind !== 'upload' && slug) {
        await tx.query(`delete from outbox where slug = $1 and kind in ('save', 'delete')`, [slug])
      }
      await tx.query('insert into outbox (kind, slug, payload, image) values ($1, $2, $3, $4)', [
        kind,
        slug,
        JSON.stringify(payload),
        image ?? null,
      ])
    })
  }
  async outbox(): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<Row>('select * from outbox order by seq')
    return rows.map(toEntry)
  }
  /** The oldest queued change (the outbox is sent strictly in order). */
  async nextEntry(): Promise<OutboxEntry | null> {
    const { rows } = await this.db.query<Row>('select * from outbox order by seq limit 1')
    return rows[0] ? toEntry(rows[0]) : null
  }
  async pendingCount(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('select count(*)::int as n from outbox')
    return rows[0]?.n ?? 0
  }
  async pendingFor(slug: string): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<Row>(`select * from outbox where slug = $1 order by seq`, [slug])
    return rows.map(toEntry)
  }
  async removeEntry(seq: number) {
    await this.db.query('delete from outbox where seq = $1', [seq])
  }
  async removeEntriesFor(slug: string) {
    await this.db.query(`delete from outbox where slug = $1 and kind in ('save', 'delete')`, [slug])
  }
  async deferEntry(seq: number, error: string, retryAt: Date) {
    await this.db.query(
      'update outbox set attempts = attempts + 1, last_error = $2, next_attempt_at = $3 where seq = $1',
      [seq, error, retryAt.toISOString()],
    )
  }
  /** Lets every waiting entry run now (the network came back, or the editor pressed Sync now). */
  async makeAllDue() {
    await this.db.query('update outbox set next_attempt_at = now() where next_attempt_at > now()')
  }
  /** After a save lands, later queued changes of that post build on the version the server now has. */
  async rebaseEntries(slug: string, updatedAt: string | null) {
    await this.db.query(
      `update outbox set payload = jsonb_set(payload, '{baseUpdatedAt}', $2::jsonb) where slug = $1 and kind in ('save', 'delete')`,
      [slug, JSON.stringify(updatedAt)],
    )
  }
}

function toDraft(r: Row): Draft {
  return {
    slug: r.slug as string,
    postId: (r.post_id as string | null) ?? null,
    input: (r.input as Draft['input']) ?? null,
    deleted: r.deleted as boolean,
    baseUpdatedAt: (r.base_updated_at as string | null) ?? null,
    editedAt: new Date(r.edited_at as string),
  }
}

function toConflict(r: Row): ConflictCopy {
  return {
    slug: r.slug as string,
    mine: (r.mine as ConflictCopy['mine']) ?? null,
    theirs: (r.theirs as BlogRow | null) ?? null,
    detectedAt: new Date(r.detected_at as string),
  }
}

function toEntry(r: Row): OutboxEntry {
  return {
    seq: Number(r.seq),
    kind: r.kind as OutboxKind,
    slug: (r.slug as string | null) ?? null,
    payload: r.payload as OutboxEntry['payload'],
    image: (r.image as Uint8Array | null) ?? null,
    attempts: r.attempts as number,
    nextAttemptAt: new Date(r.next_attempt_at as string),
    lastError: (r.last_error as string | null) ?? null,
  }
}
