import type { LeadInput, LeadSubmissionResult } from '@shared/schemas/lead.ts'
import { leadSubmissionResultSchema } from '@shared/schemas/lead.ts'

/** Spec §4 step 6 fallback, shown when the failure has no message of its own. */
export const submitFallbackMessage = 'Please try again later or contact us directly.'

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
  options: { honeypot?: string; fetch?: typeof fetch } = {},
): Promise<LeadSubmissionResult> {
  const fetchImpl = options.fetch ?? fetch
  let res: Response
  try {
    res = await fetchImpl('/api/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...lead, company_website: options.honeypot ?? '' }),
    })
  } catch (err) {
    console.error('Lead submission failed to reach the server:', err)
    throw new Error(submitFallbackMessage, { cause: err })
  }
  const body: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message
    throw new Error(typeof message === 'string' && message.trim() !== '' ? message : submitFallbackMessage)
  }
  const parsed = leadSubmissionResultSchema.safeParse(body)
  if (!parsed.success) throw new Error(submitFallbackMessage)
  return parsed.data
}
