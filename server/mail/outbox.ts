import type { Logger } from 'pino'
import { brand } from '../../shared/config/brand.ts'
import { getLead, listLeadsDueForRetry, recordLeadDelivery } from '../../shared/data/leads.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { LeadEmailKind, LeadRecord } from '../../shared/schemas/lead.ts'
import type { MailService } from './index.ts'
import { renderLeadConfirmation, renderLeadNotification } from './templates.ts'

/** Waits after the 1st, 2nd, 3rd, 4th failed attempt; every later one waits the last entry. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000]
/** After this many failed attempts a lead stays unsent (visible to editors with its last error). */
export const maxLeadEmailAttempts = 10
/** How often the timer looks for due leads. */
export const outboxIntervalMs = 30_000

export function nextAttemptDelay(failedAttempts: number): number {
  return retryDelaysMs[Math.min(Math.max(failedAttempts, 1), retryDelaysMs.length) - 1]
}

export interface DeliveryResult {
  confirmationSent: boolean
  notificationSent: boolean
}

/** A delivery under way: its outcome, and what is known to have gone out so far. */
export interface DeliveryHandle {
  /** Settles once both sends finished (sent or failed) and the outcome is recorded on the lead. */
  done: Promise<DeliveryResult>
  /** The emails sent so far (a request that stops waiting answers with this). */
  sentSoFar(): DeliveryResult
}

/** How long `stop()` waits for deliveries in flight (a hung SMTP server must not hold a shutdown). */
export const stopGraceMs = 5_000

/** Sends a lead's two emails and retries the ones that fail, on a schedule, until both are sent. */
export interface LeadOutbox {
  /** Sends whatever is still unsent for this lead now and records the outcome on the lead. */
  deliver(lead: LeadRecord): DeliveryHandle
  /** Processes due leads (every pending lead with `ignoreSchedule`). Drives the clock in tests. */
  runDue(options?: { ignoreSchedule?: boolean }): Promise<{ processed: number; completed: number }>
  start(): void
  stop(): Promise<void>
}

