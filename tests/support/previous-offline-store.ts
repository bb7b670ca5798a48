import { PGlite, type Transaction } from '@electric-sql/pglite'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { AttentionReason, PostInput } from '../../desktop/contract.ts'

/**
 * The offline store of the app's previous version (PGlite in `pgdata/`, up to commit af3a927), kept to write
 * profiles as that version left them on editors' computers: its schema and the statements of each of its
 * writes, copied unchanged. The current app imports such a profile the first time it opens it
 * (desktop/main/services/offline-store-import.ts).
 *
 * That version saved a change in one statement and queued it in a second (`saveChange`, then
 * `enqueueChange`, as its sync engine called them): a crash between the two left a pending change with no
 * queue entry, which `saveChangeUnqueued` writes on purpose.
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

type Db = PGlite | Transaction

export class PreviousOfflineStore {
  private constructor(readonly db: PGlite) {}

  /** Creates the previous version's store in `dir/pgdata`, as its first start did. */
  static async open(dir: string): Promise<PreviousOfflineStore> {
    mkdirSync(dir, { recursive: true })
    const db = new PGlite(path.join(dir, 'pgdata'))
    await db.exec(schema)
    return new PreviousOfflineStore(db)
  }

  close() {
    return this.db.close()
  }

  async setMeta(key: string, value: string) {
    await this.db.query(
      'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
      [key, value],
    )
  }

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

  /** The editor's save (input null: a delete), as that version's sync engine made it: the change, then its entry. */
  async save(postId: string, baseVersion: number, input: PostInput | null) {
    const state = await this.saveChangeUnqueued(postId, baseVersion, input)
    if (state === 'pending') await this.enqueueChange(postId)
  }

  /** The first of a save's two statements alone: what a crash between them left. */
  async saveChangeUnqueued(postId: string, baseVersion: number, input: PostInput | null) {
    const { rows } = await this.db.query<{ state: string }>(
      `insert into local_changes (post_id, base_version, input) values ($1, $2, $3)
       on conflict (post_id) do update set input = excluded.input, rev = local_changes.rev + 1,
         state = case when local_changes.state = 'conflict' then 'conflict' else 'pending' end,
         reason = null, message = null, edited_at = now()
       returning *`,
      [postId, baseVersion, input ? JSON.stringify(input) : null],
    )
    return rows[0]!.state
  }

  async enqueueChange(postId: string) {
    await this.db.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
    await this.db.query(`insert into sync_queue (kind, post_id) values ('change', $1)`, [postId])
  }

  async enqueueUpload(payload: { path: string; contentType: string }, image: Uint8Array) {
    await this.db.query(`insert into sync_queue (kind, payload, image) values ('upload', $1, $2)`, [
      JSON.stringify(payload),
      image,
    ])
  }

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

  async markAttention(postId: string, reason: AttentionReason, message: string) {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update local_changes set state = 'attention', reason = $2, message = $3, detected_at = now() where post_id = $1`,
        [postId, reason, message],
      )
      await tx.query(`delete from sync_queue where kind = 'change' and post_id = $1`, [postId])
    })
  }

  /** Each local change as that version stored it (what the editor had not sent yet), oldest edit first. */
  async changes() {
    const { rows } = await this.db.query<Record<string, unknown>>(
      'select * from local_changes order by edited_at',
    )
    return rows
  }
}
