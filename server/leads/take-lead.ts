import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { findLeadByIdempotencyKey, insertLead } from '../../shared/data/leads.ts'
import {
  idempotencyKeySchema,
  leadSchema,
  type LeadInput,
  type LeadSubmissionResult,
} from '../../shared/schemas/lead.ts'
import { attributionOf, hasAttribution } from '../../shared/schemas/insights.ts'
import { check, clientKey, readFields, type InputRefusal } from '../http/pipeline.ts'
import type { ServerContext } from '../context.ts'
import { diskProblemOf } from '../failures.ts'
import { visitSourceOf } from '../insights/page-views.ts'
import { tooManyRequestsMessage } from '../rate-limits.ts'
import { serviceClient } from '../supabase-clients.ts'

/** Largest accepted request body: the five fields at their caps fit several times over. */
export const leadBodyLimitBytes = 16 * 1024

export const leadBodyOptions = {
  maxBytes: leadBodyLimitBytes,
  tooLargeMessage: 'The request is too large. Please shorten your answers and try again.',
}

/** A lead's request body (JSON or a form) within the size limit, normalised; or why not. */
export function readLeadFields(c: Context): ReturnType<typeof readFields> {
  return readFields(c, leadBodyOptions)
}

/** What became of one lead submission, whatever format it arrived in (JSON or an HTML form). */
export type LeadOutcome =
  /** Stored (201), or found stored under the same idempotency key (200); the emails as far as known. */
  | { kind: 'stored'; status: 200 | 201; lead: LeadInput; result: LeadSubmissionResult }
  /** The honeypot was filled: answered like a success, nothing kept or sent. */
  | { kind: 'dropped' }
  /** The fields failed the shared schema (400 with a message per field). */
  | { kind: 'invalid'; refusal: InputRefusal }
  /** Valid, but not taken now: rate limit (429), starting up or disk full (503), backend failing (502). */
  | { kind: 'failed'; status: 429 | 502 | 503; message: string; retryAfterSeconds?: number }

/**
 * The one path every lead takes: honeypot, the shared schema, the idempotency key, the rate limits (per
 * address and per email), storing with the service role and sending both emails within the mail budget.
 * `POST /api/leads` answers its outcome as JSON, the form page (server/web/lead-form.ts) as HTML.
 */
export async function takeLead(
  ctx: ServerContext,
  c: Context,
  fields: Record<string, unknown>,
  requestedKey: unknown,
): Promise<LeadOutcome> {
  const ip = clientKey(c, ctx.env.TRUST_PROXY)

  // Bots fill every field they find; people never see this one. Answer like a success, keep nothing.
  if (typeof fields.company_website === 'string' && fields.company_website.trim() !== '') {
    ctx.logger.info({ ip }, 'lead honeypot filled; dropped')
    return { kind: 'dropped' }
  }

  const lead = check(leadSchema, fields)
  if (!lead.ok) return { kind: 'invalid', refusal: lead }
  const key = check(idempotencyKeySchema, requestedKey ?? randomUUID())
  if (!key.ok) return { kind: 'invalid', refusal: key }

  const client = serviceClient(ctx)
  const outbox = ctx.leadOutbox
  if (!outbox)
    return {
      kind: 'failed',
      status: 503,
      message: 'The lead service is starting. Please try again in a moment.',
    }

  const storedAs = (
    stored: { id: string; confirmationSentAt: string | null; notificationSentAt: string | null },
    status: 200 | 201,
    sent?: { confirmationSent: boolean; notificationSent: boolean },
  ): LeadOutcome => ({
    kind: 'stored',
    status,
    lead: lead.data,
    result: {
      leadId: stored.id,
      confirmationSent: sent?.confirmationSent ?? stored.confirmationSentAt !== null,
      notificationSent: sent?.notificationSent ?? stored.notificationSentAt !== null,
    },
  })

  try {
    const ipLimit = await ctx.rateLimits.take('leadPerIp', ip)
    const emailLimit = ipLimit.ok
      ? await ctx.rateLimits.take('leadPerEmail', lead.data.email.toLowerCase())
      : ipLimit
    if (!ipLimit.ok || !emailLimit.ok) {
      // A retry of a submission we already have is answered with that lead, never refused.
      const existing = await findLeadByIdempotencyKey(client, key.data)
      if (existing) return storedAs(existing, 200)
      return {
        kind: 'failed',
        status: 429,
        message: tooManyRequestsMessage,
        retryAfterSeconds: Math.max(ipLimit.retryAfterSeconds, emailLimit.retryAfterSeconds),
      }
    }

    // A repeated key (a retry, a double submit) returns the stored lead: no second row, no second email.
    // Where the visitor came from: what the page carried (sessionStorage, hidden fields), else today's
    // counted visit of this visitor (a form sent without JavaScript).
    const carried = attributionOf(fields)
    const attribution = hasAttribution(carried) ? carried : await visitSourceOf(ctx, c)
    const { lead: stored, created } = await insertLead(client, lead.data, key.data, attribution)
    if (!created) return storedAs(stored, 200)

    // Wait a short budget for both emails, then answer with what is known: a slow or hung SMTP server
    // must not keep the visitor on "Processing...". The sends go on; failures go to the outbox.
    const delivery = outbox.deliver(stored)
    const sent = await withinBudget(delivery.done, ctx.env.LEAD_MAIL_WAIT_MS)
    const known = sent ?? delivery.sentSoFar()
    if (!sent) ctx.logger.info({ leadId: stored.id, known }, 'lead answered before its emails finished')
    return storedAs(stored, 201, known)
  } catch (err) {
    // The lead could not be stored: say so plainly (the browser still has its copy).
    ctx.logger.error({ err }, 'could not store a lead')
    return {
      kind: 'failed',
      // A full disk is worth a retry later (503); anything else is the backend failing (502).
      status: diskProblemOf(err) ? 503 : 502,
      message: 'We could not save your request right now. Please try again later or contact us directly.',
    }
  }
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
