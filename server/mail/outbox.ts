import type { Logger } from 'pino'
import { brand } from '../../shared/config/brand.ts'
import { getLead, markLeadEmailSent, recordLeadHeldBack } from '../../shared/data/leads.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { leadFieldsOf, type LeadEmailKind, type LeadRecord } from '../../shared/schemas/lead.ts'
import { createLeasedWorker, done, retry, retryDelaysMs, type JobResult } from '../jobs/leased-worker.ts'
import type { MailService } from './index.ts'
import { sendHeldDigests, type SalesNotificationGate } from './sales-cap.ts'
import { renderLeadConfirmation, renderLeadNotification } from './templates.ts'

/** The lead mail's queue in the one outbox (`outbox_jobs.queue`; the insert of a lead queues its job) and its schedule. */
export const leadMail = {
  queue: 'lead-mail',
  backoffMs: retryDelaysMs,
  /** After this many failed attempts a lead stays unsent (visible to editors with its last error). */
  maxAttempts: 10,
  /** How often the timer looks for due leads. */
  intervalMs: 30_000,
  /**
   * How long a claim on a lead's delivery lasts. Far longer than a delivery can take (the mailer's timeouts
   * end every send within a minute): only a holder that crashed lets it run out, and then another instance
   * (or this one after a restart) takes the lead over.
   */
  leaseSeconds: 120,
  /** Leads one outbox round claims at most (the next round takes the rest). */
  batchSize: 20,
} as const

export interface DeliveryResult {
  confirmationSent: boolean
  notificationSent: boolean
}

/** A delivery under way: its outcome, and what is known to have gone out so far. */
export interface DeliveryHandle {
  /** Settles once both sends finished (sent or failed) and the outcome is recorded. */
  done: Promise<DeliveryResult>
  /** The emails sent so far (a request that stops waiting answers with this). */
  sentSoFar(): DeliveryResult
}

/** How long `stop()` waits for deliveries in flight (a hung SMTP server must not hold a shutdown). */
const stopGraceMs = 5_000

/**
 * Sends a lead's two emails and retries the ones that fail, on a schedule, until both are sent: the queue
 * `lead-mail` of the one leased outbox worker (server/jobs/leased-worker.ts), so several server instances on
 * one project never deliver the same lead at once.
 */
