import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { projectRoot } from '../../server/main.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// The data directory outlives the process (posts, keys, editors), and only one server may use it at a time.

const run = promisify(execFile)
// Each test starts the backend more than once (the first start creates the database): on a busy
// machine that takes well over vitest's default.
const slow = { timeout: 180_000 }
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-persist-'))
const running: TestServer[] = []

async function start(): Promise<TestServer> {
  const server = await startTestServer({ DATA_DIR: dataDir })
  running.push(server)
  return server
}

afterAll(async () => {
  for (const server of running) await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Opens the same data directory from another Node process, as a second `npm start` would. */
async function openFromAnotherProcess(): Promise<{ ok: boolean; output: string }> {
  const script = `
    import pino from 'pino'
    import { openDatabase } from ${JSON.stringify(path.join(projectRoot, 'server/local-supabase/database.ts'))}
    const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, logger: pino({ level: 'silent' }) })
    await db.close()
    console.log('opened')
  `
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      timeout: 60_000,
    })
    return { ok: true, output: stdout }
  } catch (err) {
    const e = err as { stderr?: string; message: string }
    return { ok: false, output: e.stderr ?? e.message }
  }
}

describe('data directory', () => {
  it('keeps posts, keys and the editor across a restart, and does not seed twice', slow, async () => {
    const first = await start()
    const firstKeys = first.ctx.localSupabase!.keys
    const secrets = path.join(dataDir, 'secrets.json')
    expect(statSync(secrets).mode & 0o777).toBe(0o600)
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true)

    const service = createNodeSupabaseClient(first.url, first.ctx.supabase.serviceRoleKey)
    const saved = await service
      .from('blogs')
      .insert({ title: 'Survives restarts', slug: 'survives-restarts', author: 'Ana' })
    expect(saved.error).toBeNull()
    const { count: before } = await service.from('blogs').select('*', { count: 'exact', head: true })
    await first.close()
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false)

    const second = await start()
    expect(second.ctx.localSupabase!.keys).toEqual(firstKeys)
    const again = createNodeSupabaseClient(second.url, second.ctx.supabase.anonKey)
    const post = await again.from('blogs').select('title').eq('slug', 'survives-restarts').single()
    expect(post.data).toEqual({ title: 'Survives restarts' })
    const { count: after } = await again.from('blogs').select('*', { count: 'exact', head: true })
    const publishedBefore = before! - 1 // the seed's one draft is hidden from visitors
    expect(after).toBe(publishedBefore)

    // The editor account from the first start still signs in with the same password.
    const editorClient = createNodeSupabaseClient(second.url, second.ctx.supabase.anonKey)
    const signIn = await editorClient.auth.signInWithPassword({
      email: 'editor@meridian.example',
      password: 'correct-horse-battery-staple',
    })
    expect(signIn.error).toBeNull()
  })

  it(
    'refuses a second server on the same directory with a clear message, in this process and from another',
    slow,
    async () => {
      expect(running.at(-1)).toBeDefined()
      await expect(startTestServer({ DATA_DIR: dataDir })).rejects.toThrow(
        `Another Meridian server is already using ${dataDir} (pid ${process.pid}). Stop it or set DATA_DIR to another folder.`,
      )
      const other = await openFromAnotherProcess()
      expect(other.ok).toBe(false)
      expect(other.output).toContain(
        `Another Meridian server is already using ${dataDir} (pid ${process.pid})`,
      )

      // The refused attempts did not disturb the running server.
      const server = running.at(-1)!
      const anon = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey)
      const { error } = await anon.from('blogs').select('slug').limit(1)
      expect(error).toBeNull()
      await server.close()
    },
  )

  it('takes over a lock left by a process that no longer runs', slow, async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    })
    const deadPid = Number(dead.stdout)
    // What a server killed without a chance to clean up leaves: its lock, fresh, and its pid beside it.
    mkdirSync(path.join(dataDir, 'db.lock'))
    writeFileSync(path.join(dataDir, 'db.lock.pid'), String(deadPid))
    const other = await openFromAnotherProcess()
    expect(other).toMatchObject({ ok: true })
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false)

    const server = await start()
    expect(readFileSync(path.join(dataDir, 'db.lock.pid'), 'utf8')).toBe(String(process.pid))
    await server.close()
  })
})
