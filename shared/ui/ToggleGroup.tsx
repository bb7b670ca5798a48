import type { ReactNode } from 'react'
import { cx } from './cx.ts'

const looks = {
  /** A grey track: the chosen option stands out in white, the options share the width. */
  tabs: {
    group: 'flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1',
    option: 'flex-1 rounded-md px-1.5 py-1 whitespace-nowrap transition-colors',
    chosen: 'bg-white text-slate-900 shadow-sm',
    other: 'text-slate-600 hover:text-slate-900',
  },
  /** A bordered row: the chosen option filled with indigo. */
  boxed: {
    group: 'inline-flex rounded-md border border-slate-300 bg-white p-0.5',
    option: 'rounded px-3 py-1',
    chosen: 'bg-indigo-600 text-white',
    other: 'text-slate-700 hover:bg-slate-100',
  },
} as const

/** One choice out of a few, shown at once: a labelled group of buttons, the chosen one `aria-pressed`. */
export function ToggleGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
  optionLabel = String,
  look,
}: {
  label: string
  options: readonly T[]
  value: T
  onChange(option: NoInfer<T>): void
  optionLabel?: (option: NoInfer<T>) => ReactNode
  look: keyof typeof looks
}) {
  const style = looks[look]
  return (
    <div role="group" aria-label={label} className={style.group}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cx(
            'text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
            style.option,
            option === value ? style.chosen : style.other,
          )}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  )
}
