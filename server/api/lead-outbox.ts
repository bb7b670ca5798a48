import { adminPath } from '../../shared/config/brand.ts'
import type { ServerContext } from '../context.ts'
import { createNewsletterOutbox, type NewsletterOutbox } from '../mail/newsletter-outbox.ts'
import { createLeadOutbox, type LeadOutbox } from '../mail/outbox.ts'
import { createSalesNotificationGate } from '../mail/sales-cap.ts'
import { serviceClient } from '../supabase-clients.ts'

/** What each outbox of this server works with: the service role, the mailer, the site's address, a logger. */
function outboxDeps(ctx: ServerContext, component: string) {
  return {
    client: () => serviceClient(ctx),
    mail: ctx.mail,
    publicUrl: () => ctx.publicUrl,
    logger: ctx.logger.child({ component }),
  }
}

/** The lead email outbox of this server (started after listen, stopped first on close by `startServer`). */
export function createServerLeadOutbox(ctx: ServerContext): LeadOutbox {
  const hourlyCap = ctx.env.SALES_NOTIFICATION_HOURLY_CAP
  return createLeadOutbox({
    ...outboxDeps(ctx, 'lead-outbox'),
    intervalMs: ctx.env.LEAD_OUTBOX_INTERVAL_MS,
    allowConfirmation: ctx.confirmationGate,
    allowNotification: createSalesNotificationGate({
      rateLimits: ctx.rateLimits,
      hourlyCap,
      logger: ctx.logger.child({ component: 'sales-cap' }),
    }),
    // The admin opens on its Leads screen from the digest's link.
    digest: { hourlyCap, leadsUrl: () => `${ctx.publicUrl}${adminPath}#leads` },
  })
}

/** The newsletter delivery outbox of this server (started and stopped beside the lead outbox). */
export function createServerNewsletterOutbox(ctx: ServerContext): NewsletterOutbox {
  return createNewsletterOutbox({
    ...outboxDeps(ctx, 'newsletter-outbox'),
    perMinute: ctx.env.NEWSLETTER_RATE_PER_MINUTE,
  })
}
