import type { LeadRecord } from '../../schemas/lead.ts'
import type { BadgeVariant } from '../../ui/Badge.tsx'

export type EmailTone = 'ok' | 'waiting' | 'failed'

/** One lead's email state in words: both sent, partly sent, waiting for a retry, or given up. */
export function leadEmailStatus(lead: LeadRecord): { label: string; tone: EmailTone } {
  const sent = [lead.confirmationSentAt, lead.notificationSentAt].filter(Boolean).length
  if (sent === 2) return { label: 'Emails sent', tone: 'ok' }
  if (lead.notificationSentAt && lead.confirmationSkippedAt)
    return { label: 'Sales notified; confirmation held back by the hourly cap', tone: 'ok' }
  if (lead.nextAttemptAt)
    return { label: sent === 1 ? '1 of 2 emails sent, retrying' : 'Emails waiting to send', tone: 'waiting' }
  if (lead.notificationHeldUntil && !lead.notificationSentAt)
    return {
      label: 'Sales notification held back by the hourly cap; it goes in the next digest',
      tone: 'waiting',
    }
  return { label: lead.lastError ? `Emails failed: ${lead.lastError}` : 'Emails not sent', tone: 'failed' }
}

export const emailStatusVariant = (tone: EmailTone): BadgeVariant =>
  tone === 'ok' ? 'default' : tone === 'waiting' ? 'neutral' : 'warning'

/** The pipeline's stages in colour (with their names in words beside it, never colour alone). */
export const leadStatusVariants = {
  new: 'default',
  contacted: 'neutral',
  qualified: 'warning',
  won: 'success',
  lost: 'danger',
} as const satisfies Record<LeadRecord['status'], BadgeVariant>
