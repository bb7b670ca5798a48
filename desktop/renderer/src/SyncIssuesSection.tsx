import type { ReactNode } from 'react'

/**
 * One list of sync issues on the Sync screen (conflicts, changes that need attention): its heading, which the
 * status bar's links scroll to and focus (`id` and `${id}-heading`), what the list is, and the list.
 */
export function SyncIssuesSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string
  title: string
  intro: string
  className: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className={`scroll-mt-4 ${className}`}>
      <div>
        <h2 id={`${id}-heading`} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  )
}
