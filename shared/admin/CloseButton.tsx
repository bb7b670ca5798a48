import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cx } from '../ui/cx.ts'

/** The × that closes a panel (a lead's details, the post settings drawer). `className` places it. */
export function CloseButton({
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'children'> & { 'aria-label': string }) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  )
}
