import net, { type AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { smtpListener } from '../../server/mail/smtp-listener.ts'

/** Real SMTP servers for tests and benchmarks, started and stopped on loopback. */

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased: where the message was actually delivered. */
  envelopeTo: string[]
  to: string
  replyTo: string
  subject: string
  text: string
  html: string
  /** Lower-case header name → value, as received. */
  headers: Map<string, unknown>
  /** When the message was accepted (ms since the epoch). */
  at: number
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string
  port: number
  received: ReceivedMail[]
  /** Stops listening (connections are refused) and drops open sessions: an SMTP outage. */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

const addressText = (value: AddressObject | AddressObject[] | undefined) =>
  value ? (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ') : ''

/** An SMTP server that accepts every message, after `delayMs` per message (a slow relay). */
export async function startSmtpServer(
  options: {
    delayMs?: number
    /** Refuses a recipient with this SMTP reply (e.g. 550 for an address that does not exist). */
    refuseRecipient?: (address: string) => { code: number; message: string } | null
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      closeTimeout: 50,
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = options.refuseRecipient?.(address.address.toLowerCase())
        if (!refusal) return callback()
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            setTimeout(() => {
              received.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                to: addressText(mail.to),
                replyTo: addressText(mail.replyTo),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                headers: mail.headers,
                at: Date.now(),
              })
              callback()
            }, options.delayMs ?? 0)
          },
          (err: Error) => callback(err),
        )
      },
    })
  const listener = smtpListener(create, 0, () => undefined)
  await listener.start()
  return {
    get url() {
      return `smtp://127.0.0.1:${listener.port}`
    },
    get port() {
      return listener.port
    },
    received,
    stop: listener.stop,
    start: listener.start,
    close: listener.stop,
  }
}

/** A TCP server on an SMTP port that accepts connections and never says a word (a hung relay). */
export async function startHungSmtpServer(): Promise<{
  url: string
  connections: number
  close(): Promise<void>
}> {
  const sockets = new Set<net.Socket>()
  let connections = 0
  const server = net.createServer((socket) => {
    connections++
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
