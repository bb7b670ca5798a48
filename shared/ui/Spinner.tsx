import { cx } from './cx.ts'

/** A spinning ring; `label` is read by screen readers (omit it when a visible text says the same). */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="inline-flex"
    >
      <span
        className={cx(
          'size-4 animate-spin rounded-full border-2 border-current border-t-transparent',
          className,
        )}
      />
    </span>
  )
}

/**
 * A line that says what is loading, with a spinner; by default the centred "Loading..." of a whole screen.
 * `className` places it (padding, alignment, text size).
 */
export function Loading({
  children = 'Loading...',
  className = 'justify-center py-16',
}: {
  children?: string
  className?: string
}) {
  return (
    <p className={cx('flex items-center gap-2 text-slate-500', className)}>
      <Spinner /> {children}
    </p>
  )
}
