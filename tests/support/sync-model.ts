import { createPost, deletePost, updatePost } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { DataError } from '../../shared/data/results.ts'
import { blogFieldNames, type BlogFields, type BlogRow } from '../../shared/schemas/blog.ts'
import type { LocalListItem } from '../../desktop/contract.ts'
import { MemorySecretStore, type SecretStore } from '../../desktop/main/services/session.ts'
import { openDesktop, otherEditor, postInput, type DesktopUnderTest } from './desktop.ts'
import { disarm, KilledError, killBeforeWrite } from './store-faults.ts'
import { startTestServer, testEditor, type TestServer } from './server.ts'
import { readStoreFile, storeFileOf, waitingInFile } from './store-file.ts'
import {
  expectedRefusal,
  faultKinds,
  slugPool,
  type Command,
  type FiredCounts,
} from './sync-model-commands.ts'
import {
  differingFields,
  editedInput,
  fieldsNumbered,
  storedFields,
  type Fields,
} from './sync-model-fields.ts'
import { faultTargets, installFaults, type FaultTarget } from './sync-model-faults.ts'

export { commandArbitrary, faultKinds, type Command } from './sync-model-commands.ts'
export { noFields, type Fields } from './sync-model-fields.ts'
export { faultTargets, type Fault, type FaultTarget } from './sync-model-faults.ts'

/**
 * A model-based test of editing from several places at once: N desktop apps (real offline stores, real
 * sync engines) and one browser editor (supabase-js) against the real server, driven by random commands —
 * creates, edits of every field a person can change (tests/support/sync-model-fields.ts), renames, deletes,
 * offline periods, edits while a send is in flight, server faults (a lost reply, a 5xx, a request that never
 * arrives, one that times out) on the posts, on deletes, on the pull of deletes, on a token refresh and on
 * the role check at sign-in, the desktop process killed before any write of a save, a delete or a sync
 * (sending, landing, applying a pull) and opened again from disk, clean restarts, server restarts and
 * conflict resolutions. Each case starts from posts every desktop already has, with nothing queued.
 *
 * The invariant, checked after every case once everything is online and settled:
 * 1. each desktop user's last acknowledged edit of each post survived: the server wrote exactly it (every
 *    field of the schema), and it is still there or a later write replaced it (every write names the version
 *    it builds on), or it sits in a conflict or needs-attention entry that user can see — unless the user
 *    chose to drop it (keep theirs, discard); an acknowledged delete left the post deleted, or visible, or
 *    re-created by a later choice;
 * 2. no local change is still pending and nothing is queued, read from the store's file directly, and the
 *    status bar counts what the file holds;
 * 3. every desktop shows the server's state: each server post is there, and each post shown as synced has
 *    the server's version and every field of it.
 * Each desktop opened again from disk (after a kill or a crash) holds a queue entry for every pending change.
 */

/** Posts on the server and on every desktop, nothing queued, when a case starts (slugs after the pool's). */
const postsAtStart = 3

/** What a desktop user was told is saved: their last save (by title, unique per edit) or delete per post. */
type Acked = { kind: 'save'; title: string; stored: BlogFields } | { kind: 'delete' }

export interface ModelWorld {
  server: TestServer
  clients: DesktopUnderTest[]
  browser: SupabaseClient
  /** Runs one case (a command sequence from a settled state) and checks the invariant. */
  runCase(commands: Command[]): Promise<CaseReport>
  /** Faults that actually happened so far (a kill that fired, a fault a request met), by kind and target. */
  fired: FiredCounts
  firedAt: Record<FaultTarget, number>
  close(): Promise<void>
}

export interface CaseReport {
  commands: number
  conflicts: number
  attention: number
  landed: number
}

