import nodemailer, { type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import { brand } from '../../shared/config/brand.ts'
import type { Env } from '../config/env.ts'
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './capture.ts'
import { headerSafe } from './templates.ts'

export type { CapturedMail, SmtpCapture } from './capture.ts'

export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  replyTo?: string
  /** Extra headers (List-Unsubscribe on newsletter mail); values are made header-safe. */
  headers?: Record<string, string>
}

/** The mailer seam: nodemailer over SMTP_URL, or over real SMTP to the embedded capture inbox in local mode. */
export interface MailService {
  send(mail: OutgoingMail): Promise<{ messageId: string }>
  /** Whether the SMTP server answers right now. */
  verify(): Promise<boolean>
  /** The captured inbox (local mode only), newest first. */
  listCaptured: (() => Promise<CapturedMail[]>) | null
  /** The embedded capture server (no SMTP_URL), or null when mail goes to a real SMTP server. */
  capture: SmtpCapture | null
  /** The From header every message carries. */
  from: string
  close(): Promise<void>
}

export const defaultMailFrom = `"${brand.name}" <${brand.contactEmail}>`

/** Short timeouts: a lead request waits for the send, and the outbox retries whatever fails. */
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

export async function startMail(options: {
  env: Env
  dataDir: string
  logger: Logger
}): Promise<MailService> {
  const { env, logger } = options
  const capture = env.SMTP_URL
    ? null
    : await startSmtpCapture({ dataDir: options.dataDir, port: env.SMTP_CAPTURE_PORT, logger })

  // One pooled transport: opening an SMTP session per message costs ~100x a pooled send. The capture
  // keeps its port across stop/start, so the pool simply reconnects when it comes back.
  const pool = { pool: true, maxConnections: 5, maxMessages: 100 }
  const transport: Transporter = env.SMTP_URL
    ? nodemailer.createTransport({ url: env.SMTP_URL, ...pool, ...timeouts } as never)
    : nodemailer.createTransport({
        host: '127.0.0.1',
        port: capture!.port,
        secure: false,
        ignoreTLS: true,
        name: 'localhost',
        ...pool,
        ...timeouts,
      })
  const from = headerSafe(env.MAIL_FROM ?? defaultMailFrom)

  return {
    from,
    capture,
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: headerSafe(mail.to),
        subject: headerSafe(mail.subject),
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: headerSafe(mail.replyTo) } : {}),
        ...(mail.headers
          ? { headers: Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerSafe(v)])) }
          : {}),
      })
      logger.debug({ messageId: info.messageId }, 'mail sent')
      return { messageId: String(info.messageId ?? '') }
    },
    async verify() {
      try {
        return await Promise.race([
          transport.verify(),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
        ])
      } catch {
        return false
      }
    },
    listCaptured: capture ? () => capture.list() : null,
    async close() {
      transport.close()
      await capture?.close()
    },
  }
}
