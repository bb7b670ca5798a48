import { Check, X } from 'lucide-react'

/** A check or cross with a text alternative, so the table reads the same without colour or icons. */
export function Mark({ mark }: { mark: 'check' | 'cross' }) {
  return mark === 'check' ? (
    <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      <span className="sr-only">Yes:</span>
    </span>
  ) : (
    <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-rose-100 text-rose-700">
      <X aria-hidden="true" className="size-3.5" strokeWidth={3} />
      <span className="sr-only">No:</span>
    </span>
  )
}
