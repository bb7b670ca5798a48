import type { ReactNode } from 'react'

/** Eyebrow label, title and lead paragraph at the top of a marketing section, on a light or a dark tone. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = 'center',
  tone = 'light',
  as: Tag = 'h2',
  children,
}: {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  id?: string
  align?: 'center' | 'left'
  tone?: 'light' | 'dark'
  as?: 'h1' | 'h2'
  /** Anything that belongs with the heading: a note, a link. */
  children?: ReactNode
}) {
  const dark = tone === 'dark'
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p
          className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-brand-300' : 'text-brand-600'}`}
        >
          {eyebrow}
        </p>
      )}
      <Tag
        id={id}
        className={`mt-2 text-title font-bold tracking-tight text-balance ${dark ? 'text-white' : 'text-ink-900'}`}
      >
        {title}
      </Tag>
      {lead && (
        <p className={`mt-4 text-lead text-pretty ${dark ? 'text-ink-300' : 'text-ink-600'}`}>{lead}</p>
      )}
      {children}
    </div>
  )
}
