import fc from 'fast-check'
import { createPost, deletePost, PostConflictError, updatePost } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { LocalListItem } from '../../desktop/contract.ts'
import path from 'node:path'
import { storeFiles } from '../../desktop/main/services/offline-store.ts'
import { openDesktop, otherEditor, postInput, type DesktopUnderTest } from './desktop.ts'
import { disarm, KilledError, killBeforeWrite } from './store-faults.ts'
import { startTestServer, testEditor, type TestServer } from './server.ts'

/**
 * A model-based test of editing from several places at once: N desktop apps (real offline stores, real
 * sync engines) and one browser editor (supabase-js) against the real server, driven by random commands —
 * creates, edits of titles, slugs, bodies, tags and status, deletes, offline periods, edits while a send is
 * in flight, server faults (a lost reply, a 5xx, a request that never arrives, one that times out), the
 * desktop process killed before any write of a save, a delete or a sync (sending, landing, applying a pull)
 * and opened again from disk, clean restarts, server restarts and conflict resolutions.
 *
 * The invariant, checked after every case once everything is online and settled:
 * 1. each desktop user's last acknowledged edit of each post survived: the server holds exactly it (every
 *    field), or a later write replaced it (every write names the version it builds on), or it sits in a
 *    conflict or needs-attention entry that user can see — unless the user chose to drop it (keep theirs,
 *    discard); an acknowledged delete left the post deleted, or visible, or re-created by a later choice;
 * 2. no local change is still pending, nothing is queued, and the status bar's count is the local changes';
 * 3. every desktop shows the server's state: each server post is there, and each post shown as synced has
 *    the server's version and fields.
 */

/** What an edit changes besides the title (indexes into small pools, so edits collide). */
export interface Fields {
  content: number | null
  tags: number | null
  status: 'draft' | 'published' | null
}

export type Fault = 'lostReply' | 'serverError' | 'timeout' | 'dropped'

export type Command =
  | { kind: 'create'; client: number; slug: number }
  | { kind: 'edit'; client: number; post: number; rename: number | null; fields: Fields }
  | { kind: 'editDuringSend'; client: number; post: number; fields: Fields }
  | { kind: 'delete'; client: number; post: number }
  | { kind: 'browserCreate'; slug: number }
  | { kind: 'browserEdit'; post: number; rename: number | null; fields: Fields }
  | { kind: 'browserDelete'; post: number }
  | { kind: 'offline'; client: number }
  | { kind: 'online'; client: number }
  | { kind: 'sync'; client: number }
  | { kind: 'fault'; client: number; fault: Fault }
  | {
      kind: 'kill'
      client: number
      during: 'edit' | 'delete' | 'sync'
      nth: number
      post: number
      fields: Fields
    }
  | { kind: 'crash'; client: number }
  | { kind: 'resolve'; client: number; choice: 'mine' | 'theirs' | 'both' }
  | { kind: 'discard'; client: number }
  | { kind: 'serverRestart' }

const slugPool = 5
const contents = ['<p>First draft.</p>', '<p>Second draft, longer.</p>', '<h2>Plan</h2><p>Three steps.</p>']
const tagSets = [['gcc'], ['hiring', 'gcc'], [], ['payroll']]
/** Fault kinds the model reports (fired, not generated). */
export const faultKinds = [
  'kill',
  'lostReply',
  'serverError',
  'timeout',
  'dropped',
  'crash',
  'editDuringSend',
] as const
export type FiredCounts = Record<(typeof faultKinds)[number], number>

export function commandArbitrary(clients: number, options: { restarts: boolean }): fc.Arbitrary<Command> {
  const client = fc.nat({ max: clients - 1 })
  const post = fc.nat({ max: 20 })
  const slug = fc.nat({ max: slugPool - 1 })
  const rename = fc.option(slug, { freq: 3 })
  const fields: fc.Arbitrary<Fields> = fc.record({
    content: fc.option(fc.nat({ max: contents.length - 1 }), { freq: 2 }),
    tags: fc.option(fc.nat({ max: tagSets.length - 1 }), { freq: 2 }),
    status: fc.option(fc.constantFrom('draft' as const, 'published' as const), { freq: 3 }),
  })
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), client, slug }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), client, post, rename, fields }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('editDuringSend' as const), client, post, fields }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), client, post }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserCreate' as const), slug }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('browserEdit' as const), post, rename, fields }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserDelete' as const), post }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('offline' as const), client }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('online' as const), client }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('fault' as const),
        client,
        fault: fc.constantFrom<Fault>('lostReply', 'serverError', 'timeout', 'dropped'),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('kill' as const),
        client,
        during: fc.constantFrom('edit' as const, 'delete' as const, 'sync' as const),
        // A save or a delete is five writes; a send with its landing and pull, a few dozen.
        nth: fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) },
          { weight: 1, arbitrary: fc.integer({ min: 6, max: 40 }) },
        ),
        post,
        fields,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), client }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('resolve' as const),
        client,
        choice: fc.constantFrom('mine' as const, 'theirs' as const, 'both' as const),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), client }) },
    { weight: options.restarts ? 1 : 0, arbitrary: fc.constant({ kind: 'serverRestart' as const }) },
  )
}

