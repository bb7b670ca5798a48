import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { cx } from '../ui/cx.ts'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { ChoiceSelect, type ChoiceSelectProps } from './ChoiceSelect.tsx'

/**
 * A field of an admin form under its label: a text input (given the input's props, with `onValue` told each
 * new value), or the control `children` draws with the id the label points to. `className` places the field.
 * The browser offers no remembered entries: what an editor types here is about other people and endpoints.
 */
export function FormField({
  label,
  className,
  children,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string
  children?: (id: string) => ReactNode
  onValue?: (value: string) => void
}) {
  const id = useId()
  return (
    <div className={cx('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children ? (
        children(id)
      ) : (
        <Input id={id} autoComplete="off" onChange={onValue && ((e) => onValue(e.target.value))} {...input} />
      )}
    </div>
  )
}

/** A text field's value, as `FormField` takes it (`{...field}`); `onValue('')` empties it. */
export function useFieldValue(initial = '') {
  const [value, onValue] = useState(initial)
  return { value, onValue }
}

/** A select of an admin form under its label, as tall as the inputs beside it. */
export function ChoiceField<T extends string>({
  label,
  className,
  ...select
}: ChoiceSelectProps<T> & { label: string }) {
  return (
    <FormField label={label} className={className}>
      {(id) => <ChoiceSelect id={id} className="flex w-full" tall {...select} />}
    </FormField>
  )
}
