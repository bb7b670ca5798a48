import type { Logger } from 'pino'
import type { RateLimitName, RateLimits } from '../rate-limits.ts'

/**
 * A global hourly cap on one kind of mail, counted in the database (so it holds however many server instances
 * there are). When the cap trips, one log line per hour says so, not one per mail held back.
 */
export type HourlyCap = () => Promise<{ ok: true } | { ok: false; heldUntil: Date }>

export function createHourlyCap(options: {
  rateLimits: RateLimits
  rule: RateLimitName
  hourlyCap: number
  logger: Logger
  /** The log line when the cap trips: which mail, its setting, and what happens to the mail held back. */
  trippedMessage: string
  now?: () => number
}): HourlyCap {
  const now = options.now ?? Date.now
  let reportedUntil = 0
  return async () => {
    const taken = await options.rateLimits.take(options.rule, 'all')
    if (taken.ok) return { ok: true }
    const heldUntil = new Date(now() + taken.retryAfterSeconds * 1000)
    if (now() >= reportedUntil) {
      reportedUntil = heldUntil.getTime()
      options.logger.warn(
        { cap: options.hourlyCap, resumesInSeconds: taken.retryAfterSeconds },
        options.trippedMessage,
      )
    }
    return { ok: false, heldUntil }
  }
}