/** Every write to the posts, with the whole row written and the title it replaced. */
const auditSql = `
create schema if not exists model_audit;
create table if not exists model_audit.writes (
  seq bigserial primary key, id uuid not null, title text, old_title text, op text not null, row jsonb
);
create or replace function model_audit.record() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    insert into model_audit.writes (id, title, old_title, op) values (old.id, old.title, old.title, 'delete');
    return old;
  end if;
  insert into model_audit.writes (id, title, old_title, op, row)
  values (new.id, new.title, case when tg_op = 'UPDATE' then old.title end, lower(tg_op), to_jsonb(new));
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
  old_title: string | null
  op: string
  row: BlogRow | null
}

/** How long a desktop waits for an answer before it counts as a dropped connection. */
const requestTimeoutMs = 3000

/** The desktop's secret store (as in tests), whose saved sign-in the model can age. */
class ModelSecrets extends MemorySecretStore {
  /** The saved session has expired (the computer slept past it): its next request refreshes the token first. */
  expireSession() {
    const [key, value] = [...this.values].find(([k]) => k.endsWith('-auth-token')) ?? []
    if (!key || !value) throw new Error('the desktop has no saved session to expire')
    this.values.set(
      key,
      JSON.stringify({ ...JSON.parse(value), expires_at: Math.floor(Date.now() / 1000) - 60 }),
    )
  }
}

export async function createModelWorld(clientCount: number): Promise<ModelWorld> {
  let server = await startTestServer()
  const dataDir = server.dataDir
  const port = new URL(server.url).port
  await server.ctx.localSupabase!.db.exec(auditSql)
  const fired = Object.fromEntries(faultKinds.map((k) => [k, 0])) as FiredCounts
  const firedAt = Object.fromEntries(faultTargets.map((t) => [t, 0])) as Record<FaultTarget, number>
  const faultSwitch = installFaults()

  const open = async (userDataDir?: string, secrets: SecretStore = new ModelSecrets()) => {
    const desktop = await openDesktop({
      siteUrl: userDataDir ? undefined : server.url,
      userDataDir,
      secrets,
      requestTimeoutMs,
    })
    if (!userDataDir) await desktop.backend.signIn(testEditor.email, testEditor.password)
    return desktop
  }
  const storeFile = (desktop: DesktopUnderTest) => storeFileOf(desktop.userDataDir)
  /** What the status bar counts must be what the store's file holds. */
  const checkCounts = async (c: number) => {
    const file = readStoreFile(storeFile(clients[c]!))
    const status = await clients[c]!.backend.engine.status()
    if (
      status.pending !== waitingInFile(file) ||
      status.conflicts !== file.conflict ||
      status.attention !== file.attention
    )
      throw new Error(
        `client ${c}'s status counts ${status.pending} waiting, ${status.conflicts} conflicts, ${status.attention} needing attention; its store file holds ${waitingInFile(file)}, ${file.conflict}, ${file.attention}`,
      )
    return file
  }
  const reopen = async (c: number) => {
    const before = clients[c]!
    await before.close()
    const after = await open(before.userDataDir, before.secrets)
    after.network.up = before.network.up
    clients[c] = after
    const file = await checkCounts(c)
    if (file.unqueued.length)
      throw new Error(`client ${c} opened again with pending changes that are not queued: ${file.unqueued}`)
  }
  const clients: DesktopUnderTest[] = []
  for (let i = 0; i < clientCount; i++) clients.push(await open())
  const browser = await otherEditor(server)
  let caseNumber = 0
  let titles = 0

  const audit = async () =>
    (await server.ctx.localSupabase!.db.query<AuditRow>('select * from model_audit.writes order by seq')).rows

  async function settle() {
    for (const [c, client] of clients.entries()) {
      client.network.up = true
      if (!(await client.backend.getSession()).signedIn) throw new Error(`client ${c} was signed out`)
    }
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
    firedAt,
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
      const saved = (input: BlogFields): Acked => ({
        kind: 'save',
        title: input.title,
        stored: storedFields(input),
      })

      /** The editor opens a post (the whole of it, as the form does) and saves an edit of it. */
      async function edit(c: number, index: number, rename: number | null, fields: Fields) {
        const posts = await postsOf(c)
        const item = posts[index % Math.max(1, posts.length)]
        const post = item ? await mine(c).getPost(item.slug) : null
        if (!post || post.id !== item?.id) return null
        const input = editedInput(post, fields, rename === null ? post.slug : slugOf(rename), title())
        const saving = mine(c).savePost(input, { mode: 'update', id: post.id, version: post.version })
        return { postId: post.id, saving, acked: saved(input) }
      }
      async function deleteOne(c: number, index: number) {
        const posts = await postsOf(c)
        const post = posts[index % Math.max(1, posts.length)]
        if (!post) return null
        await mine(c).deletePost(post.id, post.version)
        return post.id
      }

      // The posts every desktop has when the case starts: one a desktop wrote, the others the browser did.
      for (let i = 0; i < postsAtStart; i++) {
        const slug = slugOf(slugPool + i)
        const input = editedInput(postInput(slug), fieldsNumbered(caseNumber + i), slug, title())
        if (i === 0) await mine(0).savePost(input, { mode: 'create' })
        else await createPost(browser, input)
      }
      for (const client of clients) await client.backend.engine.syncNow()
      for (let c = 0; c < clients.length; c++) {
        const file = await checkCounts(c)
        const synced = (await postsOf(c)).filter((p) => p.syncState === 'synced').length
        if (file.pending + file.queuedChanges + file.uploads !== 0 || synced !== postsAtStart)
          throw new Error(`client ${c} starts the case with ${synced} posts synced and something queued`)
      }

      for (const command of commands) {
        const c = 'client' in command ? command.client : 0
        try {
          switch (command.kind) {
            case 'create': {
              const input = editedInput(
                postInput(slugOf(command.slug)),
                command.fields,
                slugOf(command.slug),
                title(),
              )
              const post = await mine(c).savePost(input, { mode: 'create' })
              acked.set(key(c, post.id), saved(input))
              break
            }
            case 'edit': {
              const e = await edit(c, command.post, command.rename, command.fields)
              if (!e) break
              await e.saving
              acked.set(key(c, e.postId), e.acked)
              break
            }
            case 'editDuringSend': {
              // A sync is under way (its requests in flight) when the editor saves again.
              const sending = mine(c).retryNow()
              try {
                const e = await edit(c, command.post, null, command.fields)
                if (e) {
                  await e.saving
                  acked.set(key(c, e.postId), e.acked)
                  fired.editDuringSend++
                }
              } finally {
                await sending
              }
              break
            }
            case 'delete': {
              const postId = await deleteOne(c, command.post)
              if (postId) acked.set(key(c, postId), { kind: 'delete' })
              break
            }
            case 'browserCreate': {
              const slug = slugOf(command.slug)
              await createPost(browser, editedInput(postInput(slug), command.fields, slug, title()))
              break
            }
            case 'browserEdit': {
              const rows = await serverRows()
              const row = rows[command.post % Math.max(1, rows.length)]
              if (!row) break
              const slug = command.rename === null ? row.slug : slugOf(command.rename)
              await updatePost(browser, editedInput(row, command.fields, slug, title()), row)
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
            case 'fault': {
              let met = false
              faultSwitch.arm(command.fault, command.target)
              try {
                if (command.target === 'deletes') {
                  // A delete to send: the fault meets it (or another desktop's) on its way.
                  const postId = await deleteOne(c, command.post)
                  if (postId) acked.set(key(c, postId), { kind: 'delete' })
                }
                if (command.target === 'tokenRefresh') (clients[c]!.secrets as ModelSecrets).expireSession()
                if (command.target === 'rpc') {
                  // Signing in again asks the role; if that fails, the sign-in is refused and the editor
                  // tries again.
                  try {
                    await clients[c]!.backend.signIn(testEditor.email, testEditor.password)
                  } catch (err) {
                    if (!(err instanceof DataError && err.message.startsWith('Could not check your role')))
                      throw err
                    met = faultSwitch.disarm()
                    await clients[c]!.backend.signIn(testEditor.email, testEditor.password)
                  }
                }
                await mine(c).retryNow()
              } finally {
                if (faultSwitch.disarm() || met) {
                  fired[command.fault]++
                  firedAt[command.target]++
                }
              }
              break
            }
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
                    await e.saving
                    ;[done, postId] = [e.acked, e.postId]
                  }
                } else if (command.during === 'delete') {
                  postId = await deleteOne(c, command.post)
                  if (postId) done = { kind: 'delete' }
                }
                // Whatever the operation started (or, for `sync`, a sync of its own) runs to its end.
                await mine(c).retryNow()
              } catch (err) {
                if (!(err instanceof KilledError)) throw err
              } finally {
                // Acknowledged before the kill: the editor was told it is saved.
                if (done && postId) acked.set(key(c, postId), done)
                if (disarm(file)) {
                  fired.kill++
                  await reopen(c)
                }
              }
              break
            }
            case 'crash': {
              // The write reaches the server; the app dies before it hears back; it is opened again.
              faultSwitch.arm('lostReply', 'posts')
              try {
                await mine(c).retryNow()
              } finally {
                if (faultSwitch.disarm()) {
                  fired.lostReply++
                  firedAt.posts++
                }
              }
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
                  acked.set(key(c, next.id), { ...was, stored: { ...was.stored, slug: next.slug } })
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
          if (expectedRefusal(command, err)) continue
          const message = err instanceof Error ? err.message : String(err)
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
        const file = await checkCounts(c)
        if (file.pending !== 0) throw new Error(`client ${c} still has ${file.pending} changes pending`)
        if (file.queuedChanges + file.uploads !== 0)
          throw new Error(`client ${c} still has ${file.queuedChanges + file.uploads} queued`)
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
        // Every desktop shows the server's state: every post, and every field of each one shown as synced.
        const posts = new Map((await postsOf(c)).map((p) => [p.id, p]))
        for (const row of rows) {
          const shown = posts.get(row.id)
          if (!shown) {
            const hiddenBy =
              conflicts.some((x) => x.postId === row.id) || attention.some((x) => x.postId === row.id)
            if (!hiddenBy) throw new Error(`client ${c} does not show ${row.slug} (${row.id})`)
            continue
          }
          if (shown.syncState !== 'synced') continue
          const opened = await engine.getPost(shown.slug)
          const whole = opened?.id === row.id ? opened : store.cachedPost(row.id)?.row
          const listed = blogFieldNames.filter((f) => f in shown)
          const differing = [
            ...new Set([
              ...differingFields(whole ?? {}, row),
              ...differingFields(shown, row).filter((f) => listed.includes(f)),
            ]),
          ]
          if (shown.version !== row.version || differing.length)
            throw new Error(
              `client ${c} shows ${row.id} at version ${shown.version}, the server has ${row.version}; they differ in: ${differing.join(', ') || 'nothing else'}`,
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
      faultSwitch.uninstall()
      for (const client of clients) await client.destroy()
      await server.stop()
    },
  }
  return world
}

/**
 * A save survived if the server wrote exactly it (every field of the schema, as the server stores the
 * editor's input) and it is still there or a later write replaced it (the database refuses any write that
 * does not name the version it replaces).
 */
function saveSurvived(edit: Extract<Acked, { kind: 'save' }>, writes: AuditRow[]) {
  const written = writes.find((w) => w.title === edit.title && w.op !== 'delete')
  if (!written) return false
  const differing = differingFields(written.row ?? {}, edit.stored)
  if (differing.length)
    throw new Error(
      `the server wrote “${edit.title}” with other ${differing.join(', ')} than the editor saved`,
    )
  const later = writes.filter((w) => w.id === written.id && w.seq > written.seq)
  return later.length === 0 || later[0]!.old_title === edit.title
}

/** A delete survived if the post is gone, or was never on the server, or a later choice created it again. */
function deleteSurvived(postId: string, rows: BlogRow[], writes: AuditRow[]) {
  if (!rows.some((r) => r.id === postId)) return true
  const deleted = writes.findIndex((w) => w.id === postId && w.op === 'delete')
  return deleted >= 0 && writes.slice(deleted).some((w) => w.id === postId && w.op === 'insert')
}

function sameIntent(mine: { title: string } | null, edit: Acked) {
  return edit.kind === 'delete' ? mine === null : mine?.title === edit.title
}
