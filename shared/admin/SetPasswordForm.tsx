import { useState, type FormEvent } from 'react'
import type { EmailLink } from '../data/people.ts'
import { newPasswordSchema } from '../schemas/people.ts'
import { AuthCard, AuthField, AuthLinkButton, AuthSubmit, useFormRequest } from './AuthCard.tsx'
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
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const { busy, error, setError, run } = useFormRequest()
  const invite = link.type === 'invite'

  function submit(event: FormEvent) {
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
    void run(async () => {
      await auth.acceptEmailLink(link, password)
      onDone()
    })
  }

  return (
    <AuthCard
      title={invite ? 'Welcome! Choose your password' : 'Choose a new password'}
      titleAs="h1"
      description={
        invite
          ? 'You were invited to the editor. Set a password to accept the invitation and sign in.'
          : 'Set a new password for your editor account. You will be signed in with it.'
      }
      error={error}
      onSubmit={submit}
    >
      <AuthField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        hint="At least 10 characters."
      />
      <AuthField
        label="Repeat the password"
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
      />
      <AuthSubmit
        busy={busy}
        busyLabel="Saving..."
        label={invite ? 'Set password and sign in' : 'Save new password'}
      />
      <AuthLinkButton onClick={onCancel}>Back to sign-in</AuthLinkButton>
    </AuthCard>
  )
}
