import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lockDirectory } from './directory-lock.node.ts'

class InUse extends Error {
  constructor(readonly pid: number | undefined) {
    super(`in use by ${pid ?? 'an unknown process'}`)
  }
}
const refuse = (pid: number | undefined) => new InUse(pid)

let dir: string
let lockPath: string
const children: ChildProcess[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'directory-lock-'))
  lockPath = path.join(dir, 'data.lock')
})
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

/** Another process that takes the lock and holds it until it is killed; resolves once it holds it. */
function holdInAnotherProcess(): Promise<ChildProcess> {
  const module = path.join(import.meta.dirname, 'directory-lock.node.ts')
  const script = `
    import { lockDirectory } from ${JSON.stringify(module)}
    lockDirectory({ lockPath: ${JSON.stringify(lockPath)}, refuse: () => new Error('in use') })
    process.stdout.write('held\\n')
    setInterval(() => {}, 1000)
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the holding process exited (${code})`)))
  })
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  )

describe('lockDirectory', () => {
  it('refuses a directory a live process holds, naming it, and takes over once that process is killed', async () => {
    const holder = await holdInAnotherProcess()
    let refusal: unknown
    try {
      lockDirectory({ lockPath, refuse })
    } catch (err) {
      refusal = err
    }
    expect(refusal).toBeInstanceOf(InUse)
    expect((refusal as InUse).pid).toBe(holder.pid)

    // Killed without a chance to clean up: its lock and pid stay on disk, fresh.
    holder.kill('SIGKILL')
    await exited(holder)
    expect(existsSync(lockPath)).toBe(true)
    const lock = lockDirectory({ lockPath, refuse })
    expect(readFileSync(`${lockPath}.pid`, 'utf8')).toBe(String(process.pid))
    lock.release()
  })

  it('refuses a second lock in the same process until the first is released, then leaves nothing behind', () => {
    const first = lockDirectory({ lockPath, refuse })
    expect(() => lockDirectory({ lockPath, refuse })).toThrow(`in use by ${process.pid}`)
    first.release()
    first.release()
    expect(existsSync(lockPath)).toBe(false)
    expect(existsSync(`${lockPath}.pid`)).toBe(false)
    lockDirectory({ lockPath, refuse }).release()
  })

  it('takes over a pid file left at the lock path by an earlier version when that process is gone', async () => {
    const gone = spawn(process.execPath, ['-e', ''])
    await exited(gone)
    writeFileSync(lockPath, String(gone.pid))
    lockDirectory({ lockPath, refuse }).release()
    expect(existsSync(lockPath)).toBe(false)

    writeFileSync(lockPath, String(process.ppid))
    expect(() => lockDirectory({ lockPath, refuse })).toThrow(`in use by ${process.ppid}`)
  })

  it('treats a lock nobody refreshes as stale, even without a known owner', () => {
    mkdirSync(lockPath)
    expect(() => lockDirectory({ lockPath, refuse })).toThrow('in use by an unknown process')
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(lockPath, longAgo, longAgo)
    const lock = lockDirectory({ lockPath, refuse })
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
  })
})
