import { useId, useState, type FormEvent } from 'react'
import { Alert } from '../ui/Alert.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { resetRequestedMessage } from '../data/people.ts'
import { useAdminAuth } from './useAdminSession.ts'

/**
 * Editor sign-in (email + password), with "Forgot password?" where the auth can mail a reset link. Gets its
 * auth from an `AuthProvider` or a `BlogAdminProvider`. Public sign-up is off: an administrator invites
 * people (or `npm run editor` creates the first).
 */
export function SignInForm({
  onSignedIn,
  description = 'Sign in with your editor account to manage blog posts.',
  pageHeading = false,
}: {
  onSignedIn?: () => void
  /** What signing in is for, under the title; each page that needs an editor says its own purpose. */
  description?: string
  /** When the form is the whole page (the signed-out admin), its title is the page's h1. */
  pageHeading?: boolean
}) {
  const auth = useAdminAuth()
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in')
  const [resetSent, setResetSent] = useState(false)

  if (mode === 'reset') {
    const submitReset = async (event: FormEvent) => {
      event.preventDefault()
      if (busy) return
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
        setError('Please enter a valid email.')
        return
      }
      setBusy(true)
      setError(null)
      try {
        await auth.requestPasswordReset(email.trim())
        setResetSent(true)
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err))
      } finally {
        setBusy(false)
      }
    }
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as={pageHeading ? 'h1' : 'h2'}>Reset your password</CardTitle>
          <CardDescription>
            Enter the email of your editor account. We will send it a link to choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submitReset} className="space-y-4" noValidate>
            {error && <Alert variant="destructive">{error}</Alert>}
            {resetSent && (
              <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
                {resetRequestedMessage}
              </p>
            )}
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-reset-email`}>Email</Label>
              <Input
                id={`${id}-reset-email`}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy && <Spinner />}
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
            <button
              type="button"
              className="w-full text-center text-sm font-medium text-indigo-700 hover:underline"
              onClick={() => {
                setMode('sign-in')
                setError(null)
                setResetSent(false)
              }}
            >
              Back to sign-in
            </button>
          </form>
        </CardContent>
      </Card>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (email.trim() === '' || password === '') {
      setError('Please enter your email and password.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await auth.signIn(email.trim(), password)
      onSignedIn?.()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as={pageHeading ? 'h1' : 'h2'}>Editor sign-in</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <Label htmlFor={`${id}-password`}>Password</Label>
              <button
                type="button"
                className="text-sm font-medium text-indigo-700 hover:underline"
                onClick={() => {
                  setMode('reset')
                  setError(null)
                }}
              >
                Forgot password?
              </button>
            </div>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
