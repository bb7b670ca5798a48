import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'

/**
 * Failures that are not the server's fault, recognised in one place: a client that went away mid-request,
 * and a data directory that is full, read-only or not ours to write. They are logged below error level or
 * answered with a clear message, never as an anonymous 500.
 */

/** What is wrong with the disk under the data directory. */
export type DiskProblem = 'full' | 'read-only' | 'not-writable'

// Node's errno codes, and Emscripten's numbers for the same (PGlite's file system throws `ErrnoError`).
const nodeCodes: Record<string, DiskProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EACCES: 'not-writable',
  EPERM: 'not-writable',
}
const emscriptenErrnos: Record<number, DiskProblem> = {
  51: 'full',
  19: 'full',
  69: 'read-only',
  2: 'not-writable',
  63: 'not-writable',
}

/** The disk problem behind an error (its causes included), or null when it is something else. */
export function diskProblemOf(err: unknown, depth = 0): DiskProblem | null {
  if (!err || typeof err !== 'object' || depth > 5) return null
  const e = err as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; cause?: unknown }
  if (typeof e.code === 'string') {
    if (e.code in nodeCodes) return nodeCodes[e.code]
    // Postgres: disk_full (class 53: insufficient resources).
    if (e.code === '53100') return 'full'
  }
  if (e.name === 'ErrnoError' && typeof e.errno === 'number' && e.errno in emscriptenErrnos)
    return emscriptenErrnos[e.errno]
  if (typeof e.message === 'string') {
    if (/no space left on device|disk quota exceeded/i.test(e.message)) return 'full'
    if (/read-only file system/i.test(e.message)) return 'read-only'
  }
  return diskProblemOf(e.cause, depth + 1)
}

const problemWords: Record<DiskProblem, string> = {
  full: 'the disk is full (no space left on the device)',
  'read-only': 'the file system is read-only',
  'not-writable': 'this process may not write there (permission denied)',
}

const remedies: Record<DiskProblem, string> = {
  full: 'Free some space or set DATA_DIR to another folder.',
  'read-only': 'Make it writable or set DATA_DIR to another folder.',
  'not-writable': 'Give this user write access or set DATA_DIR to another folder.',
}

/** Thrown at start when the data directory cannot be used: one line naming the folder and the cause. */
export class DataDirectoryError extends Error {
  constructor(
    readonly dataDir: string,
    readonly problem: DiskProblem,
    cause?: unknown,
  ) {
    super(`Cannot use the data directory ${dataDir}: ${problemWords[problem]}. ${remedies[problem]}`, {
      cause,
    })
    this.name = 'DataDirectoryError'
  }
}

/** The message a request gets when the data directory is full (503: try again once there is room). */
export const diskFullMessage =
  "The server's disk is full, so this cannot be saved right now. Please try again later."

/**
 * True when the request failed because its client went away: the connection closed while its body was
 * being read (Node's "aborted" / ECONNRESET) or the request was aborted.
 */
export function isClientGone(err: unknown, c?: Context): boolean {
  if (c?.req.raw.signal?.aborted) return true
  for (
    let e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.name === 'ClientGoneError' || e.name === 'AbortError') return true
    if (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE') return true
    if (e.message === 'aborted') return true
    e = e.cause as typeof e
  }
  return false
}

/**
 * Makes sure the data directory exists and takes a write, before anything opens it: a full or read-only
 * disk then stops the start with one line naming the folder and the cause, not an Emscripten errno.
 */
export function checkDataDirectory(dataDir: string): void {
  try {
    // Create missing folders one level at a time: a recursive mkdir on a read-only file system reports
    // ENOENT, which would hide the cause.
    const missing: string[] = []
    let dir = dataDir
    while (!existsSync(dir) && path.dirname(dir) !== dir) {
      missing.unshift(dir)
      dir = path.dirname(dir)
    }
    for (const folder of missing) mkdirSync(folder)
    const probe = path.join(dataDir, `.write-check-${process.pid}`)
    try {
      const fd = openSync(probe, 'w')
      try {
        writeSync(fd, Buffer.alloc(64 * 1024))
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    } finally {
      rmSync(probe, { force: true })
    }
  } catch (err) {
    const problem = diskProblemOf(err)
    if (problem) throw new DataDirectoryError(dataDir, problem, err)
    throw err
  }
}

/**
 * Middleware for both listeners: a reply sent before the request's body was read to its end (a refusal
 * that needed no body, a 413) says `Connection: close`. Node drops such a connection once it gives up
 * draining the rest, and a client that reused it for its next request would see that request cut off.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next()
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming || incoming.readableEnded) return
  const hasBody =
    Number(incoming.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in incoming.headers
  if (hasBody) c.header('Connection', 'close')
}
