import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser, type AddressObject } from 'mailparser'
import type { Logger } from 'pino'
import { SMTPServer } from 'smtp-server'
import { smtpListener } from './smtp-listener.ts'

/** One message received by the capture inbox, as stored in `DATA_DIR/mail/*.json`. */
export interface CapturedMail {
  id: string
  to: string
  from: string
  subject: string
  html: string
  text: string
  date: string
  replyTo: string
  /** Lower-case names of every header the message arrived with (lets tests prove no header was injected). */
  headerNames: string[]
  /** The List-Unsubscribe and List-Unsubscribe-Post values (newsletter mail), unfolded; absent otherwise. */
  listUnsubscribe?: string
  listUnsubscribePost?: string
}

/** The List-Unsubscribe headers as sent (a raw line is `Name: value`, maybe folded). */
function listHeaders(lines: readonly { key: string; line: string }[]) {
  const value = (name: string) => {
    const line = lines.find((h) => h.key.toLowerCase() === name)?.line
    return line === undefined
      ? undefined
      : line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n(?=[ \t])/g, '')
          .trim()
  }
  const listUnsubscribe = value('list-unsubscribe')
  const listUnsubscribePost = value('list-unsubscribe-post')
  return {
    ...(listUnsubscribe !== undefined ? { listUnsubscribe } : {}),
    ...(listUnsubscribePost !== undefined ? { listUnsubscribePost } : {}),
  }
}

/** The embedded SMTP capture server: receives real SMTP on 127.0.0.1 and keeps each message as JSON. */
export interface SmtpCapture {
  /** The port it listens on (stays the same across stop/start so the mailer keeps reaching it). */
  readonly port: number
  readonly running: boolean
  /** Stops accepting mail (the dev toggle that simulates an SMTP outage). */
  stop(): Promise<void>
  start(): Promise<void>
  list(): Promise<CapturedMail[]>
  close(): Promise<void>
}

/** Messages larger than this are refused: the product only sends small templated mail. */
const maxMessageBytes = 2 * 1024 * 1024

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return ''
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ')
}

export async function startSmtpCapture(options: {
  dataDir: string
  port: number
  logger: Logger
}): Promise<SmtpCapture> {
  const mailDir = path.join(options.dataDir, 'mail')
  mkdirSync(mailDir, { recursive: true })
  let sequence = 0
  const parsedFiles = new Map<string, CapturedMail>()

  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      // Loopback only: a reverse DNS lookup per connection would cost more than the whole SMTP exchange.
      disableReverseLookup: true,
      // Stopping (the outage switch, shutdown) drops pooled client connections at once instead of after 30 s.
      closeTimeout: 100,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: maxMessageBytes,
      logger: false,
      banner: 'Meridian mail capture',
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (parsed) => {
            if (stream.sizeExceeded)
              throw Object.assign(new Error('Message too large'), { responseCode: 552 })
            const received = new Date()
            const mail: CapturedMail = {
              id: randomUUID(),
              to: addressText(parsed.to),
              from: addressText(parsed.from),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              date: received.toISOString(),
              replyTo: addressText(parsed.replyTo),
              // The raw header lines' names (the parsed map folds List-* headers into one `list` entry).
              headerNames: [...new Set(parsed.headerLines.map((h) => h.key.toLowerCase()))],
              ...listHeaders(parsed.headerLines),
            }
            // The file name sorts by arrival (time, then a counter for messages in the same millisecond).
            const name = `${received.getTime()}-${String(sequence++).padStart(6, '0')}-${mail.id}.json`
            // Write then rename, so a reader never sees half a message.
            await writeFile(path.join(mailDir, `${name}.partial`), JSON.stringify(mail, null, 2))
            await rename(path.join(mailDir, `${name}.partial`), path.join(mailDir, name))
            callback()
          })
          .catch((err: Error) => {
            options.logger.warn({ err }, 'mail capture could not store a message')
            callback(err)
          })
      },
    })

  const listener = smtpListener(createServer, options.port, (err) =>
    options.logger.warn({ err }, 'mail capture error'),
  )

  await listener.start()
  options.logger.debug({ port: listener.port }, 'mail capture listening')

  return {
    get port() {
      return listener.port
    },
    get running() {
      return listener.running
    },
    stop: listener.stop,
    start: listener.start,
    async list() {
      const files = (await readdir(mailDir))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
      const mails = await Promise.all(
        files.map(async (f) => {
          // Stored messages never change: parse each file once.
          const known = parsedFiles.get(f)
          if (known) return known
          try {
            const mail = JSON.parse(await readFile(path.join(mailDir, f), 'utf8')) as CapturedMail
            parsedFiles.set(f, mail)
            return mail
          } catch {
            return null // a file being written right now: it shows up on the next read
          }
        }),
      )
      return mails.filter((m): m is CapturedMail => m !== null)
    },
    close: listener.stop,
  }
}
