import { CheckCircle2, Loader2, LogOut, Mail, RefreshCw, Send, XCircle } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { AuthProvider } from '@shared/admin/BlogAdminProvider.tsx'
import { SignInForm } from '@shared/admin/SignInForm.tsx'
import { useAdminSession } from '@shared/admin/useAdminSession.ts'
import { sendServiceEmail, type ServiceSendResult } from '@shared/lib/email-service-client.ts'
import { Alert } from '@shared/ui/Alert.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { cx } from '@shared/ui/cx.ts'
import {
  createBrowserEditorSession,
  type BrowserEditorSession,
} from '@site/features/blog/browser-editor-session.ts'
import { useEmailServiceHealth, type EmailServiceState } from './useEmailServiceHealth.ts'

/** Spec §8 "Test page messages", word for word. */
export const testEmailMessages = {
  unavailable: 'Email service is currently unavailable',
  checkFailed: 'Failed to check email service status',
  emptyEmail: 'Please enter an email address',
  sent: 'Test email sent successfully!',
  failed: 'Failed to send test email',
  error: 'Error sending test email',
} as const

const statusLabel = { checking: 'Checking...', available: 'Available', unavailable: 'Unavailable' } as const

const troubleshooting = [
  'Make sure the server is running (npm start): the email service listens on EMAIL_SERVICE_PORT (default 3000).',
  'Check that no other program uses that port and that a firewall or proxy lets the browser reach it.',
  'Open the endpoint below in a browser tab: it should answer with JSON that reads "status": "ok".',
  'If the service answers but mail does not arrive, check SMTP_URL and the server log for SMTP errors.',
]

function ResponseDetails({ value }: { value: unknown }) {
  return (
    <details className="group mt-4 rounded-xl border border-ink-200 bg-ink-50 text-sm">
      <summary className="cursor-pointer rounded-xl px-4 py-2.5 font-medium text-ink-700 select-none hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        Response details
      </summary>
      <pre className="overflow-x-auto border-t border-ink-200 px-4 py-3 text-xs leading-relaxed text-ink-700">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  )
}

/**
 * The room the response details take once the check answers, kept while it runs (also in the prerendered
 * page), so the send form below does not move when they appear.
 */
function ResponseDetailsPlaceholder() {
  return (
    <div aria-hidden="true" className="invisible mt-4 rounded-xl border border-ink-200 text-sm">
      <div className="px-4 py-2.5 font-medium">Response details</div>
    </div>
  )
}

function StatusBadge({ status }: { status: EmailServiceState['status'] }) {
  const styles = {
    checking: 'bg-ink-100 text-ink-700 ring-ink-200',
    available: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    unavailable: 'bg-red-50 text-red-700 ring-red-200',
  }
  const Icon = status === 'checking' ? Loader2 : status === 'available' ? CheckCircle2 : XCircle
  return (
    <span
      data-testid="email-service-status"
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset',
        styles[status],
      )}
    >
      <Icon aria-hidden="true" className={cx('size-4', status === 'checking' && 'animate-spin')} />
      {statusLabel[status]}
    </span>
  )
}

