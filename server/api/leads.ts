import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { LeadSubmissionResult } from '../../shared/schemas/lead.ts'
import type { ServerContext } from '../context.ts'
import { leadBodyOptions, takeLead } from '../leads/take-lead.ts'
import { bodyFields, refuse, refuseInput } from '../http/pipeline.ts'

/** `POST /api/leads`: validate, store (service role), send both emails, answer what was sent. */
export function createLeadRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  routes.post('/', bodyFields(leadBodyOptions), async (c) => {
    const fields = c.get('input')
    const outcome = await takeLead(ctx, c, fields, c.req.header('Idempotency-Key') ?? fields.idempotencyKey)
    switch (outcome.kind) {
      case 'stored':
        return c.json(outcome.result, outcome.status)
      case 'dropped':
        return c.json({
          leadId: randomUUID(),
          confirmationSent: true,
          notificationSent: true,
        } satisfies LeadSubmissionResult)
      case 'invalid':
        return refuseInput(c, outcome.refusal)
      case 'failed':
        if (outcome.retryAfterSeconds !== undefined)
          c.header('Retry-After', String(outcome.retryAfterSeconds))
        return refuse(c, outcome.status, outcome.message)
    }
  })

  return routes
}
