import { brand } from '@shared/config/brand.ts'
import { Link } from 'react-router-dom'

/** The brand mark and name; always links home (spec: the logo links to /). */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      to="/"
      reloadDocument
      className="flex items-center gap-2.5 rounded-md"
      aria-label={`${brand.name} home`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#logo-gradient)" />
        <path
          d="M8 23V9l8 9 8-9v14"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${tone === 'dark' ? 'text-ink-900' : 'text-white'}`}>
        {brand.name}
      </span>
    </Link>
  )
}
