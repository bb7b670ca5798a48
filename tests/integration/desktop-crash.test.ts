import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeSyncStatus } from '../../desktop/renderer/src/sync-status.utils.ts'
import { openDesktop, postInput, serverPost, type DesktopUnderTest } from '../support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

/**
 * The desktop process killed (SIGKILL) before each write of the offline store while it saves, deletes or
 * sends a post, each kill in its own run, then opened again: every acknowledged edit is on the server or
 * still shown as pending, the status bar never says everything is saved while a local change is unsent,
 * and after syncing nothing is left behind. The child is tests/support/desktop-crash-child.ts.
 */
const child = path.join(import.meta.dirname, '../support/desktop-crash-child.ts')
const root = path.resolve(import.meta.dirname, '../..')

function runChild(userDataDir: string, killAt: number, op: object) {
  return new Promise<{ killed: boolean; done: boolean; writes: number }>((resolve, reject) => {
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
        })
    })
  })
}

describe('a desktop killed in the middle of a save, a delete or a send', { timeout: 600_000 }, () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
  })

  /**
   * A profile where post `slug` is on the server as "published" and the editor then saved title "A"
   * offline (acknowledged, not sent yet). Returns the closed profile.
   */
  async function profileWithPendingEdit(slug: string) {
    const desktop = await openDesktop({ siteUrl: server.url, backoffMs: 60_000 })
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    const created = await desktop.backend.engine.savePost(postInput(slug), { mode: 'create' })
    await desktop.backend.engine.retryNow()
    const onServer = await serverPost(server, slug)
    expect(onServer?.version).toBe(1)
    desktop.network.up = false
    const a = await desktop.backend.engine.savePost(
      { ...postInput(slug), title: 'A' },
      { mode: 'update', id: created.id, version: 1 },
    )
    await desktop.close()
    return { userDataDir: desktop.userDataDir, slug, id: a.id, version: a.version }
  }

  /** Opens the profile again offline: what the status bar says before anything is sent. */
  async function reopenOffline(userDataDir: string, sent: boolean): Promise<DesktopUnderTest> {
    const desktop = await openDesktop({ userDataDir, network: { up: false }, backoffMs: 25 })
    const { engine, store } = desktop.backend
    const status = await engine.status()
    const unsent = store.changes('pending').length + store.queue().filter((e) => e.kind === 'upload').length
    expect(status.pending, 'the status counts the local changes').toBe(unsent)
    // Nothing was sent (saving and deleting happen offline): the acknowledged edit is still waiting.
    if (!sent) expect(unsent, 'the acknowledged edit is still pending').toBeGreaterThan(0)
    if (unsent > 0)
      expect(describeSyncStatus({ ...status, signedIn: true, online: true }, new Date()).pending).not.toBe(
        'All changes saved to the server',
      )
    return desktop
  }

  /** Online again and signed in: everything pending is sent, nothing is left waiting. */
  async function settle(desktop: DesktopUnderTest) {
    desktop.network.up = true
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    for (let i = 0; i < 5 && (await desktop.backend.engine.retryNow()).pending > 0; i++);
    const status = await desktop.backend.engine.status()
    expect(status.pending).toBe(0)
    expect(status.conflicts + status.attention).toBe(0)
    expect(describeSyncStatus(status, new Date()).pending).toBe('All changes saved to the server')
  }

  type Profile = Awaited<ReturnType<typeof profileWithPendingEdit>>

  /**
   * Runs `op` once unkilled to count its writes, then once killed before each of them (a fresh profile
   * each time); after reopening and settling, `check` sees what the server holds.
   */
  async function everyKill(
    name: string,
    op: (p: Profile) => object,
    check: (row: Awaited<ReturnType<typeof serverPost>>, acknowledged: boolean) => void,
  ) {
    const first = await profileWithPendingEdit(`crash-${name}-0`)
    const unkilled = await runChild(first.userDataDir, 0, op(first))
    expect(unkilled.done).toBe(true)
    expect(unkilled.writes).toBeGreaterThan(1)
    let killed = 0
    for (let k = 1; k <= unkilled.writes; k++) {
      const profile = await profileWithPendingEdit(`crash-${name}-${k}`)
      const result = await runChild(profile.userDataDir, k, op(profile))
      expect(result.killed, `killed before write ${k} of ${unkilled.writes}`).toBe(true)
      killed++
      const desktop = await reopenOffline(profile.userDataDir, name === 'send')
      try {
        await settle(desktop)
        check(await serverPost(server, profile.slug), result.done)
      } finally {
        await desktop.destroy()
      }
    }
    expect(killed).toBe(unkilled.writes)
    console.info(`${name}: killed before each of its ${unkilled.writes} writes`)
  }

  it('a second save killed before any write: the first save or the second reaches the server', async () => {
    await everyKill(
      'save',
      (p) => ({ kind: 'save', id: p.id, version: p.version, input: { ...postInput(p.slug), title: 'B' } }),
      (row) => expect(['A', 'B']).toContain(row?.title),
    )
  })

  it('a delete killed before any write: the saved edit reaches the server, or the delete does', async () => {
    await everyKill(
      'delete',
      (p) => ({ kind: 'delete', id: p.id, version: p.version }),
      (row) => expect(row === null || row.title === 'A').toBe(true),
    )
  })

  it('a send killed before any write (sending, landing, applying the pull): the edit reaches the server', async () => {
    await everyKill(
      'send',
      () => ({ kind: 'send', email: testEditor.email, password: testEditor.password }),
      (row) => expect(row?.title).toBe('A'),
    )
  })
})
