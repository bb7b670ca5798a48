// The worker thread of `sanitize-html.node.ts`: the allow-list of `sanitize-html.ts` over a jsdom window.
import { parentPort } from 'node:worker_threads'
import { JSDOM } from 'jsdom'
import type { WorkerReply } from './idle-worker.node.ts'
import { createHtmlSanitizer } from './sanitize-html.ts'

export interface SanitizeRequest {
  id: number
  html: string
}

export type SanitizeReply = WorkerReply<string>

const sanitizer = createHtmlSanitizer(new JSDOM('').window as never)

parentPort?.on('message', ({ id, html }: SanitizeRequest) => {
  let reply: SanitizeReply
  try {
    reply = { id, result: sanitizer.sanitize(html) }
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) }
  }
  parentPort?.postMessage(reply)
})
