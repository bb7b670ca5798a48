import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { findLeadByIdempotencyKey, insertLead } from '../../shared/data/leads.ts'
import { idempotencyKeySchema, leadSchema, type LeadSubmissionResult } from '../../shared/schemas/lead.ts'
import type { ServerContext } from '../context.ts'
import { diskProblemOf } from '../failures.ts'
import { tooManyRequestsMessage } from '../rate-limits.ts'
import { serviceClient } from '../supabase-clients.ts'
import { clientIp, readInput, refuse, validate } from './pipeline.ts'

/** Largest accepted request body: the five fields at their caps fit several times over. */
export const leadBodyLimitBytes = 16 * 1024

/** `POST /api/leads`: validate, store (service role), send both emails, answer what was sent. */
export function createLeadRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  routes.post('/', async (c) => {
    const fields = await readInput(c, {
      maxBytes: leadBodyLimitBytes,
      tooLargeMessage: 'The request is too large. Please shorten your answers and try again.',
    })
    if (fields instanceof Response) return fields
    const ip = clientIp(c, ctx.env.TRUST_PROXY)

    // Bots fill every field they find; people never see this one. Answer like a success, keep nothing.
    if (typeof fields.company_website === 'string' && fields.company_website.trim() !== '') {
      ctx.logger.info({ ip }, 'lead honeypot filled; dropped')
      return c.json({
        leadId: randomUUID(),
        confirmationSent: true,
        notificationSent: true,
      } satisfies LeadSubmissionResult)
    }

    const lead = validate(c, leadSchema, fields)
    if (lead instanceof Response) return lead
    const key = validate(
      c,
      idempotencyKeySchema,
      c.req.header('Idempotency-Key') ?? fields.idempotencyKey ?? randomUUID(),
    )
    if (key instanceof Response) return key

    const client = serviceClient(ctx)
    const outbox = ctx.leadOutbox
    if (!outbox) return refuse(c, 503, 'The lead service is starting. Please try again in a moment.')

    try {
      const ipLimit = await ctx.rateLimits.take('leadPerIp', ip)
      const emailLimit = ipLimit.ok
        ? await ctx.rateLimits.take('leadPerEmail', lead.email.toLowerCase())
        : ipLimit
      if (!ipLimit.ok || !emailLimit.ok) {
        // A retry of a submission we already have is answered with that lead, never refused.
        const existing = await findLeadByIdempotencyKey(client, key)
        if (existing)
          return c.json(
            resultOf(existing.id, existing.confirmationSentAt !== null, existing.notificationSentAt !== null),
          )
        c.header('Retry-After', String(Math.max(ipLimit.retryAfterSeconds, emailLimit.retryAfterSeconds)))
        return refuse(c, 429, tooManyRequestsMessage)
      }

      // A repeated key (a retry, a double submit) returns the stored lead: no second row, no second email.
      const { lead: stored, created } = await insertLead(client, lead, key)
      if (!created)
        return c.json(
          resultOf(stored.id, stored.confirmationSentAt !== null, stored.notificationSentAt !== null),
        )

      // Wait a short budget for both emails, then answer with what is known: a slow or hung SMTP server
      // must not keep the visitor on "Processing...". The sends go on; failures go to the outbox.
      const delivery = outbox.deliver(stored)
      const sent = await withinBudget(delivery.done, ctx.env.LEAD_MAIL_WAIT_MS)
      const known = sent ?? delivery.sentSoFar()
      if (!sent) ctx.logger.info({ leadId: stored.id, known }, 'lead answered before its emails finished')
      return c.json(resultOf(stored.id, known.confirmationSent, known.notificationSent), 201)
    } catch (err) {
      // The lead could not be stored: say so plainly (the browser still has its copy).
      ctx.logger.error({ err }, 'could not store a lead')
      return refuse(
        c,
        // A full disk is worth a retry later (503); anything else is the backend failing (502).
        diskProblemOf(err) ? 503 : 502,
        'We could not save your request right now. Please try again later or contact us directly.',
      )
    }
  })

  return routes
}

/** The promise's value if it settles within `ms`, else null (the promise itself runs on). */
async function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function resultOf(
  leadId: string,
  confirmationSent: boolean,
  notificationSent: boolean,
): LeadSubmissionResult {
  return { leadId, confirmationSent, notificationSent }
}
