import type { Logger } from 'pino'
import type { SupabaseClient } from '../../shared/data/client.ts'
import {
  getNewsletterIssue,
  newsletterDeliveryToSend,
  recordNewsletterOutcome,
} from '../../shared/data/newsletter-sends.ts'
import {
  createLeasedWorker,
  done,
  failed,
  retry,
  retryDelaysMs,
  type JobResult,
} from '../jobs/leased-worker.ts'
import type { MailService } from './index.ts'
import { newsletterMail, unsubscribeUrlFor } from './newsletter-mail.ts'
import { renderNewsletterIssue, type RenderedMail } from './templates.ts'

/**
 * Delivers newsletter sends: the queue `newsletter` of the one leased outbox worker
 * (server/jobs/leased-worker.ts), one job per recipient, queued by the send itself. Every instance claims
 * small batches of due deliveries with a lease in the database, within a budget of messages per minute shared
 * by all instances (the queue's budget, `NEWSLETTER_RATE_PER_MINUTE`), sends them one at a time and records
 * each the moment it is sent. A crashed instance's claims run out and another takes them over; at most the one
 * message it had in flight goes twice. Failures are retried with the lead mail's back-off; a permanent refusal
 * of the address (SMTP 5xx to RCPT TO or DATA) marks it as bouncing and it is never mailed again.
 */

/** The newsletter's queue in the one outbox (`outbox_jobs.queue`). */
export const newsletterQueue = 'newsletter'
/** Deliveries one claim takes at most. */
export const newsletterBatchSize = 20
/** A claim's lease: far longer than a batch takes at any sensible rate. */
export const newsletterLeaseSeconds = 120
/** Failed attempts before a delivery is given up (1 min, 5 min, 30 min, 2 h between them). */
export const maxNewsletterAttempts = 5
/** How often an idle instance looks for deliveries (a send started here starts at once). */
export const newsletterOutboxIntervalMs = 5_000
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

  /** Sends one recipient's mail, unless it is no longer owed (sent by a holder that died, or skipped). */
  async function deliverOne(key: string): Promise<JobResult<boolean>> {
    const client = options.client()
    const delivery = await newsletterDeliveryToSend(client, key)
    if (!delivery || delivery.status !== 'pending') return done(false)
    try {
      const issue = await issueOf(delivery.sendId)
      if (!issue) throw new Error('The send is gone.')
      if (!delivery.email) throw new Error('The address is gone.')
      if (!delivery.unsubscribeToken) throw new Error('The address has no unsubscribe link.')
      const url = unsubscribeUrlFor(options.publicUrl(), delivery.unsubscribeToken)
      await options.mail.send(newsletterMail(delivery.email, renderNewsletterIssue(issue, url), url))
    } catch (err) {
      if (!isPermanentRecipientFailure(err)) return retry(errorText(err), false)
      options.logger.warn(
        { delivery: delivery.id },
        'newsletter address refused for good: marked as bouncing',
      )
      await recordNewsletterOutcome(client, key, { outcome: 'bounced', error: errorText(err) })
      return failed(errorText(err), false)
    }
    // Recorded the moment it went: if this fails, the lease runs out and the mail may go twice (at least once).
    await recordNewsletterOutcome(client, key, { outcome: 'sent' })
    return done(true)
  }

  const worker = createLeasedWorker<boolean>({
    queue: newsletterQueue,
    client: options.client,
    logger: options.logger,
    handle: (job) => deliverOne(job.subjectId),
    backoffMs: retryDelaysMs,
    maxAttempts: maxNewsletterAttempts,
    leaseSeconds: newsletterLeaseSeconds,
    batchSize: newsletterBatchSize,
    // One message at a time: the rate is the budget's, not the number of connections.
    concurrency: 1,
    perMinute: options.perMinute,
    intervalMs: options.intervalMs ?? newsletterOutboxIntervalMs,
  })

  return {
    async runDue(runOptions) {
      const summary = await worker.runDue(runOptions)
      return { processed: summary.processed, sent: summary.settled.filter((s) => s.result === true).length }
    },
    kick: () => worker.kick(),
    start: () => worker.start(),
    stop: () => worker.stop(),
  }
}
