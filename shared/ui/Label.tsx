import type { LabelHTMLAttributes } from 'react'
import { cx } from './cx.ts'

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cx('block text-sm font-medium text-slate-700', className)} {...props} />
}
