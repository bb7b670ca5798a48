import type { Logger } from 'pino'
import { adminPath } from '../../shared/config/brand.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import {
  administratorEmails,
  deleteOldWebhookDeliveries,
  loadOutgoingDelivery,
  recordWebhookAttempt,
  skipWebhookDelivery,
} from '../../shared/data/webhooks.ts'
import { createLeasedWorker, done, failed, retry, type LeasedWorker } from '../jobs/leased-worker.ts'
import type { MailService } from '../mail/index.ts'
import { renderServiceMessage } from '../mail/templates.ts'
import type { WebhookAddressPolicy } from './address-policy.ts'
import { webhookBody } from './messages.ts'
import { sendWebhook, type SenderOptions } from './sender.ts'
import { webhookHeaders } from './signing.ts'

/**
 * Webhook deliveries as the queue `webhook` of the one leased outbox worker (server/jobs/leased-worker.ts):
 * each delivery row is a job; any instance claims it with a lease, signs it at the moment it is sent (a
 * receiver refuses old timestamps), posts it and records the attempt. A 2xx ends it; anything else is tried
 * again after 1 min, 5 min, 30 min, 2 h and then every 6 h; a delivery still failing 3 days after it was
 * queued is given up, its endpoint paused and every administrator told by email (the Webhooks screen shows
 * why it is paused). Deliveries are kept 30 days.
 */

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** The waits after the 1st, 2nd, … failed attempt (the last repeats). */
export const webhookRetrySchedule = [1 * minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour] as const
export const webhookGiveUpAfterMs = 3 * day
export const webhookKeepDays = 30

export interface WebhookOutboxDeps {
  client: () => SupabaseClient
  mail: MailService
  publicUrl: () => string
  logger: Logger
  policy: WebhookAddressPolicy
  /** Multiplies the retry waits, the give-up age and the lease (tests: a day in seconds). 1 in production. */
  timeScale: number
  intervalMs: number
  /** Name resolution for the sender (tests: a resolver that rebinds). */
  lookup?: SenderOptions['lookup']
}

export interface WebhookOutbox {
  worker: LeasedWorker<undefined>
  /** Deletes deliveries older than 30 days; how many. */
  deleteOld(now?: Date): Promise<number>
  start(): void
  stop(): Promise<void>
}

export function createWebhookOutbox(deps: WebhookOutboxDeps): WebhookOutbox {
  const { logger } = deps
  const scale = deps.timeScale
  const giveUpMs = webhookGiveUpAfterMs * scale

  async function tellAdministrators(url: string, description: string, error: string) {
    const service = deps.client()
    const link = `${deps.publicUrl()}${adminPath}#webhooks`
    const name = description ? `${description} (${url})` : url
    for (const to of await administratorEmails(service)) {
      await deps.mail
        .send({
          to,
          ...renderServiceMessage({
            subject: 'A webhook endpoint was paused',
            body: [
              `Deliveries to ${name} have failed for 3 days, so the endpoint is paused and gets no new events.`,
              `The last attempt: ${error}`,
              `Fix the receiver, then enable the endpoint again and resend what it missed from its delivery log: ${link}`,
            ].join('\n\n'),
          }),
        })
        .catch((err: unknown) =>
          logger.warn({ err }, 'could not tell an administrator about a paused endpoint'),
        )
    }
  }

  const worker = createLeasedWorker({
    queue: 'webhook',
    client: deps.client,
    logger,
    backoffMs: webhookRetrySchedule.map((ms) => ms * scale),
    // Longer than a send may take (10 s), so only a holder that died lets a delivery go to another.
    leaseSeconds: Math.max(15, Math.round(60 * scale)),
    batchSize: 20,
    concurrency: 8,
    intervalMs: deps.intervalMs,
    stopGraceMs: 2_000,
    async handle(job) {
      const service = deps.client()
      const delivery = await loadOutgoingDelivery(service, job.subjectId)
      // Gone (30 days, or its endpoint removed), delivered already by a holder that died before recording
      // the job, or skipped: nothing is owed.
      if (!delivery || delivery.status !== 'pending') return done()
      if (!delivery.endpoint.enabled) {
        await skipWebhookDelivery(service, delivery.id)
        return done()
      }
      const body = webhookBody(delivery.endpoint.format, delivery.payload, deps.publicUrl())
      const timestamp = Math.floor(Date.now() / 1000)
      const response = await sendWebhook(
        {
          url: delivery.endpoint.url,
          headers: webhookHeaders(delivery.secrets, delivery.eventId, timestamp, body),
          body,
        },
        { policy: deps.policy, lookup: deps.lookup },
      )
      const attempt = {
        statusCode: response.statusCode,
        durationMs: response.durationMs,
        error: response.error,
        responseBody: response.responseBody,
      }
      if (response.error === null) {
        await recordWebhookAttempt(service, delivery.id, { ...attempt, outcome: 'delivered' })
        return done()
      }
      if (Date.now() - new Date(job.createdAt).getTime() >= giveUpMs) {
        const reason = `Deliveries failed for 3 days. The last attempt: ${response.error}`
        const paused = await recordWebhookAttempt(service, delivery.id, {
          ...attempt,
          outcome: 'failed',
          pauseReason: reason,
        })
        if (paused) {
          logger.warn({ endpoint: delivery.endpoint.id }, 'webhook endpoint paused after 3 days of failures')
          await tellAdministrators(delivery.endpoint.url, delivery.endpoint.description, response.error)
        }
        return failed(response.error)
      }
      await recordWebhookAttempt(service, delivery.id, { ...attempt, outcome: 'retry' })
      return retry(response.error)
    },
  })

  let cleanup: NodeJS.Timeout | null = null
  const deleteOld = (now = new Date()) =>
    deleteOldWebhookDeliveries(deps.client(), new Date(now.getTime() - webhookKeepDays * day))
  const sweep = () =>
    void deleteOld().catch((err: unknown) => logger.warn({ err }, 'could not delete old webhook deliveries'))

  return {
    worker,
    deleteOld,
    start() {
      worker.start()
      if (!cleanup) {
        cleanup = setInterval(sweep, hour)
        cleanup.unref()
        sweep()
      }
    },
    async stop() {
      if (cleanup) clearInterval(cleanup)
      cleanup = null
      await worker.stop()
    },
  }
}
