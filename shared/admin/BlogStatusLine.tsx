import { cx } from '../ui/cx.ts'

/** Spec §2/§8: green when the message starts with a check mark, red otherwise. */
export function BlogStatusLine({ message }: { message: string }) {
  if (!message) return null
  const ok = message.startsWith('✅')
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="blog-status"
      className={cx('text-sm font-medium', ok ? 'text-green-700' : 'text-red-700')}
    >
      {message}
    </p>
  )
}
