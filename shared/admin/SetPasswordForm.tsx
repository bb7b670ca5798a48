import { useId, useState, type FormEvent } from 'react'
import type { EmailLink } from '../data/people.ts'
import { newPasswordSchema } from '../schemas/people.ts'
import { Alert } from '../ui/Alert.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { useAdminAuth } from './useAdminSession.ts'

/**
 * Where an invite or reset link from a mail lands (the admin route with `?token_hash=…&type=…`): the person
 * chooses a password, and only then is the link used (a mail scanner that opens the page uses nothing).
 */
export function SetPasswordForm({
  link,
  onDone,
  onCancel,
}: {
  link: EmailLink
  onDone(): void
  /** Back to the sign-in form (the link stays unused). */
  onCancel(): void
}) {
  const auth = useAdminAuth()
  const id = useId()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const invite = link.type === 'invite'

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const checked = newPasswordSchema.safeParse(password)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Choose another password.')
      return
    }
    if (password !== repeat) {
      setError('The two passwords are not the same.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await auth.acceptEmailLink(link, password)
      onDone()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1">{invite ? 'Welcome! Choose your password' : 'Choose a new password'}</CardTitle>
        <CardDescription>
          {invite
            ? 'You were invited to the editor. Set a password to accept the invitation and sign in.'
            : 'Set a new password for your editor account. You will be signed in with it.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-password`}>New password</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="text-xs text-slate-500">At least 10 characters.</p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-repeat`}>Repeat the password</Label>
            <Input
              id={`${id}-repeat`}
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {busy ? 'Saving...' : invite ? 'Set password and sign in' : 'Save new password'}
          </Button>
          <button
            type="button"
            className="w-full text-center text-sm font-medium text-indigo-700 hover:underline"
            onClick={onCancel}
          >
            Back to sign-in
          </button>
        </form>
      </CardContent>
    </Card>
  )
}
