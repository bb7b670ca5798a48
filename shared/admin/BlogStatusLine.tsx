import { CircleAlert, CircleCheck } from 'lucide-react'
import { cx } from '../ui/cx.ts'

/** The spec's messages start with ✅ or ❌: the mark decides the colour and the icon. */
const markPattern = /^(✅|❌)\s?/u

/**
 * Spec §2/§8: green when the message starts with a check mark, red otherwise. The mark is drawn as an icon
 * like every other in the interface; the spec's text (mark included) is what assistive technology reads.
 */
export function BlogStatusLine({ message }: { message: string }) {
  if (!message) return null
  const ok = message.startsWith('✅')
  const mark = markPattern.exec(message)?.[0] ?? ''
  const Icon = ok ? CircleCheck : CircleAlert
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="blog-status"
      className={cx('flex items-start gap-1.5 text-sm font-medium', ok ? 'text-green-700' : 'text-red-700')}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">
        {mark && <span className="sr-only">{mark}</span>}
        {message.slice(mark.length)}
      </span>
    </p>
  )
}
