import { Worker } from 'node:worker_threads'

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
    return worker !== null
  },
  /** Hashes and checks asked for and not yet answered. */
  get waiting(): number {
    return pending.size
  },
}

type Reply = { id: number; result: string | boolean } | { id: number; error: string }

let worker: Worker | null = null
let idleTimer: NodeJS.Timeout | null = null
let nextId = 0
const pending = new Map<
  number,
  { thread: Worker; resolve(result: string | boolean): void; reject(err: Error): void }
>()

/** The calls `thread` was given and will not answer (it stopped): each fails, no other. */
function failPending(thread: Worker, err: Error) {
  for (const [id, waiting] of pending) {
    if (waiting.thread !== thread) continue
    pending.delete(id)
    waiting.reject(err)
  }
}

function startWorker(): Worker {
  const started = new Worker(new URL('./password-worker.mjs', import.meta.url), {
    // Not the server's `--import tsx`: the worker is plain JavaScript.
    execArgv: [],
    // bcrypt's state is a few KB; a small heap keeps the thread small.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  })
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    pending.delete(reply.id)
    if ('error' in reply) waiting?.reject(new Error(reply.error))
    else waiting?.resolve(reply.result)
    if (worker === started && pending.size === 0) idle(started)
  })
  started.on('error', (err) => {
    if (worker === started) worker = null
    failPending(started, err)
  })
  started.on('exit', () => {
    if (worker === started) worker = null
    failPending(started, new Error('The password thread stopped'))
  })
  return started
}

/** Nothing waits: the thread may not keep the process alive, and ends after `idleMs`. */
function idle(current: Worker) {
  current.unref()
  idleTimer = setTimeout(() => {
    idleTimer = null
    if (worker === current && pending.size === 0) {
      worker = null
      void current.terminate()
    }
  }, passwordThread.idleMs)
  idleTimer.unref()
}

function run(job: { password: string; hash?: string; cost?: number }): Promise<string | boolean> {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
  const thread = (worker ??= startWorker())
  thread.ref()
  const id = nextId++
  return new Promise((resolve, reject) => {
    pending.set(id, { thread, resolve, reject })
    thread.postMessage({ id, ...job })
  })
}

export async function hashInThread(password: string, cost: number): Promise<string> {
  return (await run({ password, cost })) as string
}

export async function compareInThread(password: string, hash: string): Promise<boolean> {
  return (await run({ password, hash })) as boolean
}