/** What a desktop user was told is saved: their last save (by title, unique per edit) or delete per post. */
type Acked = { kind: 'save'; title: string; input: SavedFields } | { kind: 'delete' }
interface SavedFields {
  slug: string
  content: string | null
  tags: string[] | null
  status: string
}

export interface ModelWorld {
  server: TestServer
  clients: DesktopUnderTest[]
  browser: SupabaseClient
  /** Runs one case (a command sequence from a settled state) and checks the invariant. */
  runCase(commands: Command[]): Promise<CaseReport>
  /** Faults that actually happened so far (a kill that fired, a fault a request met). */
  fired: FiredCounts
  close(): Promise<void>
}

export interface CaseReport {
  commands: number
  conflicts: number
  attention: number
  landed: number
}

const auditSql = `
create schema if not exists model_audit;
create table if not exists model_audit.writes (
  seq bigserial primary key, id uuid not null, version bigint, title text, slug text, content text,
  tags text[], status text, old_title text, op text not null
);
create or replace function model_audit.record() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    insert into model_audit.writes (id, version, title, slug, old_title, op)
    values (old.id, old.version, old.title, old.slug, old.title, 'delete');
    return old;
  end if;
  insert into model_audit.writes (id, version, title, slug, content, tags, status, old_title, op)
  values (new.id, new.version, new.title, new.slug, new.content, new.tags, new.status,
          case when tg_op = 'UPDATE' then old.title end, lower(tg_op));
  return new;
end $$;
drop trigger if exists model_audit_writes on public.blogs;
create trigger model_audit_writes after insert or update or delete on public.blogs
for each row execute function model_audit.record();
`
interface AuditRow {
  seq: number
  id: string
  title: string
  slug: string
  content: string | null
  tags: string[] | null
  status: string
  old_title: string | null
  op: string
}

/** How long a desktop waits for an answer before it counts as a dropped connection. */
const requestTimeoutMs = 5000

