import { ChevronDown } from 'lucide-react'
import type { SelectHTMLAttributes } from 'react'
import { cx } from '../ui/cx.ts'

/**
 * A select of the admin screens (a lead's status and owner, a person's role, a filter): `choices` are
 * `[value, label]` pairs and the chosen value comes back with its type. `tall` matches a 40 px input beside it.
 * The one select of the admin: the platform's own list (keyboard, screen readers and touch as people know
 * them) in the admin's look, with its own chevron instead of each browser's. `className` sizes the box.
 */
export type ChoiceSelectProps<T extends string> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'children'
> & {
  value: T
  choices: readonly (readonly [T, string])[]
  onChoose(value: NoInfer<T>): void
  tall?: boolean
}

export function ChoiceSelect<T extends string>({
  value,
  choices,
  onChoose,
  tall = false,
  className,
  ...props
}: ChoiceSelectProps<T>) {
  return (
    <span className={cx('relative inline-flex min-w-0', className)}>
      <select
        {...props}
        className={cx(
          'w-full min-w-0 appearance-none rounded-md border border-slate-300 bg-white py-0 pr-8 pl-2.5 text-sm text-slate-900 shadow-xs hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-slate-50 disabled:text-slate-500',
          tall ? 'h-10' : 'h-9',
        )}
        value={value}
        onChange={(e) => onChoose(e.target.value as T)}
      >
        {choices.map(([choice, label]) => (
          <option key={choice} value={choice}>
            {label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500"
      />
    </span>
  )
}

/** The `[value, label]` pairs of a list of values and their labels. */
export const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => [value, labels[value]] as const)
