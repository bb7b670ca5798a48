import { useState, type FormEvent } from 'react'
import { resetRequestedMessage } from '../data/people.ts'
import { AuthCard, AuthField, AuthLinkButton, AuthSubmit, useFormRequest } from './AuthCard.tsx'
import { useAdminAuth } from './useAdminSession.ts'

/**
 * Editor sign-in (email + password), with "Forgot password?" where the auth can mail a reset link. Gets its
 * auth from an `AuthProvider` or a `AdminProvider`. Public sign-up is off: an administrator invites
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
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in')
  const [resetSent, setResetSent] = useState(false)
  const { busy, error, setError, run } = useFormRequest()
  const titleAs = pageHeading ? 'h1' : 'h2'
  const emailField = <AuthField label="Email" autoComplete="username" value={email} onChange={setEmail} />
  const switchTo = (next: 'sign-in' | 'reset') => {
    setMode(next)
    setError(null)
    setResetSent(false)
  }

  if (mode === 'reset') {
    const submitReset = (event: FormEvent) => {
      event.preventDefault()
      if (busy) return
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
        setError('Please enter a valid email.')
        return
      }
      void run(async () => {
        await auth.requestPasswordReset(email.trim())
        setResetSent(true)
      })
    }
    return (
      <AuthCard
        title="Reset your password"
        titleAs={titleAs}
        description="Enter the email of your editor account. We will send it a link to choose a new password."
        error={error}
        onSubmit={submitReset}
      >
        {resetSent && (
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
            {resetRequestedMessage}
          </p>
        )}
        {emailField}
        <AuthSubmit busy={busy} busyLabel="Sending..." label="Send reset link" />
        <AuthLinkButton onClick={() => switchTo('sign-in')}>Back to sign-in</AuthLinkButton>
      </AuthCard>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (email.trim() === '' || password === '') {
      setError('Please enter your email and password.')
      return
    }
    void run(async () => {
      await auth.signIn(email.trim(), password)
      onSignedIn?.()
    })
  }

  return (
    <AuthCard
      title="Editor sign-in"
      titleAs={titleAs}
      description={description}
      error={error}
      onSubmit={submit}
    >
      {emailField}
      <AuthField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        aside={
          <button
            type="button"
            className="text-sm font-medium text-indigo-700 hover:underline"
            onClick={() => switchTo('reset')}
          >
            Forgot password?
          </button>
        }
      />
      <AuthSubmit busy={busy} busyLabel="Signing in..." label="Sign in" />
    </AuthCard>
  )
}