export async function createModelWorld(clientCount: number): Promise<ModelWorld> {
  let server = await startTestServer()
  const dataDir = server.dataDir
  const port = new URL(server.url).port
  await server.ctx.localSupabase!.db.exec(auditSql)
  const fired = Object.fromEntries(faultKinds.map((k) => [k, 0])) as FiredCounts

  // Server faults, for the next request to the blogs table or the images bucket after one is armed:
  // lostReply: it reaches the server, the reply is lost; serverError: the server answers 500 without doing
  // anything; dropped: it never arrives; timeout: it arrives, and the reply never comes (the desktop's
  // request timeout gives up on it).
  const realFetch = globalThis.fetch
  let armed: Fault | null = null
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    const fault = armed
    if (!fault || !(url.includes('/rest/v1/blogs') || url.includes('/storage/v1/')))
      return realFetch(input, init)
    armed = null
    fired[fault]++
    if (fault === 'serverError')
      return new Response(
        JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }),
        {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        },
      )
    if (fault === 'dropped') throw new TypeError('fetch failed')
    await realFetch(input, { ...init, signal: undefined })
    if (fault === 'lostReply') throw new TypeError('fetch failed')
    return new Promise<Response>((_, reject) => {
      const signal = init?.signal
      if (!signal) return reject(new TypeError('fetch failed'))
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
    })
  }) as typeof fetch

  const open = async (userDataDir?: string, secrets?: DesktopUnderTest['secrets']) => {
    const desktop = await openDesktop({
      siteUrl: userDataDir ? undefined : server.url,
      userDataDir,
      secrets,
      requestTimeoutMs,
    })
    if (!userDataDir) await desktop.backend.signIn(testEditor.email, testEditor.password)
    return desktop
  }
  const storeFile = (desktop: DesktopUnderTest) =>
    path.join(desktop.userDataDir, 'offline', storeFiles.database)
  const reopen = async (c: number) => {
    const before = clients[c]!
    await before.close()
    const after = await open(before.userDataDir, before.secrets)
    after.network.up = before.network.up
    clients[c] = after
  }
  const clients: DesktopUnderTest[] = []
  for (let i = 0; i < clientCount; i++) clients.push(await open())
  const browser = await otherEditor(server)
  let caseNumber = 0
  let titles = 0

  const audit = async () =>
    (await server.ctx.localSupabase!.db.query<AuditRow>('select * from model_audit.writes order by seq')).rows

  async function settle() {
    for (const client of clients) client.network.up = true
    for (let round = 0; round < 8; round++) {
      let pending = 0
      for (const client of clients) pending += (await client.backend.engine.retryNow()).pending
      if (pending === 0) break
    }
    // A last pull everywhere: each client sees what the others sent in the final round.
    for (const client of clients) await client.backend.engine.syncNow()
  }

  const world: ModelWorld = {
    get server() {
      return server
    },
    clients,
    browser,
    fired,
    async runCase(commands) {
      caseNumber++
      const prefix = `m${caseNumber}-`
      const slugOf = (n: number) => `${prefix}s${n}`
      const acked = new Map<string, Acked>()
      const key = (client: number, postId: string) => `${client}:${postId}`
      const mine = (c: number) => clients[c]!.backend.engine
      const postsOf = async (c: number): Promise<LocalListItem[]> =>
        (await mine(c).listPosts({ search: prefix, ascending: true })).items
          .filter((p) => p.slug.startsWith(prefix))
          .sort((a, b) => a.id.localeCompare(b.id))
      const serverRows = async (): Promise<BlogRow[]> => {
        const { data, error } = await browser.from('blogs').select('*').like('slug', `${prefix}%`).order('id')
        if (error) throw new Error(error.message)
        return data as BlogRow[]
      }
      const title = () => `${prefix}t${++titles}`

      /** The editor opens a post (the whole of it, as the form does) and saves an edit of it. */
      async function edit(c: number, index: number, rename: number | null, fields: Fields) {
        const posts = await postsOf(c)
        const item = posts[index % Math.max(1, posts.length)]
        const post = item ? await mine(c).getPost(item.slug) : null
        if (!post || post.id !== item?.id) return null
        const t = title()
        const slug = rename === null ? post.slug : slugOf(rename)
        const input = { ...full(postInput(slug)), ...fieldsOf(post), ...changed(fields), slug, title: t }
        const saved = mine(c).savePost(input, { mode: 'update', id: post.id, version: post.version })
        return { postId: post.id, saved, acked: { kind: 'save' as const, title: t, input: intent(input) } }
      }

      for (const command of commands) {
        const c = 'client' in command ? command.client : 0
        try {
          switch (command.kind) {
            case 'create': {
              const t = title()
              const input = { ...full(postInput(slugOf(command.slug))), title: t }
              const post = await mine(c).savePost(input, { mode: 'create' })
              acked.set(key(c, post.id), { kind: 'save', title: t, input: intent(input) })
              break
            }
            case 'edit': {
              const e = await edit(c, command.post, command.rename, command.fields)
              if (!e) break
              await e.saved
              acked.set(key(c, e.postId), e.acked)
              break
            }
            case 'editDuringSend': {
              // A sync is under way (its requests in flight) when the editor saves again.
              const sending = mine(c).retryNow()
              const e = await edit(c, command.post, null, command.fields)
              if (e) {
                await e.saved
                acked.set(key(c, e.postId), e.acked)
                fired.editDuringSend++
              }
              await sending
              break
            }
            case 'delete': {
              const posts = await postsOf(c)
              const post = posts[command.post % Math.max(1, posts.length)]
              if (!post) break
              await mine(c).deletePost(post.id, post.version)
              acked.set(key(c, post.id), { kind: 'delete' })
              break
            }
            case 'browserCreate':
              await createPost(browser, { ...postInput(slugOf(command.slug)), title: title() })
              break
            case 'browserEdit': {
              const rows = await serverRows()
              const row = rows[command.post % Math.max(1, rows.length)]
              if (!row) break
              const slug = command.rename === null ? row.slug : slugOf(command.rename)
              await updatePost(
                browser,
                { ...postInput(slug), ...fieldsOf(row), ...changed(command.fields), slug, title: title() },
                row,
              )
              break
            }
            case 'browserDelete': {
              const rows = await serverRows()
              const row = rows[command.post % Math.max(1, rows.length)]
              if (row) await deletePost(browser, row)
              break
            }
            case 'offline':
              clients[c]!.network.up = false
              break
            case 'online':
              clients[c]!.network.up = true
              await mine(c).retryNow()
              break
            case 'sync':
              await mine(c).syncNow()
              break
            case 'fault':
              armed = command.fault
              await mine(c).retryNow()
              armed = null
              break
            case 'kill': {
              // The process dies before its nth write from here: during the operation, or the sync it starts.
              const file = storeFile(clients[c]!)
              killBeforeWrite(file, command.nth)
              let done: Acked | null = null
              let postId: string | null = null
              try {
                if (command.during === 'edit') {
                  const e = await edit(c, command.post, null, command.fields)
                  if (e) {
                    await e.saved
                    ;[done, postId] = [e.acked, e.postId]
                  }
                } else if (command.during === 'delete') {
                  const posts = await postsOf(c)
                  const post = posts[command.post % Math.max(1, posts.length)]
                  if (post) {
                    await mine(c).deletePost(post.id, post.version)
                    ;[done, postId] = [{ kind: 'delete' }, post.id]
                  }
                }
                // Whatever the operation started (or, for `sync`, a sync of its own) runs to its end.
                await mine(c).retryNow()
              } catch (err) {
                if (!(err instanceof KilledError)) throw err
              }
              // Acknowledged before the kill: the editor was told it is saved.
              if (done && postId) acked.set(key(c, postId), done)
              if (disarm(file)) {
                fired.kill++
                await reopen(c)
              }
              break
            }
            case 'crash': {
              // The write reaches the server; the app dies before it hears back; it is opened again.
              armed = 'lostReply'
              await mine(c).retryNow()
              armed = null
              fired.crash++
              await reopen(c)
              break
            }
            case 'resolve': {
              const [conflict] = await mine(c).conflicts()
              if (!conflict) break
              const next = await mine(c).resolveConflict(conflict.postId, command.choice)
              const was = acked.get(key(c, conflict.postId))
              if (command.choice === 'theirs') acked.delete(key(c, conflict.postId))
              if (command.choice === 'both' && was) {
                acked.delete(key(c, conflict.postId))
                if (next && was.kind === 'save')
                  acked.set(key(c, next.id), { ...was, input: { ...was.input, slug: next.slug } })
              }
              break
            }
            case 'discard': {
              const [item] = await mine(c).attention()
              if (!item) break
              await mine(c).discardChange(item.postId)
              acked.delete(key(c, item.postId))
              break
            }
            case 'serverRestart':
              await server.close()
              server = await startTestServer({ DATA_DIR: dataDir, PORT: port })
              break
          }
        } catch (err) {
          // Refusals a user sees at once (a slug in use here, a browser save that lost a race) are not
          // acknowledged edits; anything else is a bug.
          const message = err instanceof Error ? err.message : String(err)
          if (err instanceof PostConflictError || /already exists/.test(message)) continue
          throw new Error(`${JSON.stringify(command)} failed: ${message}`, { cause: err })
        }
      }

      await settle()
      const writes = await audit()
      const rows = await serverRows()
      const report: CaseReport = { commands: commands.length, conflicts: 0, attention: 0, landed: 0 }
      for (let c = 0; c < clients.length; c++) {
        const { engine, store } = clients[c]!.backend
        const conflicts = await engine.conflicts()
        const attention = await engine.attention()
        report.conflicts += conflicts.length
        report.attention += attention.length
        const status = await engine.status()
        const pendingChanges = store.changes('pending').length
        if (status.pending !== pendingChanges + store.queue().filter((e) => e.kind === 'upload').length)
          throw new Error(
            `client ${c}'s status counts ${status.pending} waiting, its store ${pendingChanges}`,
          )
        if (pendingChanges !== 0) throw new Error(`client ${c} still has ${pendingChanges} changes pending`)
        if (store.queue().length !== 0)
          throw new Error(`client ${c} still has ${store.queue().length} queued`)
        for (const [k, edit] of acked) {
          const [owner, postId] = k.split(':') as [string, string]
          if (Number(owner) !== c) continue
          const visible =
            conflicts.some((x) => x.postId === postId && sameIntent(x.mine, edit)) ||
            attention.some((x) => x.postId === postId && sameIntent(x.mine, edit))
          const survived =
            edit.kind === 'save' ? saveSurvived(edit, writes) : deleteSurvived(postId, rows, writes)
          if (survived) report.landed++
          if (!survived && !visible)
            throw new Error(
              `client ${c}'s ${edit.kind === 'save' ? `save “${edit.title}”` : 'delete'} of ${postId} was lost`,
            )
        }
        // Every desktop shows the server's state.
        const posts = new Map((await postsOf(c)).map((p) => [p.id, p]))
        for (const row of rows) {
          const shown = posts.get(row.id)
          if (!shown) {
            const hiddenBy =
              conflicts.some((x) => x.postId === row.id) || attention.some((x) => x.postId === row.id)
            if (!hiddenBy) throw new Error(`client ${c} does not show ${row.slug} (${row.id})`)
            continue
          }
          if (
            shown.syncState === 'synced' &&
            (shown.version !== row.version ||
              shown.title !== row.title ||
              shown.status !== row.status ||
              JSON.stringify(shown.tags) !== JSON.stringify(row.tags))
          )
            throw new Error(
              `client ${c} shows ${row.id} at version ${shown.version} “${shown.title}”, the server has ${row.version} “${row.title}”`,
            )
        }
        for (const post of posts.values()) {
          if (post.syncState === 'synced' && !rows.some((r) => r.id === post.id))
            throw new Error(
              `client ${c} shows ${post.slug} (${post.id}) as synced, but the server does not have it`,
            )
        }
      }
      return report
    },
    async close() {
      globalThis.fetch = realFetch
      for (const client of clients) await client.destroy()
      await server.stop()
    },
  }
  return world
}

