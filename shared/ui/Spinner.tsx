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
