import { createHash } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { idleWorker } from './idle-worker.node.ts'
import { sanitizerRules } from './sanitize-html.ts'
import type { SanitizeRequest } from './sanitize-html.worker.ts'

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
    return thread.running
  },
}

const thread = idleWorker<Omit<SanitizeRequest, 'id'>, string>({
  start() {
    // The worker runs TypeScript through tsx's own loader (a worker does not inherit `--import tsx`).
    const tsx = import.meta.resolve('tsx/esm/api')
    const entry = pathToFileURL(path.join(import.meta.dirname, 'sanitize-html.worker.ts')).href
    return new Worker(
      `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`,
      { eval: true, execArgv: [] },
    )
  },
  idleMs: () => sanitizerWorker.idleMs,
  stoppedMessage: 'The HTML sanitiser stopped',
})

export function sanitizeHtml(html: string): Promise<string> {
  return thread.call({ html })
}

/**
 * The version of the sanitiser's rules (a digest of `sanitizerRules()`): it changes whenever what the
 * sanitiser keeps may change, so HTML prepared under other rules is prepared again.
 */
export const sanitizerVersion = createHash('sha256').update(sanitizerRules()).digest('base64url').slice(0, 16)