export function createLeadOutbox(options: {
  /** The service-role client (created lazily: in local mode the backend URL is known only after listen). */
  client: () => SupabaseClient
  mail: MailService
  publicUrl: () => string
  logger: Logger
  /** Where notifications go (default: the brand's sales inbox). */
  salesEmail?: string
  now?: () => Date
  intervalMs?: number
  maxAttempts?: number
  /** Whether a confirmation may go to this visitor now (the hourly cap); when not, it is skipped for good. */
  allowConfirmation?: (recipient: string) => Promise<boolean>
}): LeadOutbox {
  const now = options.now ?? (() => new Date())
  const maxAttempts = options.maxAttempts ?? maxLeadEmailAttempts
  const inFlight = new Map<string, DeliveryHandle>()
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null

  async function sendOne(lead: LeadRecord, kind: LeadEmailKind): Promise<void> {
    const leadInput = {
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      requirement: lead.requirement,
      techStack: lead.techStack,
    }
    if (kind === 'confirmation') {
      await options.mail.send({ to: lead.email, ...renderLeadConfirmation(leadInput, options.publicUrl()) })
    } else {
      // The visitor's address appears here only as Reply-To, so sales can answer with one click.
      await options.mail.send({
        to: options.salesEmail ?? brand.salesEmail,
        replyTo: lead.email,
        ...renderLeadNotification({ ...leadInput, id: lead.id }),
      })
    }
  }

  async function deliverNow(
    listed: LeadRecord,
    refresh: boolean,
    progress: { confirmation: boolean; notification: boolean },
  ): Promise<DeliveryResult> {
    const client = options.client()
    // A listed row can be stale: a request may have finished sending since. Re-read it before sending.
    const lead = refresh ? await getLead(client, listed.id) : listed
    if (!lead) return { confirmationSent: false, notificationSent: false }
    const already = {
      confirmation: lead.confirmationSentAt !== null,
      notification: lead.notificationSentAt !== null,
    }
    Object.assign(progress, already)
    let kinds = (['confirmation', 'notification'] as const).filter(
      (kind) => !already[kind] && !(kind === 'confirmation' && lead.confirmationSkippedAt !== null),
    )
    // Over the confirmation cap: the confirmation is dropped (never queued for later, which would only
    // postpone a flood); the sales notification still goes out.
    let confirmationSkipped = false
    if (
      kinds.includes('confirmation') &&
      options.allowConfirmation &&
      !(await options.allowConfirmation(lead.email))
    ) {
      confirmationSkipped = true
      kinds = kinds.filter((kind) => kind !== 'confirmation')
      options.logger.info({ leadId: lead.id }, 'lead confirmation held back by the hourly cap')
    }
    // Both at once: the two sends are independent, and a visitor's request may be waiting for them.
    const results = await Promise.allSettled(
      kinds.map((kind) =>
        sendOne(lead, kind).then(() => {
          progress[kind] = true
        }),
      ),
    )
    const sentNow = { confirmation: false, notification: false }
    const errors: string[] = []
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') sentNow[kinds[i]] = true
      else
        errors.push(
          `${kinds[i]}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
        )
    })
    const sent = {
      confirmation: already.confirmation || sentNow.confirmation,
      notification: already.notification || sentNow.notification,
    }

    let failure: { error: string; attempts: number; nextAttemptAt: Date | null } | null = null
    if (errors.length > 0) {
      const attempts = lead.attempts + 1
      const giveUp = attempts >= maxAttempts
      const nextAttemptAt = giveUp ? null : new Date(now().getTime() + nextAttemptDelay(attempts))
      const log = giveUp
        ? options.logger.error.bind(options.logger)
        : options.logger.warn.bind(options.logger)
      log(
        { leadId: lead.id, attempts, nextAttemptAt, errors },
        giveUp ? 'lead emails failed for good' : 'lead emails failed; will retry',
      )
      failure = { error: errors.join('; '), attempts, nextAttemptAt }
    }
    try {
      await recordLeadDelivery(client, lead.id, {
        at: now(),
        confirmationSent: sentNow.confirmation,
        confirmationSkipped,
        notificationSent: sentNow.notification,
        failure,
      })
    } catch (err) {
      // What went out went out; failing to record it could at worst send it once more on a later round.
      options.logger.error({ err, leadId: lead.id, sentNow, errors }, 'could not record the lead emails')
    }
    return { confirmationSent: sent.confirmation, notificationSent: sent.notification }
  }

  function deliver(lead: LeadRecord, refresh = false): DeliveryHandle {
    // One delivery per lead at a time: the timer and a request must never send the same email twice.
    const pending = inFlight.get(lead.id)
    if (pending) return pending
    const progress = { confirmation: false, notification: false }
    const done = deliverNow(lead, refresh, progress)
      .catch((err: unknown) => {
        // Nothing was recorded: the lead's next_attempt_at (set when it was stored) brings it back.
        options.logger.warn({ err, leadId: lead.id }, 'lead delivery failed before sending')
        return { confirmationSent: progress.confirmation, notificationSent: progress.notification }
      })
      .finally(() => inFlight.delete(lead.id))
    const handle: DeliveryHandle = {
      done,
      sentSoFar: () => ({ confirmationSent: progress.confirmation, notificationSent: progress.notification }),
    }
    inFlight.set(lead.id, handle)
    return handle
  }

  async function runDue(runOptions: { ignoreSchedule?: boolean } = {}) {
    const due = await listLeadsDueForRetry(options.client(), {
      now: now(),
      maxAttempts,
      ignoreSchedule: runOptions.ignoreSchedule,
    })
    let completed = 0
    for (const lead of due) {
      const result = await deliver(lead, true).done
      if (result.confirmationSent && result.notificationSent) completed++
    }
    return { processed: due.length, completed }
  }

  function tick() {
    if (running) return
    running = runDue()
      .catch((err: unknown) => options.logger.warn({ err }, 'lead outbox run failed'))
      .finally(() => {
        running = null
      })
  }

  return {
    deliver: (lead) => deliver(lead),
    runDue,
    start() {
      if (timer) return
      timer = setInterval(tick, options.intervalMs ?? outboxIntervalMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      // Deliveries in flight finish and record their outcome, unless SMTP hangs: then they are cut off and
      // the lead's schedule brings them back on the next start.
      const settled = Promise.allSettled([running, ...[...inFlight.values()].map((d) => d.done)])
      let grace: NodeJS.Timeout | undefined
      await Promise.race([settled, new Promise((resolve) => (grace = setTimeout(resolve, stopGraceMs)))])
      clearTimeout(grace)
    },
  }
}
