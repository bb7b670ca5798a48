import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeSyncStatus } from '../../desktop/renderer/src/sync-status.utils.ts'
import { openDesktop, postInput, serverPost, type DesktopUnderTest } from '../support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { readStoreFile, storeFileOf, waitingInFile } from '../support/store-file.ts'

/**
 * The desktop process killed (SIGKILL) before each write of the offline store while it saves, deletes or
 * sends a post, each kill in its own run, then opened again: every acknowledged edit is on the server or
 * still shown as pending, every pending change is queued, the status bar counts what the store's file holds
 * and never says everything is saved while a local change is unsent, and after syncing nothing is left
 * behind. A post either already has a pending edit, or is synced with nothing queued for it (its first
 * save is a new change and a new queue entry). The child is tests/support/desktop-crash-child.ts.
 */
const child = path.join(import.meta.dirname, '../support/desktop-crash-child.ts')
const root = path.resolve(import.meta.dirname, '../..')

interface ChildRun {
  killed: boolean
  done: boolean
  writes: number
  /** The statement of each write, in order (a run that was not killed). */
  statements: string[]
}

function runChild(userDataDir: string, killAt: number, op: object) {
  return new Promise<ChildRun>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', child, userDataDir, String(killAt), JSON.stringify(op)],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    let err = ''
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()))
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()))
    proc.on('error', reject)
    proc.on('close', (code, signal) => {
      const killed = signal === 'SIGKILL'
      if (!killed && code !== 0) reject(new Error(`crash child exited with ${code}:\n${out}\n${err}`))
      else
        resolve({
          killed,
          done: out.includes('DONE'),
          writes: Number(/WRITES (\d+)/.exec(out)?.[1] ?? 0),
          statements: [...out.matchAll(/^WRITE (.*)$/gm)].map((m) => m[1]!),
        })
    })
  })
}

/**
 * The writes a run is killed before: every one, except that of a run of the same statement one after the
 * other (a row each, in one transaction: caching a pulled page of posts), the first, the second and the last
 * stand for the rest.
 */
function killPoints(statements: string[]): number[] {
  const points: number[] = []
  for (let first = 0; first < statements.length;) {
    let last = first
    while (statements[last + 1] === statements[first]) last++
    if (last - first < 3) for (let i = first; i <= last; i++) points.push(i + 1)
    else points.push(first + 1, first + 2, last + 1)
    first = last + 1
  }
  return points
}

