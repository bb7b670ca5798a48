import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

type Variant = 'primary' | 'secondary' | 'ghost' | 'light'

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-600/20 hover:bg-brand-500',
  secondary: 'bg-white text-ink-900 ring-1 ring-ink-300 hover:bg-ink-50 hover:ring-ink-400',
  ghost: 'text-brand-700 hover:bg-brand-50',
  light: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
}

export const buttonClasses = (variant: Variant = 'primary', size: 'md' | 'lg' = 'md') =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    size === 'lg' ? 'px-5 py-3 text-base' : 'px-4 py-2 text-sm'
  } ${variants[variant]}`

/**
 * A link styled as a button (navigation stays a link for assistive tech and no-JS readers). A plain link:
 * public pages arrive whole from the server.
 */
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
    <Link to={to} onClick={onClick} reloadDocument className={`${buttonClasses(variant, size)} ${className}`}>
      {children}
    </Link>
  )
}
