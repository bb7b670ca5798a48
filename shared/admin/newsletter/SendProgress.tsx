import {
  newsletterProgressText,
  newsletterSendState,
  type NewsletterSendProgress,
} from '../../schemas/newsletter-send.ts'
import { Badge, type BadgeVariant } from '../../ui/Badge.tsx'
import { ProgressBar } from '../../ui/ProgressBar.tsx'

const stateLabels = { queued: 'Queued', sending: 'Sending', sent: 'Sent' } as const

/** One send's state in words and as a bar: "Queued", "Sending 120/2,000", "Sent to 1,998 · 2 failed". */
export function SendProgress({ send }: { send: NewsletterSendProgress }) {
  const state = newsletterSendState(send)
  const done = send.recipientCount - send.pending
  const variant: BadgeVariant =
    state === 'sent' ? (send.failed > 0 ? 'warning' : 'success') : state === 'sending' ? 'default' : 'neutral'
  return (
    <div className="space-y-2" data-testid="newsletter-progress">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge variant={variant}>{stateLabels[state]}</Badge>
        <span role="status" aria-live="polite">
          {newsletterProgressText(send)}
        </span>
      </p>
      <ProgressBar
        value={send.recipientCount === 0 ? 100 : (done / send.recipientCount) * 100}
        label={`Newsletter progress: ${done} of ${send.recipientCount}`}
      />
    </div>
  )
}
