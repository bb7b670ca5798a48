import { cx } from '../../ui/cx.ts'

export interface SegmentedChoiceProps<T extends string> {
  legend: string
  name: string
  options: { value: T; label: string }[]
  value: T
  onChange(value: T): void
}

/** A choice of a few values as one row of buttons (radio buttons underneath, so arrow keys move the choice). */
export function SegmentedChoice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: SegmentedChoiceProps<T>) {
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex max-w-full rounded-lg bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'relative flex-1 cursor-pointer rounded-md px-2.5 py-1.5 text-center text-sm font-medium whitespace-nowrap transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              option.value === value
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
