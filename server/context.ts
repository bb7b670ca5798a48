import type { Logger } from 'pino'
import type { Env } from './config/env.ts'
import type { LocalSupabase } from './local-supabase/index.ts'
import type { MailService } from './mail/index.ts'
import type { ConfirmationGate } from './mail/confirmation-cap.ts'
import type { NewsletterOutbox } from './mail/newsletter-outbox.ts'
import type { LeadOutbox } from './mail/outbox.ts'
import type { RateLimits } from './rate-limits.ts'
import type { WebhookOutbox } from './webhooks/outbox.ts'

/** Where supabase-js reaches the backend from inside the server, and the keys it uses. */
export interface SupabaseConnection {
  /** URL the server itself uses (loopback in local mode). */
  url: string
  anonKey: string
  serviceRoleKey: string
  /** True when this process embeds the backend (no SUPABASE_URL). */
  local: boolean
  /**
   * Local mode: the embedded backend's handler in this process, which the server's own clients call with the
   * same requests and answers as over HTTP, without a loopback connection each (unset: HTTP to `url`).
   */
  fetch?: typeof fetch
}

/** Everything the route modules need, built once by `startServer`. */
export interface ServerContext {
  env: Env
  logger: Logger
  /** The site's public origin (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string
  /** Filled in once the HTTP listener is up (the local backend is served on the same port). */
  supabase: SupabaseConnection
  localSupabase: LocalSupabase | null
  mail: MailService
  /** Every rate limit of the server (`rate-limits.ts`): counted under named rules. */
  rateLimits: RateLimits
  /** Whether one more confirmation email may go out (per recipient per day, and the global hourly cap). */
  confirmationGate: ConfirmationGate
  /** Absolute path of the built site (dist/site). */
  siteDir: string
  /** Public URL of the email service as the browser should reach it. */
  emailServiceUrl: string
  /** Where desktop installers and update metadata are published (null: not published). */
  desktopReleasesUrl: string | null
  /** Sends and retries the two emails of each lead (set by `startServer`). */
  leadOutbox?: LeadOutbox
  /** Delivers newsletter sends within the shared rate (set by `startServer`). */
  newsletterOutbox?: NewsletterOutbox
  /** Delivers webhooks (set by `startServer`). */
  webhookOutbox?: WebhookOutbox
}
