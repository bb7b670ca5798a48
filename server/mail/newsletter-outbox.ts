import type { Logger } from 'pino'
import type { SupabaseClient } from '../../shared/data/client.ts'
import {
  claimNewsletterDeliveries,
  getNewsletterIssue,
  newsletterWorkDue,
  recordNewsletterDelivery,
  type ClaimedNewsletterDelivery,
  type DeliveryOutcome,
} from '../../shared/data/newsletter-sends.ts'
import type { MailService } from './index.ts'
import { newsletterMail, unsubscribeUrlFor } from './newsletter-mail.ts'
import { nextAttemptDelay } from './outbox.ts'
import { renderNewsletterIssue, type RenderedMail } from './templates.ts'

/**
 * Delivers newsletter sends: the same outbox discipline as the lead mail (`outbox.ts`), per recipient. Every
 * instance claims small batches of due deliveries with a lease in the database (`for update skip locked`),
 * within a budget of messages per minute shared by all instances, sends them one at a time and records each
 * the moment it is sent. A crashed instance's claims run out and another takes them over; at most the one
 * message it had in flight goes twice. Failures are retried with the lead outbox's back-off; a permanent
 * refusal of the address (SMTP 5xx to RCPT TO or DATA) marks it as bouncing and it is never mailed again.
 */

/** Deliveries one claim takes at most. */
export const newsletterBatchSize = 20
/** A claim's lease: far longer than a batch takes at any sensible rate. */
export const newsletterLeaseSeconds = 120
/**
 * Past this share of the lease no further message of the batch is started (the longest a send can take, the
 * mailer's timeouts, fits in what is left), so nothing is sent under a lease that may have run out.
 */
const leaseUseLimit = 0.5
/** Failed attempts before a delivery is given up (1 min, 5 min, 30 min, 2 h between them). */
export const maxNewsletterAttempts = 5
/** How often an idle instance looks for deliveries (a send started here starts at once). */
export const newsletterOutboxIntervalMs = 5_000
/** How long stop() waits for the message in flight. */
const stopGraceMs = 5_000

export interface NewsletterOutbox {
  /** Delivers every due delivery (every pending one with `ignoreSchedule`) within the rate; resolves when none is left. */
  runDue(options?: { ignoreSchedule?: boolean }): Promise<{ processed: number; sent: number }>
  /** Starts a run now unless one is under way (after a send is started on this instance). */
  kick(): void
  start(): void
  stop(): Promise<void>
}

/** Whether an SMTP failure is the recipient's address refused for good (not a passing or server-wide fault). */
export function isPermanentRecipientFailure(err: unknown): boolean {
  const e = err as { responseCode?: unknown; command?: unknown; code?: unknown }
  return (
    typeof e?.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    (e.command === 'RCPT TO' || e.command === 'DATA')
  )
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 900)

