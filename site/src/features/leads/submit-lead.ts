import type { LeadInput, LeadSubmissionResult } from '@shared/schemas/lead.ts'
import { leadSubmissionResultSchema } from '@shared/schemas/lead.ts'
import { submitFallbackMessage } from '@shared/lib/lead-form.ts'

export { submitFallbackMessage }

/**
 * How long the form waits for `POST /api/leads`. The server answers within its own mail budget (a few
 * seconds) however slow SMTP is, so this only ends a request to a server that stopped answering; the
 * visitor then sees the spec's error path and may resubmit (same idempotency key: stored once).
 */
export const leadSubmitTimeoutMs = 15_000

/** An idempotency key: the same submission retried keeps its key, so the server stores it once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Plain-http hosts have no randomUUID; getRandomValues is available everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * `POST /api/leads`. Resolves with what the server sent; throws an Error whose message is fit to show
 * (the server's own message for 4xx/5xx, e.g. the rate-limit text; the fallback for network failures).
 */
export async function submitLead(
  lead: LeadInput,
  idempotencyKey: string,
  options: {
    honeypot?: string
    /** Where the visit came from (the tab's sessionStorage): landing page, referrer host, UTM fields. */
    source?: Record<string, string>
    fetch?: typeof fetch
    timeoutMs?: number
  } = {},
): Promise<LeadSubmissionResult> {
  const fetchImpl = options.fetch ?? fetch
  // One deadline for the whole exchange, reply body included (a timer rather than AbortSignal.timeout, so
  // a test clock can move it).
  const controller = new AbortController()
  const { signal } = controller
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? leadSubmitTimeoutMs)
  let res: Response
  let body: unknown
  try {
    res = await fetchImpl('/api/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...options.source, ...lead, company_website: options.honeypot ?? '' }),
      signal,
    })
    body = await res.json().catch((err: unknown) => {
      if (signal.aborted) throw err
      return null
    })
  } catch (err) {
    console.error(
      signal.aborted ? 'Lead submission timed out' : 'Lead submission failed to reach the server:',
      err,
    )
    throw new Error(submitFallbackMessage, { cause: err })
  } finally {
    clearTimeout(timer)
  }
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message
    throw new Error(typeof message === 'string' && message.trim() !== '' ? message : submitFallbackMessage)
  }
  const parsed = leadSubmissionResultSchema.safeParse(body)
  if (!parsed.success) throw new Error(submitFallbackMessage)
  return parsed.data
}
