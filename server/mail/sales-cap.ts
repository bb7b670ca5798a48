import type { Logger } from 'pino'
import { brand } from '../../shared/config/brand.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { claimHeldNotifications, settleHeldNotifications } from '../../shared/data/leads.ts'
import type { RateLimits } from '../rate-limits.ts'
import { createHourlyCap, type HourlyCap } from './hourly-cap.ts'
import type { MailService } from './index.ts'
import { renderSalesDigest } from './templates.ts'

/**
 * The hourly cap on sales notifications (SALES_NOTIFICATION_HOURLY_CAP, counted in the database, so it
 * holds however many server instances there are) and the digest of what it held back. A lead flood must not
 * bury the sales inbox, nor lose a lead: past the cap a lead's notification waits until the hour that held
 * it has ended, then every lead held that hour goes to sales in one digest mail (`sendHeldDigests`), with a
 * link to Leads in the admin. When the cap trips, one log line per hour says so.
 */

/** Whether one more sales notification may go out now; when not, until when it is held back. */
export type SalesNotificationGate = HourlyCap

export function createSalesNotificationGate(options: {
  rateLimits: RateLimits
  hourlyCap: number
  logger: Logger
  now?: () => number
}): SalesNotificationGate {
  return createHourlyCap({
    ...options,
    rule: 'salesNotification',
    trippedMessage: `The hourly cap on sales notifications (SALES_NOTIFICATION_HOURLY_CAP=${options.hourlyCap}) was reached: the leads held back go to sales in one digest when the hour ends`,
  })
}

/** Leads one digest mail lists at most (a longer flood makes several digests). */
export const digestBatchSize = 200

/**
 * Sends a digest for the leads whose held notification is due, as many as there are (one mail per
 * `digestBatchSize` leads). Each batch is claimed in the database first, so two instances never put one lead
 * in two digests; a batch is marked sent right after its mail went out, or released for the next round when
 * the mail failed. Resolves to the number of digests sent.
 */
export async function sendHeldDigests(options: {
  client: SupabaseClient
  mail: MailService
  logger: Logger
  hourlyCap: number
  /** Where the admin's Leads screen is. */
  leadsUrl: string
  salesEmail?: string
  leaseSeconds: number
  /** A test clock; without it the database's clock decides which held leads are due. */
  now?: Date
}): Promise<number> {
  let digests = 0
  for (;;) {
    const leads = await claimHeldNotifications(options.client, {
      leaseSeconds: options.leaseSeconds,
      limit: digestBatchSize,
      now: options.now,
    })
    if (leads.length === 0) return digests
    const claimToken = leads[0].claimToken!
    try {
      await options.mail.send({
        to: options.salesEmail ?? brand.salesEmail,
        ...renderSalesDigest({ leads, hourlyCap: options.hourlyCap, leadsUrl: options.leadsUrl }),
      })
    } catch (err) {
      options.logger.warn(
        { err, leads: leads.length },
        'the digest of held sales notifications failed; will retry',
      )
      await settleHeldNotifications(options.client, { claimToken, sentAt: null }).catch(() => undefined)
      return digests
    }
    digests++
    options.logger.info({ leads: leads.length }, 'sent the digest of held sales notifications')
    await settleHeldNotifications(options.client, { claimToken, sentAt: options.now ?? new Date() })
    if (leads.length < digestBatchSize) return digests
  }
}