export function createNewsletterOutbox(options: {
  client: () => SupabaseClient
  mail: MailService
  publicUrl: () => string
  logger: Logger
  /** Messages per minute across every instance (NEWSLETTER_RATE_PER_MINUTE). */
  perMinute: number
  intervalMs?: number
}): NewsletterOutbox {
  const issues = new Map<string, Promise<RenderedMail | null>>()
  let timer: NodeJS.Timeout | null = null
  let running: Promise<{ processed: number; sent: number }> | null = null
  let stopping = false
  const budgetWaitMs = Math.min(1_000, Math.max(20, Math.round(60_000 / options.perMinute)))

  /** The issue of a send, read once per process (it never changes once the send started). */
  function issueOf(sendId: string) {
    let issue = issues.get(sendId)
    if (!issue) {
      issue = getNewsletterIssue(options.client(), sendId)
      issue.catch(() => issues.delete(sendId))
      issues.set(sendId, issue)
    }
    return issue
  }

  async function deliverOne(delivery: ClaimedNewsletterDelivery): Promise<boolean> {
    const client = options.client()
    let outcome: DeliveryOutcome
    try {
      const issue = await issueOf(delivery.sendId)
      if (!issue) throw new Error('The send is gone.')
      if (!delivery.unsubscribeToken) throw new Error('The address has no unsubscribe link.')
      const url = unsubscribeUrlFor(options.publicUrl(), delivery.unsubscribeToken)
      await options.mail.send(newsletterMail(delivery.email, renderNewsletterIssue(issue, url), url))
      outcome = { outcome: 'sent' }
    } catch (err) {
      const attempts = delivery.attempts + 1
      if (isPermanentRecipientFailure(err)) {
        outcome = { outcome: 'bounced', error: errorText(err) }
        options.logger.warn(
          { delivery: delivery.id },
          'newsletter address refused for good: marked as bouncing',
        )
      } else if (attempts >= maxNewsletterAttempts) {
        outcome = { outcome: 'failed', error: errorText(err) }
        options.logger.error({ err, delivery: delivery.id, attempts }, 'newsletter delivery failed for good')
      } else {
        outcome = {
          outcome: 'retry',
          error: errorText(err),
          nextAttemptAt: new Date(Date.now() + nextAttemptDelay(attempts)),
        }
        options.logger.warn(
          { err, delivery: delivery.id, attempts },
          'newsletter delivery failed; will retry',
        )
      }
    }
    try {
      await recordNewsletterDelivery(client, delivery, outcome)
    } catch (err) {
      // The claim runs out and the delivery is taken again: this message may go twice (at-least-once).
      options.logger.error({ err, delivery: delivery.id }, 'could not record a newsletter delivery')
    }
    return outcome.outcome === 'sent'
  }

  async function runDue(runOptions: { ignoreSchedule?: boolean } = {}) {
    let processed = 0
    let sent = 0
    while (!stopping) {
      const claimedAt = Date.now()
      const batch = await claimNewsletterDeliveries(options.client(), {
        limit: newsletterBatchSize,
        leaseSeconds: newsletterLeaseSeconds,
        perMinute: options.perMinute,
        ignoreSchedule: runOptions.ignoreSchedule,
      })
      if (batch.length === 0) {
        // Nothing claimed: either nothing is owed, or the shared budget is spent for now.
        if (!(await newsletterWorkDue(options.client(), runOptions))) break
        await new Promise((resolve) => setTimeout(resolve, budgetWaitMs))
        continue
      }
      for (const delivery of batch) {
        // The rest of the batch is left to its lease running out (another instance, or the next round).
        if (stopping || Date.now() - claimedAt > newsletterLeaseSeconds * 1000 * leaseUseLimit) break
        processed++
        if (await deliverOne(delivery)) sent++
      }
    }
    return { processed, sent }
  }

  function kick() {
    if (running || stopping) return
    const run: Promise<{ processed: number; sent: number }> = runDue()
      .catch((err: unknown) => {
        options.logger.warn({ err }, 'newsletter outbox run failed')
        return { processed: 0, sent: 0 }
      })
      .finally(() => {
        if (running === run) running = null
      })
    running = run
  }

  return {
    async runDue(runOptions) {
      // One loop per instance: a caller waits for the current run (counting what it delivered), then runs
      // with its own options.
      const total = { processed: 0, sent: 0 }
      while (running) {
        const earlier = await running
        total.processed += earlier.processed
        total.sent += earlier.sent
      }
      const run = runDue(runOptions).finally(() => {
        if (running === run) running = null
      })
      running = run
      const own = await run
      return { processed: total.processed + own.processed, sent: total.sent + own.sent }
    },
    kick,
    start() {
      if (timer) return
      stopping = false
      timer = setInterval(kick, options.intervalMs ?? newsletterOutboxIntervalMs)
      timer.unref()
    },
    async stop() {
      stopping = true
      if (timer) clearInterval(timer)
      timer = null
      let grace: NodeJS.Timeout | undefined
      await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, stopGraceMs)))])
      clearTimeout(grace)
    },
  }
}
