import type { Logger } from 'pino'
import type { Env } from '../config/env.ts'

export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  replyTo?: string
}

export interface CapturedMail {
  id: string
  to: string
  from: string
  subject: string
  html: string
  text: string
  date: string
}

/** The mailer seam: nodemailer over SMTP_URL, or over real SMTP to the embedded capture inbox in local mode. */
export interface MailService {
  send(mail: OutgoingMail): Promise<{ messageId: string }>
  /** Whether the SMTP server answers right now. */
  verify(): Promise<boolean>
  /** The captured inbox (local mode only), newest first. */
  listCaptured: (() => Promise<CapturedMail[]>) | null
  close(): Promise<void>
}

export async function startMail(_options: { env: Env; dataDir: string; logger: Logger }): Promise<MailService> {
  return {
    async send() {
      throw new Error('Mail is not configured yet')
    },
    async verify() {
      return false
    },
    listCaptured: null,
    async close() {},
  }
}
