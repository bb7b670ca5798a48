import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

type Variant = 'primary' | 'secondary' | 'ghost' | 'light'

const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm shadow-indigo-600/20 hover:bg-indigo-500',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 hover:ring-slate-400',
  ghost: 'text-indigo-700 hover:bg-indigo-50',
  light: 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50',
}

export const buttonClasses = (variant: Variant = 'primary', size: 'md' | 'lg' = 'md') =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
    size === 'lg' ? 'px-5 py-3 text-base' : 'px-4 py-2 text-sm'
  } ${variants[variant]}`

/** A router link styled as a button (navigation stays a link for assistive tech and no-JS readers). */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
  size = 'md',
  className = '',
  onClick,
}: {
  to: string
  children: ReactNode
  variant?: Variant
  size?: 'md' | 'lg'
  className?: string
  onClick?: () => void
}) {
  return (
    <Link to={to} onClick={onClick} className={`${buttonClasses(variant, size)} ${className}`}>
      {children}
    </Link>
  )
}
