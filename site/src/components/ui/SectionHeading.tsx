import type { ReactNode } from 'react'

/** Eyebrow label, title and lead paragraph used at the top of every marketing section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = 'center',
  as: Tag = 'h2',
}: {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  id?: string
  align?: 'center' | 'left'
  as?: 'h1' | 'h2'
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">{eyebrow}</p>}
      <Tag id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </Tag>
      {lead && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{lead}</p>}
    </div>
  )
}
