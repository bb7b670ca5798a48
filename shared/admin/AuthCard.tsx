import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '../ui/Alert.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'

/**
 * The pieces of the account forms (sign-in, password reset, choosing a password): one card with a form,
 * its fields, its submit button and the busy/error state of the one request it makes.
 */

/** Busy and error state of a form that makes one request: `run` ignores a second submit while busy. */
export function useFormRequest() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(request: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await request()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}

export function AuthCard({
  title,
  titleAs,
  description,
  error,
  onSubmit,
  children,
}: {
  title: string
  titleAs: 'h1' | 'h2'
  description: ReactNode
  error: string | null
  onSubmit(event: FormEvent): void
  children: ReactNode
}) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as={titleAs}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {error && <Alert variant="destructive">{error}</Alert>}
          {children}
        </form>
      </CardContent>
    </Card>
  )
}

/** An email (`username`) or password field with its label. */
export function AuthField({
  label,
  autoComplete,
  value,
  onChange,
  aside,
  hint,
}: {
  label: string
  autoComplete: 'username' | 'current-password' | 'new-password'
  value: string
  onChange(value: string): void
  /** Beside the label (a "Forgot password?" link). */
  aside?: ReactNode
  /** Under the field. */
  hint?: string
}) {
  const id = useId()
  const labelled = <Label htmlFor={id}>{label}</Label>
  return (
    <div className="space-y-1.5">
      {aside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      <Input
        id={id}
        type={autoComplete === 'username' ? 'email' : 'password'}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  )
}

export function AuthSubmit({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </Button>
  )
}

/** A link-styled button under the form (back to sign-in). */
export function AuthLinkButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="w-full text-center text-sm font-medium text-indigo-700 hover:underline"
      onClick={onClick}
    >
      {children}
    </button>
  )
}
