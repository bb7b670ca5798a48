import type { ReactNode } from 'react'

/** A small label on a white pill, in the drawings of the product screens and the models (a search filter, a service). */
export function Pill({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-[11px] font-medium text-ink-700 ring-1 ring-ink-200">
      {children}
    </span>
  )
}
