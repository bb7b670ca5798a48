import type { ReactNode } from 'react'

/**
 * One screen of the admin (Leads, Insights, the desktop's Settings …): a section named by its h2, with the
 * screen's actions (Export CSV, a period) at the heading's end.
 */
export function AdminScreen({
  id,
  title,
  actions,
  className = 'space-y-4',
  children,
}: {
  /** Names the heading: `${id}-title`. */
  id: string
  title: string
  actions?: ReactNode
  className?: string
  children: ReactNode
}) {
  const heading = (
    <h2 id={`${id}-title`} className="text-2xl font-semibold text-slate-900">
      {title}
    </h2>
  )
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
