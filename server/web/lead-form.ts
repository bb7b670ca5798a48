import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  firstNameOf,
  leadFieldNames,
  leadFormAction,
  leadValuesOf,
  type LeadFieldName,
  type LeadFormPageData,
} from '../../shared/lib/lead-form.ts'
import type { ServerContext } from '../context.ts'
import { readLeadFields, takeLead } from '../leads/take-lead.ts'
import { headTags } from './page-html.ts'
import { loadSiteMeta, renderSitePage } from './render.ts'

/**
 * The lead form without JavaScript: /get-started's form posts here (`application/x-www-form-urlencoded`)
 * when scripts are off, failed or not loaded yet. The lead takes the same path as `POST /api/leads`
 * (`takeLead`: honeypot, shared schema, rate limits, store, both emails); the answer is the page itself,
 * rendered with the site's components: the form again with the visitor's values and the spec's field
 * messages (422), or the confirmation, which goes on to / after 3 seconds as with JavaScript. Nothing the
 * visitor typed ever goes into a URL.
 */

const leadFormPath = leadFormAction

/** Spec §9: the page goes to / this long after a submission (a refresh tag, for pages without scripts). */
const redirectAfterSubmitSeconds = 3

/**
 * The idempotency key of a form post: the same values posted again on the same day (a reload of the
 * answer page, a double click) are the same lead, stored and mailed once.
 */
export function formIdempotencyKey(fields: Record<string, unknown>, now = new Date()): string {
  const values = leadValuesOf(fields)
  const digest = createHash('sha256')
    .update(JSON.stringify(leadFieldNames.map((name) => values[name].trim())))
    .digest('base64url')
    .slice(0, 32)
  return `form-${now.toISOString().slice(0, 10)}-${digest}`
}

/** One message per field (the first), for the form's fields only; null when none of them is named. */
function fieldMessages(
  fieldErrors: Record<string, string[]> | undefined,
): Partial<Record<LeadFieldName, string>> | null {
  const errors: Partial<Record<LeadFieldName, string>> = {}
  let any = false
  for (const name of leadFieldNames) {
    const message = fieldErrors?.[name]?.[0]
    if (message) {
      errors[name] = message
      any = true
    }
  }
  return any ? errors : null
}

function notTaken(
  sent: Record<string, unknown>,
  fieldErrors: Record<string, string[]> | undefined,
  message: string,
): LeadFormPageData {
  const errors = fieldMessages(fieldErrors)
  // Field messages sit under their fields (as with JavaScript); anything else goes in the alert.
  return {
    status: 'invalid',
    values: leadValuesOf(sent),
    errors: errors ?? {},
    message: errors ? undefined : message,
  }
}

export function createLeadFormRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  const page = async (
    leadForm: LeadFormPageData,
    status: ContentfulStatusCode,
    headers: Record<string, string> = {},
  ) => {
    const meta = await loadSiteMeta(ctx)
    const base = ctx.publicUrl.replace(/\/+$/, '')
    const head = [
      meta ? headTags(meta.routeMeta[leadFormPath] ?? meta.notFoundMeta, leadFormPath, base) : '',
      leadForm.status === 'submitted'
        ? `<meta http-equiv="refresh" content="${redirectAfterSubmitSeconds};url=/" />`
        : '',
    ]
      .filter(Boolean)
      .join('\n    ')
    return renderSitePage(ctx, {
      pathname: leadFormPath,
      pageData: { leadForm },
      head,
      status,
      // Made for one visitor: never kept by a browser or a shared cache.
      cacheControl: 'no-store',
      headers,
    })
  }

  routes.post(leadFormPath, async (c) => {
    const read = await readLeadFields(c)
    if (!read.ok)
      return page(notTaken(read.sent ?? {}, read.fieldErrors, read.message), read.status === 413 ? 413 : 422)

    const outcome = await takeLead(ctx, c, read.value, formIdempotencyKey(read.value))
    switch (outcome.kind) {
      case 'stored':
        return page(
          {
            status: 'submitted',
            firstName: firstNameOf(outcome.lead.name),
            emailed: outcome.result.confirmationSent && outcome.result.notificationSent,
          },
          200,
        )
      case 'dropped':
        // The honeypot: looks like any other success, nothing was kept.
        return page(
          { status: 'submitted', firstName: firstNameOf(leadValuesOf(read.value).name), emailed: true },
          200,
        )
      case 'invalid':
        return page(notTaken(read.value, outcome.refusal.fieldErrors, outcome.refusal.message), 422)
      case 'failed':
        return page(
          notTaken(read.value, undefined, outcome.message),
          outcome.status,
          outcome.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(outcome.retryAfterSeconds) },
        )
    }
  })

  return routes
}
