import type { Worker } from 'node:worker_threads'

/** What a worker of `idleWorker` posts back for each request: its result, or why it failed. */
export type WorkerReply<R> = { id: number; result: R } | { id: number; error: string }

/**
 * One worker thread that starts on the first call, answers each call by its id, and ends after `idleMs()`
 * without work (its memory goes with it; the next call starts it again). While nothing waits it does not
 * keep the process alive. When the thread stops or crashes, the calls it was given fail, and no others.
 */
export function idleWorker<Request extends object, Result>(options: {
  start(): Worker
  idleMs(): number
  /** Why a call fails when the thread stopped before answering it. */
  stoppedMessage: string
}) {
  let worker: Worker | null = null
  let idleTimer: NodeJS.Timeout | null = null
  let nextId = 0
  const pending = new Map<
    number,
    { thread: Worker; resolve(result: Result): void; reject(err: Error): void }
  >()

  function failPending(thread: Worker, err: Error) {
    for (const [id, waiting] of pending) {
      if (waiting.thread !== thread) continue
      pending.delete(id)
      waiting.reject(err)
    }
  }

  function idle(current: Worker) {
    current.unref()
    idleTimer = setTimeout(() => {
      idleTimer = null
      if (worker === current && pending.size === 0) {
        worker = null
        void current.terminate()
      }
    }, options.idleMs())
    idleTimer.unref()
  }

  function startWorker(): Worker {
    const started = options.start()
    started.on('message', (reply: WorkerReply<Result>) => {
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
      failPending(started, new Error(options.stoppedMessage))
    })
    return started
  }

  return {
    get running(): boolean {
      return worker !== null
    },
    /** Calls asked for and not yet answered. */
    get waiting(): number {
      return pending.size
    },
    call(request: Request): Promise<Result> {
      if (idleTimer) clearTimeout(idleTimer)
      idleTimer = null
      const thread = (worker ??= startWorker())
      thread.ref()
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { thread, resolve, reject })
        thread.postMessage({ ...request, id })
      })
    },
  }
}
