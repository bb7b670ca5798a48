import fc from 'fast-check'
import { createPost, deletePost, PostConflictError, updatePost } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { LocalListItem } from '../../desktop/contract.ts'
import { openDesktop, otherEditor, postInput, type DesktopUnderTest } from './desktop.ts'
import { startTestServer, testEditor, type TestServer } from './server.ts'

/**
 * A model-based test of editing from several places at once: N desktop apps (real offline stores, real
 * sync engines) and one browser editor (supabase-js) against the real server, driven by random commands —
 * creates, edits, renames onto a small pool of slugs, deletes, offline periods, lost replies, crashes
 * (a write reaches the server, its reply never arrives, the app is closed and reopened from disk), server
 * restarts and conflict resolutions.
 *
 * The invariant, checked after every case once everything is online and settled:
 * 1. every edit a desktop user saw as saved (their last one per post) is on the server (the database's own
 *    audit trail has it) or sits in a conflict or needs-attention entry that user can see, unless the user
 *    chose to drop it (keep theirs, discard);
 * 2. every desktop shows the server's state: each server post is there, and each post shown as synced has
 *    the server's version and fields; nothing is still waiting to be sent.
 */

export type Command =
  | { kind: 'create'; client: number; slug: number }
  | { kind: 'edit'; client: number; post: number; rename: number | null }
  | { kind: 'delete'; client: number; post: number }
  | { kind: 'browserCreate'; slug: number }
  | { kind: 'browserEdit'; post: number; rename: number | null }
  | { kind: 'browserDelete'; post: number }
  | { kind: 'offline'; client: number }
  | { kind: 'online'; client: number }
  | { kind: 'sync'; client: number }
  | { kind: 'lostReply'; client: number }
  | { kind: 'crash'; client: number }
  | { kind: 'resolve'; client: number; choice: 'mine' | 'theirs' | 'both' }
  | { kind: 'discard'; client: number }
  | { kind: 'serverRestart' }

const slugPool = 5

export function commandArbitrary(clients: number, options: { restarts: boolean }): fc.Arbitrary<Command> {
  const client = fc.nat({ max: clients - 1 })
  const post = fc.nat({ max: 20 })
  const slug = fc.nat({ max: slugPool - 1 })
  const rename = fc.option(slug, { freq: 3 })
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), client, slug }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), client, post, rename }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), client, post }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserCreate' as const), slug }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('browserEdit' as const), post, rename }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browserDelete' as const), post }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('offline' as const), client }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('online' as const), client }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('lostReply' as const), client }) },
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
type Acked = { kind: 'save'; title: string } | { kind: 'delete' }

export interface ModelWorld {
  server: TestServer
  clients: DesktopUnderTest[]
  browser: SupabaseClient
  /** Runs one case (a command sequence from a settled state) and checks the invariant. */
  runCase(commands: Command[]): Promise<CaseReport>
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
  seq bigserial primary key, id uuid not null, version bigint, title text, slug text, op text not null
);
create or replace function model_audit.record() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    insert into model_audit.writes (id, version, title, slug, op) values (old.id, old.version, old.title, old.slug, 'delete');
    return old;
  end if;
  insert into model_audit.writes (id, version, title, slug, op) values (new.id, new.version, new.title, new.slug, lower(tg_op));
  return new;
