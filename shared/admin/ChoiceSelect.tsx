import type { SelectHTMLAttributes } from 'react'
import { cx } from '../ui/cx.ts'

/**
 * A select of the admin screens (a lead's status and owner, a person's role, a filter): `choices` are
 * `[value, label]` pairs and the chosen value comes back with its type. `tall` matches a 40 px input beside it.
 */
export function ChoiceSelect<T extends string>({
  value,
  choices,
  onChoose,
  tall = false,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: T
  choices: readonly (readonly [T, string])[]
  onChoose(value: NoInfer<T>): void
  tall?: boolean
}) {
  return (
    <select
      {...props}
      className={cx(
        'rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-slate-50 disabled:text-slate-500',
        tall ? 'h-10' : 'h-9',
        className,
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
  )
}

/** The `[value, label]` pairs of a list of values and their labels. */
export const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => [value, labels[value]] as const)
