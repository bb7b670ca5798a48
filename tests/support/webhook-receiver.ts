import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'

/**
 * A webhook receiver as a customer would build one: every delivery is verified with the `standardwebhooks`
 * package (signature, timestamp) before it counts. It can be made to refuse connections, answer 500 or hang,
 * and counts every connection made to it (so a test can prove none was).
 */

export interface ReceivedWebhook {
  id: string
  type: string
  body: string
  payload: { type: string; timestamp: string; data: Record<string, unknown> }
  headers: Record<string, string>
}

export type ReceiverMode = 'ok' | 'error500' | 'hang' | 'refuse'

export interface WebhookReceiver {
  url: string
  port: number
  /** Deliveries answered 2xx, in arrival order (duplicates included). */
  received: ReceivedWebhook[]
  /** Requests that failed verification (should stay empty). */
  rejected: { reason: string; headers: Record<string, string> }[]
  /** Connections accepted since the start (or the last reset). */
  connections: number
  secrets: string[]
  setMode(mode: ReceiverMode): Promise<void>
  close(): Promise<void>
}

const headerRecord = (req: IncomingMessage) =>
  Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
  )

export async function startWebhookReceiver(secrets: string[] = [], port = 0): Promise<WebhookReceiver> {
  let mode: ReceiverMode = 'ok'
  const sockets = new Set<Socket>()
  const hung = new Set<ServerResponse>()
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    rejected: [],
    connections: 0,
    secrets,
    async setMode(next) {
      if (next === 'refuse' && mode !== 'refuse') {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          for (const s of sockets) s.destroy()
        })
      } else if (next !== 'refuse' && mode === 'refuse') {
        await new Promise<void>((resolve) => server.listen(receiver.port, '127.0.0.1', resolve))
      }
      if (next !== 'hang') for (const res of hung) res.destroy()
      mode = next
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const headers = headerRecord(req)
      if (mode === 'hang') {
        hung.add(res)
        return
      }
      if (mode === 'error500') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is having a bad day')
        return
      }
      let verified = false
      let reason = 'no secret'
      for (const secret of receiver.secrets) {
        try {
          new Webhook(secret).verify(body, headers)
          verified = true
          break
        } catch (err) {
          reason = String(err)
        }
      }
      if (!verified) {
        receiver.rejected.push({ reason, headers })
        res.writeHead(400).end('bad signature')
        return
      }
      const payload = JSON.parse(body) as ReceivedWebhook['payload']
      receiver.received.push({ id: headers['webhook-id'], type: payload.type, body, payload, headers })
      res.writeHead(204).end()
    })
  })
  server.on('connection', (socket: Socket) => {
    receiver.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`
  return receiver
}

/** Waits until `check` holds (polling), or fails with what `describe` says. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${describe()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
