import type { Logger } from 'pino'
import type { RateLimits } from '../rate-limits.ts'
import { createHourlyCap } from './hourly-cap.ts'

/**
 * Whether one more confirmation email may go out now: the visitor-facing mails (lead confirmations,
 * newsletter confirmation links) are what a script could use to mail strangers, so on top of the per-IP
 * and per-address limits there is a per-recipient daily limit and a global hourly cap
 * (CONFIRMATION_MAIL_HOURLY_CAP). When the cap trips, one log line per hour says so.
 */
export type ConfirmationGate = (recipient: string) => Promise<boolean>

export function createConfirmationGate(options: {
  rateLimits: RateLimits
  hourlyCap: number
  logger: Logger
  now?: () => number
}): ConfirmationGate {
  const hourly = createHourlyCap({
    ...options,
    rule: 'confirmationMail',
    trippedMessage: `The hourly cap on confirmation mail (CONFIRMATION_MAIL_HOURLY_CAP=${options.hourlyCap}) was reached: confirmations are held back until the hour ends`,
  })
  return async (recipient) => {
    const forRecipient = await options.rateLimits.take(
      'confirmationPerRecipient',
      recipient.trim().toLowerCase(),
    )
    if (!forRecipient.ok) return false
    return (await hourly()).ok
  }
}