/**
 * A save survived if the server wrote exactly it (every field the editor saved) and it is still there or a
 * later write replaced it (the database refuses any write that does not name the version it replaces).
 */
function saveSurvived(edit: Extract<Acked, { kind: 'save' }>, writes: AuditRow[]) {
  const written = writes.find((w) => w.title === edit.title && w.op !== 'delete')
  if (!written) return false
  const same =
    written.slug === edit.input.slug &&
    written.content === edit.input.content &&
    JSON.stringify(written.tags ?? []) === JSON.stringify(edit.input.tags ?? []) &&
    written.status === edit.input.status
  if (!same) throw new Error(`the server wrote “${edit.title}” with other fields than the editor saved`)
  const later = writes.filter((w) => w.id === written.id && w.seq > written.seq)
  return later.length === 0 || later[0]!.old_title === edit.title
}

/** A delete survived if the post is gone, or was never on the server, or a later choice created it again. */
function deleteSurvived(postId: string, rows: BlogRow[], writes: AuditRow[]) {
  if (!rows.some((r) => r.id === postId)) return true
  const deleted = writes.findIndex((w) => w.id === postId && w.op === 'delete')
  return deleted >= 0 && writes.slice(deleted).some((w) => w.id === postId && w.op === 'insert')
}

function full(input: ReturnType<typeof postInput>) {
  return { ...input, content_markdown: null }
}

function fieldsOf(post: Omit<BlogRow, 'content_markdown'>) {
  return {
    author: post.author ?? 'Asha Rao',
    content: post.content ?? '',
    tags: post.tags ?? [],
    excerpt: post.excerpt,
    status: post.status,
    type: post.type ?? 'blog',
    cover_image_url: post.cover_image_url,
  }
}

function changed(fields: Fields) {
  return {
    ...(fields.content === null ? {} : { content: contents[fields.content]! }),
    ...(fields.tags === null ? {} : { tags: tagSets[fields.tags]! }),
    ...(fields.status === null ? {} : { status: fields.status }),
  }
}

function intent(input: { slug: string; content: string | null; tags: string[] | null; status: string }) {
  return { slug: input.slug, content: input.content, tags: input.tags, status: input.status }
}

function sameIntent(mine: { title: string } | null, edit: Acked) {
  return edit.kind === 'delete' ? mine === null : mine?.title === edit.title
}
