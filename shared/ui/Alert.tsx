import type { HTMLAttributes } from 'react'
import { cx } from './cx.ts'

const variants = {
  info: 'border-slate-200 bg-slate-50 text-slate-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  destructive: 'border-red-200 bg-red-50 text-red-800',
} as const

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  variant?: keyof typeof variants
  title?: string
}

/** A message box; destructive alerts are announced immediately (role="alert"), others politely. */
export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cx('rounded-md border px-4 py-3 text-sm', variants[variant], className)}
      {...props}
    >
      {title && <p className="mb-1 font-semibold">{title}</p>}
      {children}
    </div>
  )
}

/** One line saying what went wrong, announced at once; nothing while there is no `message`. */
export function ErrorText({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null
  return (
    <p role="alert" className={cx('text-sm text-red-700', className)}>
      {message}
    </p>
  )
}