function ServiceStatusCard({ state, onRefresh }: { state: EmailServiceState; onRefresh: () => void }) {
  const protocol = state.baseUrl ? new URL(state.baseUrl).protocol.replace(':', '').toUpperCase() : '…'
  return (
    <section
      aria-labelledby="email-status-title"
      aria-live="polite"
      className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h2 id="email-status-title" className="text-lg font-semibold text-ink-900">
            Service status
          </h2>
          <StatusBadge status={state.status} />
        </div>
        <button
          type="button"
          onClick={onRefresh}
          disabled={state.status === 'checking'}
          className="inline-flex items-center gap-2 rounded-xl border border-ink-300 bg-white px-3.5 py-2 text-sm font-medium text-ink-800 shadow-sm transition hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          <RefreshCw
            aria-hidden="true"
            className={cx('size-4', state.status === 'checking' && 'animate-spin')}
          />
          Refresh status
        </button>
      </div>
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-ink-500">Endpoint</dt>
        <dd className="font-mono break-all text-ink-900" data-testid="email-service-endpoint">
          {state.baseUrl ?? '…'}
        </dd>
        <dt className="font-medium text-ink-500">Protocol</dt>
        <dd className="font-mono text-ink-900" data-testid="email-service-protocol">
          {protocol}
        </dd>
      </dl>

      {state.status === 'unavailable' && (
        <Alert variant="destructive" title={testEmailMessages.unavailable} className="mt-6 rounded-xl">
          <p>
            Status code: <span className="font-mono">{state.health?.status ?? 'no response'}</span>
          </p>
          <p className="mt-1">{state.error ?? state.health?.error}</p>
          <p className="mt-3 font-semibold">Troubleshooting</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {troubleshooting.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Alert>
      )}
      {state.health ? (
        <ResponseDetails value={state.health} />
      ) : (
        state.status === 'checking' && <ResponseDetailsPlaceholder />
      )}
    </section>
  )
}

type SendOutcome = {
  kind: 'success' | 'failure' | 'error' | 'invalid'
  message: string
  detail?: string
  result?: ServiceSendResult
}

function SendTestEmail({ auth, state }: { auth: BrowserEditorSession; state: EmailServiceState }) {
  const session = useAdminSession()
  const id = useId()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<SendOutcome | null>(null)
  /** A send the visitor asked for while signed out: it goes out as soon as an editor signs in. */
  const [pendingTo, setPendingTo] = useState<string | null>(null)
  const signedIn = session.status === 'signed-in'

  async function deliver(to: string) {
    setSending(true)
    setOutcome(null)
    try {
      const token = await auth.accessToken()
      const local = to.split('@')[0] ?? ''
      const result = await sendServiceEmail(
        state.baseUrl!,
        {
          to,
          subject: 'Meridian email service test',
          firstName: local.charAt(0).toUpperCase() + local.slice(1),
          body: 'This is a test email from the Meridian email test page.\n\nIf you can read it, the email service and SMTP delivery work.',
        },
        { accessToken: token ?? undefined },
      )
      if (result.success) setOutcome({ kind: 'success', message: testEmailMessages.sent, result })
      else if (result.status === null)
        setOutcome({ kind: 'error', message: testEmailMessages.error, detail: result.error, result })
      else setOutcome({ kind: 'failure', message: testEmailMessages.failed, detail: result.error, result })
    } catch (err) {
      console.error(testEmailMessages.error, err)
      setOutcome({
        kind: 'error',
        message: testEmailMessages.error,
        detail: err instanceof Error ? err.message : String(err),
      })
    } finally {
      setSending(false)
    }
  }

  // The editor signed in to send: send what they asked for, without a second click.
  useEffect(() => {
    if (!signedIn || pendingTo === null) return
    const to = pendingTo
    setPendingTo(null)
    if (state.status === 'available') void deliver(to)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per sign-in with a pending send
  }, [signedIn, pendingTo])

  function send(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const to = email.trim()
    if (to === '') return setOutcome({ kind: 'invalid', message: testEmailMessages.emptyEmail })
    if (state.status !== 'available')
      return setOutcome({ kind: 'invalid', message: testEmailMessages.unavailable })
    if (!signedIn) {
      // Sending is for editors: ask for a sign-in, then send this address.
      setOutcome(null)
      setPendingTo(to)
      return
    }
    void deliver(to)
  }

  return (
    <div>
      {session.status === 'signed-in' && (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <span>
            Signed in as <strong>{session.session.email}</strong>
          </span>
          <button
            type="button"
            onClick={() => void auth.signOut()}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </button>
        </div>
      )}
      <form onSubmit={send} noValidate className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-ink-800">
            Recipient email
          </label>
          <input
            id={`${id}-to`}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={
              outcome?.kind === 'invalid' && outcome.message === testEmailMessages.emptyEmail
                ? true
                : undefined
            }
            className="block w-full rounded-xl border border-ink-300 bg-white px-3.5 py-2.5 text-sm text-ink-900 shadow-sm placeholder:text-ink-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none aria-[invalid=true]:border-red-500"
          />
        </div>
        <button
          type="submit"
          disabled={sending || state.status !== 'available'}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-brand-600 to-violet-600 px-5 py-2.5 text-sm font-semibold text-white shadow-lg shadow-brand-600/20 transition hover:from-brand-500 hover:to-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
          {sending ? 'Sending...' : 'Send Test Email'}
        </button>
        {session.status !== 'signed-in' && pendingTo === null && (
          <p className="text-sm text-ink-500">Sending a test email asks for an editor sign-in.</p>
        )}
      </form>
      {session.status === 'signed-out' && pendingTo !== null && (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-ink-600">
            Sending a test email is for editors. Sign in and it goes to <strong>{pendingTo}</strong>.
          </p>
          <SignInForm description="Sign in with your editor account to send a test email." />
        </div>
      )}
      {outcome && (
        <Alert
          variant={outcome.kind === 'success' ? 'success' : 'destructive'}
          title={outcome.message}
          className="mt-5 rounded-xl"
        >
          {outcome.detail && <p>{outcome.detail}</p>}
          {outcome.result?.messageId && (
            <p>
              Message id: <span className="font-mono break-all">{outcome.result.messageId}</span>
            </p>
          )}
        </Alert>
      )}
      {outcome?.result && <ResponseDetails value={outcome.result} />}
    </div>
  )
}

/**
 * /test-email (spec §2 "Email test page"): the whole screen for everyone (status, endpoint, protocol, the
 * email input and Send Test Email); sending asks for an editor sign-in.
 */
export function EmailTestPanel() {
  const { state, refresh } = useEmailServiceHealth()
  const auth = useMemo(() => createBrowserEditorSession(), [])
  return (
    <div className="space-y-6">
      <ServiceStatusCard state={state} onRefresh={refresh} />
      <section
        aria-labelledby="email-send-title"
        className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="email-send-title" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          <Mail aria-hidden="true" className="size-5 text-brand-600" />
          Send a test email
        </h2>
        <p className="mt-1 mb-6 text-sm text-ink-500">
          Sends a short message through the email service to the address you enter.
        </p>
        <AuthProvider auth={auth}>
          <SendTestEmail auth={auth} state={state} />
        </AuthProvider>
      </section>
    </div>
  )
}