describe('a desktop killed in the middle of a save, a delete or a send', { timeout: 600_000 }, () => {
  let server: TestServer
  /** A closed profile in which many posts are on the server and synced: each run copies it and takes one. */
  let template: { userDataDir: string; posts: Array<{ id: string; slug: string }> }
  let taken = 0
  const folders: string[] = []

  beforeAll(async () => {
    server = await startTestServer()
    // The posts (`crash-<k>`) are on the server as "published", version 1, written by this desktop and
    // synced: nothing is pending or queued.
    const desktop = await openDesktop({ siteUrl: server.url, backoffMs: 60_000 })
    folders.push(desktop.userDataDir)
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    const { engine } = desktop.backend
    const posts = []
    for (let k = 0; k < 60; k++)
      posts.push(await engine.savePost(postInput(`crash-${k}`), { mode: 'create' }))
    for (let i = 0; i < 5 && (await engine.retryNow()).pending > 0; i++);
    const file = readStoreFile(storeFileOf(desktop.userDataDir))
    expect(file.pending + file.queuedChanges).toBe(0)
    expect((await engine.listPosts({ search: 'crash-' })).items.every((p) => p.version === 1)).toBe(true)
    await desktop.close()
    template = { userDataDir: desktop.userDataDir, posts: posts.map(({ id, slug }) => ({ id, slug })) }
  }, 180_000)
  afterAll(async () => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
    await server?.stop()
  })

  /**
   * A copy of the template for one run, with a post of its own. With `pendingEdit`, the editor then saved
   * that post's title "A" offline (acknowledged, not sent yet); without, the post is synced.
   */
  async function profile(pendingEdit: boolean) {
    const post = template.posts[taken++]
    if (!post) throw new Error(`the template's ${template.posts.length} posts are all taken: make more`)
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-'))
    folders.push(userDataDir)
    cpSync(template.userDataDir, userDataDir, { recursive: true })
    if (pendingEdit) {
      const desktop = await openDesktop({ userDataDir, network: { up: false } })
      await desktop.backend.engine.savePost(
        { ...postInput(post.slug), title: 'A' },
        { mode: 'update', id: post.id, version: 1 },
      )
      await desktop.close()
    }
    return { userDataDir, slug: post.slug, id: post.id, version: 1 }
  }

  /**
   * Opens the profile again offline: what the status bar says before anything is sent, checked against the
   * store's file read directly.
   */
  async function reopenOffline(
    userDataDir: string,
    acknowledgedWaits: boolean,
    run: string,
  ): Promise<DesktopUnderTest> {
    const desktop = await openDesktop({ userDataDir, network: { up: false }, backoffMs: 25 })
    const status = await desktop.backend.engine.status()
    const file = readStoreFile(storeFileOf(userDataDir))
    expect(file.unqueued, `${run}: every pending change is queued`).toEqual([])
    const unsent = waitingInFile(file)
    expect(status.pending, `${run}: the status counts the local changes`).toBe(unsent)
    // Nothing was sent (saving and deleting happen offline): an acknowledged edit is still waiting.
    if (acknowledgedWaits) expect(unsent, `${run}: the acknowledged edit is still pending`).toBeGreaterThan(0)
    if (unsent > 0)
      expect(describeSyncStatus({ ...status, signedIn: true, online: true }, new Date()).pending).not.toBe(
        'All changes saved to the server',
      )
    return desktop
  }

  /** Online again and signed in: everything pending is sent, nothing is left waiting. */
  async function settle(desktop: DesktopUnderTest, run: string) {
    desktop.network.up = true
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    for (let i = 0; i < 5 && (await desktop.backend.engine.retryNow()).pending > 0; i++);
    const status = await desktop.backend.engine.status()
    expect(status.pending, `${run}: nothing waits`).toBe(0)
    expect(status.conflicts + status.attention, `${run}: no conflict`).toBe(0)
    expect(describeSyncStatus(status, new Date()).pending).toBe('All changes saved to the server')
    const file = readStoreFile(storeFileOf(desktop.userDataDir))
    expect(
      file.pending + file.queuedChanges + file.uploads,
      `${run}: nothing is left in the store file`,
    ).toBe(0)
  }

  type Profile = Awaited<ReturnType<typeof profile>>

  /**
   * Runs `op` once unkilled to learn its writes, then killed before each of them (`killPoints`), each run on
   * a fresh copy of the template and a post of its own. After each run the profile is reopened and settled,
   * and `check` sees what the server holds (`done`: the operation returned, it was acknowledged).
   * `pendingEdit`: the post starts with the editor's edit "A" pending; else it is synced, nothing queued.
   */
  async function everyKill(
    name: string,
    pendingEdit: boolean,
    op: (p: Profile) => { kind: string },
    check: (row: Awaited<ReturnType<typeof serverPost>>, p: Profile, done: boolean) => void,
  ) {
    const sends = (p: Profile) => op(p).kind === 'send'
    const run = async (killAt: number) => {
      const p = await profile(pendingEdit)
      const result = await runChild(p.userDataDir, killAt, op(p))
      const label = killAt ? `${name} killed before write ${killAt}` : `${name} not killed`
      const desktop = await reopenOffline(p.userDataDir, (pendingEdit || result.done) && !sends(p), label)
      try {
        await settle(desktop, label)
        check(await serverPost(server, p.slug), p, result.done)
      } finally {
        await desktop.destroy()
      }
      return result
    }
    const unkilled = await run(0)
    expect(unkilled.done).toBe(true)
    expect(unkilled.writes).toBeGreaterThan(1)
    expect(unkilled.statements).toHaveLength(unkilled.writes)
    const points = killPoints(unkilled.statements)
    for (const k of points) {
      const result = await run(k)
      expect(result.killed, `killed before write ${k} of ${unkilled.writes}`).toBe(true)
    }
    console.info(`${name}: ${unkilled.writes} writes, killed before ${points.length} of them: ${points}`)
  }

  const original = (p: Profile) => `Post ${p.slug}`

  it('a second save killed before any write: the first save or the second reaches the server', async () => {
    await everyKill(
      'save',
      true,
      (p) => ({ kind: 'save', id: p.id, version: p.version, input: { ...postInput(p.slug), title: 'B' } }),
      (row, _p, done) => expect(done ? ['B'] : ['A', 'B']).toContain(row?.title),
    )
  })

  it('a delete killed before any write: the saved edit reaches the server, or the delete does', async () => {
    await everyKill(
      'delete',
      true,
      (p) => ({ kind: 'delete', id: p.id, version: p.version }),
      (row, _p, done) => expect(row === null || (!done && row.title === 'A')).toBe(true),
    )
  })

  it('the first save of a synced post killed before any write: the post is as it was, or saved', async () => {
    await everyKill(
      'first save',
      false,
      (p) => ({ kind: 'save', id: p.id, version: p.version, input: { ...postInput(p.slug), title: 'B' } }),
      (row, p, done) => expect(done ? ['B'] : [original(p), 'B']).toContain(row?.title),
    )
  })

  it('a delete of a synced post killed before any write: the post is as it was, or deleted', async () => {
    await everyKill(
      'first delete',
      false,
      (p) => ({ kind: 'delete', id: p.id, version: p.version }),
      (row, p, done) => expect(row === null || (!done && row.title === original(p))).toBe(true),
    )
  })

  it('a send killed before any write (sending, landing, applying the pull): the edit reaches the server', async () => {
    await everyKill(
      'send',
      true,
      () => ({ kind: 'send', email: testEditor.email, password: testEditor.password }),
      (row) => expect(row?.title).toBe('A'),
    )
  })
})
