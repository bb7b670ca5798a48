import type { ReactNode } from 'react'

/** The gradient hero at the top of the inner marketing pages, with the page's single h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string
  title: string
  lead?: string
  children?: ReactNode
}) {
  return (
    <section className="relative isolate overflow-hidden border-b border-slate-200 bg-slate-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgba(99,102,241,0.45),transparent),radial-gradient(40rem_20rem_at_90%_10%,rgba(139,92,246,0.35),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-6 py-20 text-center sm:py-24 lg:px-8">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">
          {title}
        </h1>
        {lead && (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-pretty text-slate-300">{lead}</p>
        )}
        {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  )
}
