import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SanitizeReply, SanitizeRequest } from './sanitize-html.worker.ts'

/**
 * Node variant of `sanitizeHtml` (server, tests): the same allow-list over a jsdom window, in a worker thread
 * of its own. jsdom takes ~90 MB once loaded (its code, its heap, a window), and a server sanitises a post
 * once per version of its page (the page cache keeps the result), so the worker ends after `idleMs` without
 * work and that memory goes with it; the next page to render starts it again (~0.5 s). A post too large for
 * the worker's heap ends the worker and fails that call only (in the server's own thread it would have ended
 * the server).
 */

/** How long the worker waits for more work before it ends; `running` says whether it is up now. */
export const sanitizerWorker = {
  idleMs: 30_000,
  get running(): boolean {
    return worker !== null
  },
}

let worker: Worker | null = null
let idleTimer: NodeJS.Timeout | null = null
let nextId = 0
const pending = new Map<number, { thread: Worker; resolve(html: string): void; reject(err: Error): void }>()

/** The calls `thread` was given and will not answer (it stopped): each fails, no other. */
function failPending(thread: Worker, err: Error) {
  for (const [id, waiting] of pending) {
    if (waiting.thread !== thread) continue
    pending.delete(id)
    waiting.reject(err)
  }
}

function startWorker(): Worker {
  // The worker runs TypeScript through tsx's own loader (a worker does not inherit `--import tsx`).
  const tsx = import.meta.resolve('tsx/esm/api')
  const entry = pathToFileURL(path.join(import.meta.dirname, 'sanitize-html.worker.ts')).href
  const started = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`,
    { eval: true, execArgv: [] },
  )
  started.on('message', (reply: SanitizeReply) => {
    const waiting = pending.get(reply.id)
    pending.delete(reply.id)
    if ('error' in reply) waiting?.reject(new Error(reply.error))
    else waiting?.resolve(reply.html)
    if (worker === started && pending.size === 0) idle(started)
  })
  started.on('error', (err) => {
    if (worker === started) worker = null
    failPending(started, err)
  })
  started.on('exit', () => {
    if (worker === started) worker = null
    failPending(started, new Error('The HTML sanitiser stopped'))
  })
  return started
}

/** Nothing waits: the worker may not keep the process alive, and ends after `idleMs`. */
function idle(current: Worker) {
  current.unref()
  idleTimer = setTimeout(() => {
    idleTimer = null
    if (worker === current && pending.size === 0) {
      worker = null
      void current.terminate()
    }
  }, sanitizerWorker.idleMs)
  idleTimer.unref()
}

export function sanitizeHtml(html: string): Promise<string> {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
  const thread = (worker ??= startWorker())
  thread.ref()
  const id = nextId++
  const request: SanitizeRequest = { id, html }
  return new Promise((resolve, reject) => {
    pending.set(id, { thread, resolve, reject })
    thread.postMessage(request)
  })
}
