import type { Logger } from 'pino'
import { adminPath } from '../../shared/config/brand.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { Env } from '../config/env.ts'
import type { RateLimits } from '../rate-limits.ts'
import type { ConfirmationGate } from './confirmation-cap.ts'
import type { MailService } from './index.ts'
import { createNewsletterOutbox, type NewsletterOutbox } from './newsletter-outbox.ts'
import { createLeadOutbox, type LeadOutbox } from './outbox.ts'
import { createSalesNotificationGate } from './sales-cap.ts'

/** What this server's mail outboxes work with (the running server passes its own). */
export interface OutboxDeps {
  /** The service-role client (created lazily: in local mode the backend URL is known only after listen). */
  client: () => SupabaseClient
  mail: MailService
  publicUrl: () => string
  logger: Logger
  env: Pick<Env, 'SALES_NOTIFICATION_HOURLY_CAP' | 'LEAD_OUTBOX_INTERVAL_MS' | 'NEWSLETTER_RATE_PER_MINUTE'>
  rateLimits: RateLimits
  confirmationGate: ConfirmationGate
}

/**
 * The server's two mail queues on the one leased outbox worker: lead mail and newsletter deliveries (started
 * after listen and stopped first on close by `startServer`).
 */
export function createMailOutboxes(deps: OutboxDeps): { lead: LeadOutbox; newsletter: NewsletterOutbox } {
  const common = (component: string) => ({
    client: deps.client,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    logger: deps.logger.child({ component }),
  })
  const hourlyCap = deps.env.SALES_NOTIFICATION_HOURLY_CAP
  return {
    lead: createLeadOutbox({
      ...common('lead-outbox'),
      intervalMs: deps.env.LEAD_OUTBOX_INTERVAL_MS,
      allowConfirmation: deps.confirmationGate,
      allowNotification: createSalesNotificationGate({
        rateLimits: deps.rateLimits,
        hourlyCap,
        logger: deps.logger.child({ component: 'sales-cap' }),
      }),
      // The admin opens on its Leads screen from the digest's link.
      digest: { hourlyCap, leadsUrl: () => `${deps.publicUrl()}${adminPath}#leads` },
    }),
    // The send rate (NEWSLETTER_RATE_PER_MINUTE) is the newsletter queue's budget, shared by every instance.
    newsletter: createNewsletterOutbox({
      ...common('newsletter-outbox'),
      perMinute: deps.env.NEWSLETTER_RATE_PER_MINUTE,
    }),
  }
}
