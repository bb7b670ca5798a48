import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { findLeadByIdempotencyKey, insertLead } from '../../shared/data/leads.ts'
import { idempotencyKeySchema, leadSchema, type LeadSubmissionResult } from '../../shared/schemas/lead.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from './lead-outbox.ts'
import { createRateLimiter, tooManyRequestsMessage } from './rate-limit.ts'

/** Largest accepted request body: the five fields at their caps fit several times over. */
export const leadBodyLimitBytes = 16 * 1024
/** Leads one email address may submit per window (a person resubmitting a typo is fine; a flood is not). */
const perEmailWindowMs = 10 * 60_000

/**
 * The client address for rate limits. X-Forwarded-For is trivially forged, so it counts only with
 * TRUST_PROXY (a reverse proxy in front appends the real peer as the last hop).
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** `POST /api/leads`: validate, store (service role), send both emails, answer what was sent. */
export function createLeadRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const perIp = createRateLimiter({ limit: ctx.env.LEAD_RATE_LIMIT, windowMs: 60_000 })
  const perEmail = createRateLimiter({ limit: ctx.env.LEAD_RATE_LIMIT, windowMs: perEmailWindowMs })

  routes.post(
    '/',
    bodyLimit({
      maxSize: leadBodyLimitBytes,
      onError: (c) =>
        c.json({ message: 'The request is too large. Please shorten your answers and try again.' }, 413),
    }),
    async (c) => {
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ message: 'The request body must be JSON.' }, 400)
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return c.json({ message: 'The request body must be a JSON object.' }, 400)
      }
      const fields = body as Record<string, unknown>

      // Bots fill every field they find; people never see this one. Answer like a success, keep nothing.
      if (typeof fields.company_website === 'string' && fields.company_website.trim() !== '') {
        ctx.logger.info({ ip: clientIp(c, ctx.env.TRUST_PROXY) }, 'lead honeypot filled; dropped')
        return c.json({
          leadId: randomUUID(),
          confirmationSent: true,
          notificationSent: true,
        } satisfies LeadSubmissionResult)
      }

      const parsed = leadSchema.safeParse(fields)
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {}
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form')
          ;(fieldErrors[key] ??= []).push(issue.message)
        }
        return c.json({ message: 'Please correct the highlighted fields and try again.', fieldErrors }, 400)
      }

      const rawKey = c.req.header('Idempotency-Key') ?? fields.idempotencyKey ?? randomUUID()
      const key = idempotencyKeySchema.safeParse(rawKey)
      if (!key.success) return c.json({ message: key.error.issues[0].message }, 400)

      const client = serviceClient(ctx)
      const outbox = ctx.leadOutbox
      if (!outbox)
        return c.json({ message: 'The lead service is starting. Please try again in a moment.' }, 503)

      try {
        const ipLimit = perIp.take(clientIp(c, ctx.env.TRUST_PROXY))
        const emailLimit = ipLimit.ok ? perEmail.take(parsed.data.email.toLowerCase()) : ipLimit
        if (!ipLimit.ok || !emailLimit.ok) {
          // A retry of a submission we already have is answered with that lead, never refused.
          const existing = await findLeadByIdempotencyKey(client, key.data)
          if (existing)
            return c.json(
              resultOf(
                existing.id,
                existing.confirmationSentAt !== null,
                existing.notificationSentAt !== null,
              ),
            )
          c.header('Retry-After', String(Math.max(ipLimit.retryAfterSeconds, emailLimit.retryAfterSeconds)))
          return c.json({ message: tooManyRequestsMessage }, 429)
        }

        // A repeated key (a retry, a double submit) returns the stored lead: no second row, no second email.
        const { lead, created } = await insertLead(client, parsed.data, key.data)
        if (!created)
          return c.json(resultOf(lead.id, lead.confirmationSentAt !== null, lead.notificationSentAt !== null))

        const delivery = await outbox.deliver(lead)
        return c.json(resultOf(lead.id, delivery.confirmationSent, delivery.notificationSent), 201)
      } catch (err) {
        // The lead could not be stored: say so plainly (the browser still has its copy).
        ctx.logger.error({ err }, 'could not store a lead')
        return c.json(
          {
            message:
              'We could not save your request right now. Please try again later or contact us directly.',
          },
          502,
        )
      }
    },
  )

  return routes
}

function resultOf(
  leadId: string,
  confirmationSent: boolean,
  notificationSent: boolean,
): LeadSubmissionResult {
  return { leadId, confirmationSent, notificationSent }
}
