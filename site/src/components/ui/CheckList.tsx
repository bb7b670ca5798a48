import { CircleCheck } from 'lucide-react'
import { cx } from '@shared/ui/cx.ts'

/** Short points, each after a check mark: small type in a card, body type in a section. */
export function CheckList({
  items,
  size = 'body',
  className,
}: {
  items: readonly string[]
  size?: 'small' | 'body'
  className?: string
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cx('flex text-ink-700', size === 'small' ? 'gap-2.5 text-sm' : 'gap-3')}>
          <CircleCheck
            aria-hidden="true"
            className={cx('mt-0.5 shrink-0 text-brand-600', size === 'small' ? 'size-4' : 'size-5')}
          />
          {item}
        </li>
      ))}
    </ul>
  )
}
