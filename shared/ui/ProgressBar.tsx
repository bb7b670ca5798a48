import { cx } from './cx.ts'

/** An accessible 0–100 progress bar. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number
  label: string
  className?: string
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}
