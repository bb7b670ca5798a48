import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import lockfile from 'proper-lockfile'

/**
 * The one lock on a data directory that only one process may use at a time: the server's embedded database
 * (PGlite does nothing to stop two processes opening one directory, which corrupts it) and the desktop's
 * offline store (two app processes syncing one store would send every change twice).
 *
 * proper-lockfile takes the lock atomically (a directory made with mkdir), keeps its mtime fresh while the
 * process runs and treats a lock not refreshed for `staleMs` as stale; it releases on exit. Beside it, the
 * owner's pid: a lock whose owner no longer runs on this machine (a crash, a kill) is taken over at once
 * instead of after `staleMs`, and a refusal can name the process that holds the directory.
 */
export interface DirectoryLockOptions {
  /** The lock's path (a directory proper-lockfile creates), e.g. `DATA_DIR/db.lock`. */
  lockPath: string
  /** The error for a directory in use by a live process (its pid when known). */
  refuse: (pid: number | undefined) => Error
  /** A lock not refreshed for this long belongs to nobody (at least 2 s; 10 s by default). */
  staleMs?: number
  /** Called if the lock is lost while held (its directory removed, or not refreshed in time). */
  onCompromised?: (err: Error) => void
}

export interface DirectoryLock {
  /** Gives the directory up; safe to call more than once. */
  release(): void
}

const ownerFile = (lockPath: string) => `${lockPath}.pid`

function readOwner(lockPath: string, file = ownerFile(lockPath)): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it still holds the lock.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the lock on a directory, or throws `refuse(pid)` while another live process (or this one) holds it. */
export function lockDirectory(options: DirectoryLockOptions): DirectoryLock {
  const { lockPath, refuse, staleMs = 10_000 } = options
  const lockOptions = {
    lockfilePath: lockPath,
    realpath: false,
    stale: staleMs,
    onCompromised: options.onCompromised ?? (() => undefined),
  }
  const take = () => lockfile.lockSync(lockPath, lockOptions)
  // Earlier versions kept a plain file with the pid at the lock's path.
  if (statSync(lockPath, { throwIfNoEntry: false })?.isFile()) {
    const owner = readOwner(lockPath, lockPath)
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw refuse(owner)
    rmSync(lockPath, { force: true })
  }
  let unlock: () => void
  try {
    unlock = take()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err
    const owner = readOwner(lockPath)
    if (owner === undefined || owner === process.pid || isAlive(owner)) throw refuse(owner)
    // Left by a process that no longer runs: not worth waiting for proper-lockfile's stale time.
    rmSync(lockPath, { recursive: true, force: true })
    try {
      unlock = take()
    } catch (again) {
      // Another process took it over first.
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw refuse(readOwner(lockPath))
      throw again
    }
  }
  writeFileSync(ownerFile(lockPath), String(process.pid), { mode: 0o600 })
  let released = false
  return {
    release() {
      if (released) return
      released = true
      rmSync(ownerFile(lockPath), { force: true })
      try {
        unlock()
      } catch (err) {
        // Already gone (compromised, or removed by hand): nothing left to give up.
        if ((err as NodeJS.ErrnoException).code !== 'ENOTACQUIRED') throw err
      }
    },
  }
}