end $$;
drop trigger if exists model_audit_writes on public.blogs;
create trigger model_audit_writes after insert or update or delete on public.blogs
for each row execute function model_audit.record();
`

export async function createModelWorld(clientCount: number): Promise<ModelWorld> {
  let server = await startTestServer()
  const dataDir = server.dataDir
  const port = new URL(server.url).port
  await server.ctx.localSupabase!.db.exec(auditSql)

  // A write whose reply is lost: it reaches the server, then the caller sees a dropped connection.
  const realFetch = globalThis.fetch
  let dropNextWriteReply = false
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    if (dropNextWriteReply && url.includes('/rest/v1/blogs') && method !== 'GET' && method !== 'HEAD') {
      dropNextWriteReply = false
      await realFetch(input, init)
      throw new TypeError('fetch failed')
    }
    return realFetch(input, init)
  }) as typeof fetch

  const open = async (userDataDir?: string, secrets?: DesktopUnderTest['secrets']) => {
    const desktop = await openDesktop({ siteUrl: userDataDir ? undefined : server.url, userDataDir, secrets })
    if (!userDataDir) await desktop.backend.signIn(testEditor.email, testEditor.password)
    return desktop
  }
  const clients: DesktopUnderTest[] = []
  for (let i = 0; i < clientCount; i++) clients.push(await open())
  const browser = await otherEditor(server)
  let caseNumber = 0
  let titles = 0

  const audit = async () => {
    const { rows } = await server.ctx.localSupabase!.db.query<{ id: string; title: string; op: string }>(
      'select id, title, op from model_audit.writes',
    )
    return rows
  }

  async function settle() {
    for (const client of clients) client.network.up = true
    for (let round = 0; round < 6; round++) {
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

      for (const command of commands) {
        const c = 'client' in command ? command.client : 0
        try {
          switch (command.kind) {
            case 'create': {
              const t = title()
              const post = await mine(c).savePost(
                { ...full(postInput(slugOf(command.slug))), title: t },
                { mode: 'create' },
              )
              acked.set(key(c, post.id), { kind: 'save', title: t })
              break
            }
            case 'edit': {
              const posts = await postsOf(c)
              const item = posts[command.post % Math.max(1, posts.length)]
              // The editor opens the post (the whole of it, as the form does).
              const post = item ? await mine(c).getPost(item.slug) : null
              if (!post || post.id !== item?.id) break
              const t = title()
              const slug = command.rename === null ? post.slug : slugOf(command.rename)
              await mine(c).savePost(
                { ...full(postInput(slug)), ...fieldsOf(post), slug, title: t },
                { mode: 'update', id: post.id, version: post.version },
              )
              acked.set(key(c, post.id), { kind: 'save', title: t })
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
              await updatePost(browser, { ...postInput(slug), ...fieldsOf(row), slug, title: title() }, row)
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
            case 'lostReply':
              dropNextWriteReply = true
              await mine(c).retryNow()
              dropNextWriteReply = false
              break
            case 'crash': {
              // The write reaches the server; the app dies before it hears back; it is opened again.
              dropNextWriteReply = true
              await mine(c).retryNow()
              dropNextWriteReply = false
              const before = clients[c]!
              await before.close()
              const after = await open(before.userDataDir, before.secrets)
              after.network.up = before.network.up
              clients[c] = after
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
                if (next && was.kind === 'save') acked.set(key(c, next.id), was)
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
        const conflicts = await mine(c).conflicts()
        const attention = await mine(c).attention()
        report.conflicts += conflicts.length
        report.attention += attention.length
        const status = await mine(c).status()
        if (status.pending !== 0) throw new Error(`client ${c} still has ${status.pending} changes waiting`)
        for (const [k, edit] of acked) {
          const [owner, postId] = k.split(':') as [string, string]
          if (Number(owner) !== c) continue
          const visible =
            conflicts.some((x) => x.postId === postId && sameIntent(x.mine, edit)) ||
            attention.some((x) => x.postId === postId && sameIntent(x.mine, edit))
          const landed =
            edit.kind === 'save'
              ? writes.some((w) => w.title === edit.title && w.op !== 'delete')
              : // Deleted there, or never sent at all (deleting a post the server never had is done locally).
                writes.some((w) => w.id === postId && w.op === 'delete') ||
                !writes.some((w) => w.id === postId)
          if (landed) report.landed++
          if (!landed && !visible)
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
          if (shown.syncState === 'synced' && (shown.version !== row.version || shown.title !== row.title))
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

function sameIntent(mine: { title: string } | null, edit: Acked) {
  return edit.kind === 'delete' ? mine === null : mine?.title === edit.title
}