export interface LeadOutbox {
  /** Claims the lead's delivery and sends whatever is still unsent now (nothing if another instance holds it). */
  deliver(lead: LeadRecord): DeliveryHandle
  /**
   * Processes due leads (every pending lead with `ignoreSchedule`), then sends the digests of held sales
   * notifications that are due. Drives the clock in tests.
   */
  runDue(options?: { ignoreSchedule?: boolean }): Promise<{ processed: number; completed: number }>
  /** Sends the digests of held sales notifications whose hour has ended; resolves to how many went out. */
  sendDigests(): Promise<number>
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
  /** A test clock; without it the database's clock decides what is due and when a lease ends. */
  now?: () => Date
  intervalMs?: number
  maxAttempts?: number
  /** Whether a confirmation may go to this visitor now (the hourly cap); when not, it is skipped for good. */
  allowConfirmation?: (recipient: string) => Promise<boolean>
  /** Whether a sales notification may go out now (its hourly cap); when not, it waits for the digest. */
  allowNotification?: SalesNotificationGate
  /** The digest of held notifications: the cap it names, and where the admin's Leads screen is. */
  digest?: { hourlyCap: number; leadsUrl: () => string }
}): LeadOutbox {
  const now = options.now ?? (() => new Date())
  const dbNow = () => (options.now ? options.now() : undefined)
  const inFlight = new Map<string, DeliveryHandle>()

  async function sendOne(lead: LeadRecord, kind: LeadEmailKind): Promise<void> {
    if (kind === 'confirmation') {
      await options.mail.send({ to: lead.email, ...renderLeadConfirmation(lead, options.publicUrl()) })
    } else {
      // The visitor's address appears here only as Reply-To, so sales can answer with one click.
      await options.mail.send({
        to: options.salesEmail ?? brand.salesEmail,
        replyTo: lead.email,
        ...renderLeadNotification({ ...leadFieldsOf(lead), id: lead.id }),
      })
    }
  }

  /**
   * Delivers a lead whose job this instance holds: sends what is still owed (a crashed earlier holder may
   * have sent some), records each send the moment it is made, and says whether anything is left.
   */
  async function deliverHeld(
    leadId: string,
    progress: { confirmation: boolean; notification: boolean },
  ): Promise<JobResult<DeliveryResult>> {
    const client = options.client()
    const lead = await getLead(client, leadId)
    if (!lead) return done({ confirmationSent: false, notificationSent: false })
    const already = {
      confirmation: lead.confirmationSentAt !== null,
      notification: lead.notificationSentAt !== null,
    }
    Object.assign(progress, already)
    // A notification the sales cap held back is owed by the digest, not by this delivery.
    let kinds = (['confirmation', 'notification'] as const).filter(
      (kind) =>
        !already[kind] &&
        !(kind === 'confirmation' && lead.confirmationSkippedAt !== null) &&
        !(kind === 'notification' && lead.notificationHeldUntil !== null),
    )
    // Over the confirmation cap: the confirmation is dropped (never queued for later, which would only
    // postpone a flood); the sales notification still goes out.
    let confirmationSkippedAt: Date | undefined
    if (
      kinds.includes('confirmation') &&
      options.allowConfirmation &&
      !(await options.allowConfirmation(lead.email))
    ) {
      confirmationSkippedAt = now()
      kinds = kinds.filter((kind) => kind !== 'confirmation')
      options.logger.info({ leadId: lead.id }, 'lead confirmation held back by the hourly cap')
    }
    // Over the sales cap: the notification waits for the digest sent once the hour has ended.
    let notificationHeldUntil: Date | undefined
    if (kinds.includes('notification') && options.allowNotification) {
      const gate = await options.allowNotification()
      if (!gate.ok) {
        notificationHeldUntil = gate.heldUntil
        kinds = kinds.filter((kind) => kind !== 'notification')
        options.logger.info({ leadId: lead.id }, 'sales notification held back by the hourly cap')
      }
    }
    await recordLeadHeldBack(client, lead.id, { confirmationSkippedAt, notificationHeldUntil })
    // Both at once: the two sends are independent, and a visitor's request may be waiting for them. Each
    // is recorded the moment it is sent.
    const results = await Promise.allSettled(
      kinds.map(async (kind) => {
        await sendOne(lead, kind)
        progress[kind] = true
        await markLeadEmailSent(client, lead.id, kind, now()).catch((err: unknown) =>
          options.logger.warn({ err, leadId: lead.id, kind }, 'could not record a sent email yet'),
        )
      }),
    )
    const errors: string[] = []
    results.forEach((result, i) => {
      if (result.status === 'rejected' && !progress[kinds[i]])
        errors.push(
          `${kinds[i]}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
        )
    })
    const sent = { confirmationSent: progress.confirmation, notificationSent: progress.notification }
    return errors.length > 0 ? retry(errors.join('; '), sent) : done(sent)
  }

  const worker = createLeasedWorker<DeliveryResult>({
    ...leadMail,
    client: options.client,
    logger: options.logger,
    handle: (job) => deliverHeld(job.subjectId, { confirmation: false, notification: false }),
    maxAttempts: options.maxAttempts ?? leadMail.maxAttempts,
    // A batch's leads all at once, as a request's two sends are.
    concurrency: leadMail.batchSize,
    intervalMs: options.intervalMs ?? leadMail.intervalMs,
    stopGraceMs,
    now: options.now,
    // Each run ends with the digests of held sales notifications that are due.
    afterRun: () => sendDigests(),
  })

  /**
   * Delivers a lead now (the request that stored it). The claim in the database is what keeps two
   * deliveries of one lead apart, across processes as well as within one; `inFlight` lets a second call
   * in this process share the first.
   */
  function deliver(lead: LeadRecord): DeliveryHandle {
    const pending = inFlight.get(lead.id)
    if (pending) return pending
    const progress = { confirmation: false, notification: false }
    const none = { confirmationSent: false, notificationSent: false }
    const delivery = (async () => {
      // Null: another instance holds it (or nothing is owed): that delivery answers for it.
      const settled = await worker.runOne(lead.id, () => deliverHeld(lead.id, progress))
      return settled?.result ?? none
    })()
      .catch((err: unknown) => {
        // Nothing more was recorded: the job's schedule (and its lease running out) brings it back.
        options.logger.warn({ err, leadId: lead.id }, 'lead delivery failed')
        return { confirmationSent: progress.confirmation, notificationSent: progress.notification }
      })
      .finally(() => inFlight.delete(lead.id))
    const handle: DeliveryHandle = {
      done: delivery,
      sentSoFar: () => ({ confirmationSent: progress.confirmation, notificationSent: progress.notification }),
    }
    inFlight.set(lead.id, handle)
    return handle
  }

  async function sendDigests(): Promise<number> {
    return options.digest
      ? sendHeldDigests({
          client: options.client(),
          mail: options.mail,
          logger: options.logger,
          hourlyCap: options.digest.hourlyCap,
          leadsUrl: options.digest.leadsUrl(),
          salesEmail: options.salesEmail,
          leaseSeconds: leadMail.leaseSeconds,
          now: dbNow(),
        })
      : 0
  }

  async function runDue(runOptions: { ignoreSchedule?: boolean } = {}) {
    const summary = await worker.runDue(runOptions)
    const completed = summary.settled.filter(
      (s) => s.result?.confirmationSent && s.result.notificationSent,
    ).length
    return { processed: summary.processed, completed }
  }

  return {
    deliver,
    runDue,
    sendDigests,
    start: () => worker.start(),
    stop: () => worker.stop(),
  }
}
