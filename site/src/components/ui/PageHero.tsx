import type { ReactNode } from 'react'
import { Backdrop } from './Backdrop.tsx'

/**
 * The top of an inner marketing page, with the page's single h1. Left-aligned; `tone` sets night or daylight
 * and `media` puts an illustration beside the text on wide screens (below it on a phone), so the pages do not
 * all open the same way.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  tone = 'dark',
  media,
}: {
  eyebrow?: string
  title: string
  lead?: string
  children?: ReactNode
  tone?: 'dark' | 'light'
  media?: ReactNode
}) {
  const dark = tone === 'dark'
  return (
    <section
      className={`relative isolate overflow-hidden ${dark ? 'bg-ink-950' : 'border-b border-ink-200 bg-gradient-to-b from-brand-50/70 to-white'}`}
    >
      {dark && (
        <Backdrop className="bg-[radial-gradient(50rem_28rem_at_15%_-10%,rgba(99,102,241,0.45),transparent),radial-gradient(36rem_22rem_at_95%_30%,rgba(139,92,246,0.25),transparent)]" />
      )}
      <div
        className={`mx-auto max-w-7xl px-6 py-16 sm:py-20 lg:px-8 ${media ? 'grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-16' : ''}`}
      >
        <div className="max-w-2xl">
          {eyebrow && (
            <p
              className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-brand-300' : 'text-brand-600'}`}
            >
              {eyebrow}
            </p>
          )}
          <h1
            className={`mt-3 text-hero font-bold tracking-tight text-balance ${dark ? 'text-white' : 'text-ink-900'}`}
          >
            {title}
          </h1>
          {lead && (
            <p className={`mt-5 text-lead text-pretty ${dark ? 'text-ink-300' : 'text-ink-600'}`}>{lead}</p>
          )}
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
        {media && <div className="min-w-0">{media}</div>}
      </div>
    </section>
  )
}
