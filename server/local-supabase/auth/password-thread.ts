import { Worker } from 'node:worker_threads'
import { idleWorker } from '../../../shared/lib/idle-worker.node.ts'

/**
 * Password hashing and checking (bcryptjs, ~0.1 s of CPU each by design) in one worker thread, so the
 * server's own thread keeps answering pages while someone signs in, or guesses. One thread only: on a small
 * server hashing never takes more than one core, whatever arrives. The thread starts on first use (~10 MB)
 * and ends after `idleMs` without work; the next sign-in starts it again.
 *
 * Chosen over a native bcrypt (measured, 20 checks at cost 10 on this 2-core machine: the main thread stayed
 * free with all three): the native packages run in libuv's thread pool, which file reads and compression
 * share, and up to four at once; bcrypt 6 would also be rebuilt for Electron by the desktop packaging.
 */
export const passwordThread = {
  idleMs: 30_000,
  get running(): boolean {
    return thread.running
  },
  /** Hashes and checks asked for and not yet answered. */
  get waiting(): number {
    return thread.waiting
  },
}

const thread = idleWorker<{ password: string; hash?: string; cost?: number }, string | boolean>({
  start: () =>
    new Worker(new URL('./password-worker.mjs', import.meta.url), {
      // Not the server's `--import tsx`: the worker is plain JavaScript.
      execArgv: [],
      // bcrypt's state is a few KB; a small heap keeps the thread small.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    }),
  idleMs: () => passwordThread.idleMs,
  stoppedMessage: 'The password thread stopped',
})

export async function hashInThread(password: string, cost: number): Promise<string> {
  return (await thread.call({ password, cost })) as string
}

export async function compareInThread(password: string, hash: string): Promise<boolean> {
  return (await thread.call({ password, hash })) as boolean
}
