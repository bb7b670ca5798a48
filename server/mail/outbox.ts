import type { Logger } from 'pino'
import { brand } from '../../shared/config/brand.ts'
import { claimDueLeads, claimLead, markLeadEmailSent, recordLeadDelivery } from '../../shared/data/leads.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { LeadEmailKind, LeadRecord } from '../../shared/schemas/lead.ts'
import type { MailService } from './index.ts'
import { sendHeldDigests, type SalesNotificationGate } from './sales-cap.ts'
import { renderLeadConfirmation, renderLeadNotification } from './templates.ts'

/** Waits after the 1st, 2nd, 3rd, 4th failed attempt; every later one waits the last entry. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000]
/** After this many failed attempts a lead stays unsent (visible to editors with its last error). */
export const maxLeadEmailAttempts = 10
/** How often the timer looks for due leads. */
export const outboxIntervalMs = 30_000
/**
 * How long a claim on a lead's delivery lasts. Far longer than a delivery can take (the mailer's timeouts
 * end every send within a minute): only a holder that crashed lets it run out, and then another instance
 * (or this one after a restart) takes the lead over.
 */
export const deliveryLeaseSeconds = 120
/** Leads one outbox round claims at most (the next round takes the rest). */
export const outboxBatchSize = 20

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

/**
 * Sends a lead's two emails and retries the ones that fail, on a schedule, until both are sent. Every
 * delivery first claims the lead with a lease in the database, so several server instances on one project
 * never deliver the same lead at once.
 */
export interface LeadOutbox {
  /** Claims the lead and sends whatever is still unsent now (nothing if another instance holds it). */
  deliver(lead: LeadRecord): DeliveryHandle
  /**
   * Processes due leads (every pending lead with `ignoreSchedule`), then sends the digests of held sales
   * notifications that are due (`sendDigests`). Drives the clock in tests.
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
  const maxAttempts = options.maxAttempts ?? maxLeadEmailAttempts
  const inFlight = new Map<string, DeliveryHandle>()
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null

  async function sendOne(lead: LeadRecord, kind: LeadEmailKind): Promise<void> {
    if (kind === 'confirmation') {
      await options.mail.send({ to: lead.email, ...renderLeadConfirmation(lead, options.publicUrl()) })
    } else {
      // The visitor's address appears here only as Reply-To, so sales can answer with one click.
      await options.mail.send({
        to: options.salesEmail ?? brand.salesEmail,
        replyTo: lead.email,
        ...renderLeadNotification({
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          requirement: lead.requirement,
          techStack: lead.techStack,
          id: lead.id,
        }),
      })
    }
  }

  /** Delivers a lead this instance holds the claim on, records the outcome and releases the claim. */
  async function deliverClaimed(
    lead: LeadRecord,
    progress: { confirmation: boolean; notification: boolean },
  ): Promise<DeliveryResult> {
    const client = options.client()
    const claimToken = lead.claimToken!
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
    // Both at once: the two sends are independent, and a visitor's request may be waiting for them. Each
    // is recorded the moment it is sent.
    const results = await Promise.allSettled(
      kinds.map(async (kind) => {
        await sendOne(lead, kind)
        progress[kind] = true
        await markLeadEmailSent(client, lead.id, kind, { at: now(), claimToken }).catch((err: unknown) =>
          options.logger.warn({ err, leadId: lead.id, kind }, 'could not record a sent email yet'),
        )
      }),
    )
    const sentNow = { confirmation: false, notification: false }
    const errors: string[] = []
    results.forEach((result, i) => {
      if (result.status === 'fulfilled' || progress[kinds[i]]) sentNow[kinds[i]] = true
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
        claimToken,
        confirmationSent: sentNow.confirmation,
        confirmationSkipped,
        notificationSent: sentNow.notification,
        notificationHeldUntil,
        failure,
      })
    } catch (err) {
      // What went out is recorded already (each send is); the claim runs out on its own.
      options.logger.error({ err, leadId: lead.id, sentNow, errors }, 'could not record the lead emails')
    }
    return { confirmationSent: sent.confirmation, notificationSent: sent.notification }
  }

  /**
   * Delivers a lead: `claimed` is a row a claim already returned (the outbox), else the lead is claimed
   * first (a request). The claim in the database is what keeps two deliveries of one lead apart, across
   * processes as well as within one; `inFlight` only lets `stop()` wait for them.
   */
  function deliver(lead: LeadRecord, claimed: boolean): DeliveryHandle {
    const key = claimed ? `${lead.id}:${lead.claimToken}` : lead.id
    const pending = inFlight.get(key)
    if (pending) return pending
    const progress = { confirmation: false, notification: false }
    const done = (async () => {
      const held = claimed
        ? lead
        : await claimLead(options.client(), lead.id, { leaseSeconds: deliveryLeaseSeconds, now: dbNow() })
      // Another instance holds it (or nothing is owed): that delivery answers for it.
      if (!held) return { confirmationSent: false, notificationSent: false }
      return deliverClaimed(held, progress)
    })()
      .catch((err: unknown) => {
        // Nothing more was recorded: the lead's schedule (and its lease running out) brings it back.
        options.logger.warn({ err, leadId: lead.id }, 'lead delivery failed')
        return { confirmationSent: progress.confirmation, notificationSent: progress.notification }
      })
      .finally(() => inFlight.delete(key))
    const handle: DeliveryHandle = {
      done,
      sentSoFar: () => ({ confirmationSent: progress.confirmation, notificationSent: progress.notification }),
    }
    inFlight.set(key, handle)
    return handle
  }

  async function runDue(runOptions: { ignoreSchedule?: boolean } = {}) {
    let processed = 0
    let completed = 0
    // Claim a batch, deliver it, and go on while batches come back full.
    for (;;) {
      const claimed = await claimDueLeads(options.client(), {
        leaseSeconds: deliveryLeaseSeconds,
        maxAttempts,
        limit: outboxBatchSize,
        ignoreSchedule: runOptions.ignoreSchedule,
        now: dbNow(),
      })
      const results = await Promise.all(claimed.map((lead) => deliver(lead, true).done))
      processed += claimed.length
      completed += results.filter((r) => r.confirmationSent && r.notificationSent).length
      if (claimed.length < outboxBatchSize) break
    }
    await sendDigests()
    return { processed, completed }
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
          leaseSeconds: deliveryLeaseSeconds,
          now: dbNow(),
        })
      : 0
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
    deliver: (lead) => deliver(lead, false),
    runDue,
    sendDigests,
    start() {
      if (timer) return
      timer = setInterval(tick, options.intervalMs ?? outboxIntervalMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      // Deliveries in flight finish and record their outcome, unless SMTP hangs: then they are cut off, and
      // their leases running out hand them to the next instance (or the next start).
      const settled = Promise.allSettled([running, ...[...inFlight.values()].map((d) => d.done)])
      let grace: NodeJS.Timeout | undefined
      await Promise.race([settled, new Promise((resolve) => (grace = setTimeout(resolve, stopGraceMs)))])
      clearTimeout(grace)
    },
  }
}
