import { CheckCircle2, Loader2, Mail, RefreshCw, Send, XCircle } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '../../ui/Alert.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { cx } from '../../ui/cx.ts'
import {
  useEmailServiceStatus,
  type EmailServiceCheck,
  type EmailServiceState,
} from './useEmailServiceStatus.ts'

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

/** How a test send ended: sent, refused by the service, or no answer at all. */
export interface TestSendOutcome {
  kind: 'success' | 'failure' | 'error'
  detail?: string
  messageId?: string
  /** The service's reply, for the collapsible response details. */
  response?: unknown
}

/**
 * Who may send (the site: an editor, after a sign-in). While not `granted`, Send holds the address and shows
 * `request(to)`; the held address goes out as soon as access is granted.
 */
export interface SendAccess {
  granted: boolean
  /** Shown above the form while granted (who is signed in, a way out). */
  grantedNote?: ReactNode
  /** Shown under the form while not granted and nothing is held. */
  hint?: ReactNode
  /** Shown while `to` waits for access. */
  request: (to: string) => ReactNode
}

function ResponseDetails({ value }: { value: unknown }) {
  return (
    <details className="group mt-4 rounded-xl border border-slate-200 bg-slate-50 text-sm">
      <summary className="cursor-pointer rounded-xl px-4 py-2.5 font-medium text-slate-700 select-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600">
        Response details
      </summary>
      <pre className="overflow-x-auto border-t border-slate-200 px-4 py-3 text-xs leading-relaxed text-slate-700">
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
    <div aria-hidden="true" className="invisible mt-4 rounded-xl border border-slate-200 text-sm">
      <div className="px-4 py-2.5 font-medium">Response details</div>
    </div>
  )
}

function StatusBadge({ status }: { status: EmailServiceState['status'] }) {
  const styles = {
    checking: 'bg-slate-100 text-slate-700 ring-slate-200',
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

function ServiceStatusCard({
  state,
  onRefresh,
  troubleshooting,
}: {
  state: EmailServiceState
  onRefresh: () => void
  troubleshooting: readonly string[]
}) {
  const protocol = state.baseUrl ? new URL(state.baseUrl).protocol.replace(':', '').toUpperCase() : '…'
  return (
    <section
      aria-labelledby="email-status-title"
      aria-live="polite"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h2 id="email-status-title" className="text-lg font-semibold text-slate-900">
            Service status
          </h2>
          <StatusBadge status={state.status} />
        </div>
        <button
          type="button"
          onClick={onRefresh}
          disabled={state.status === 'checking'}
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
        >
          <RefreshCw
            aria-hidden="true"
            className={cx('size-4', state.status === 'checking' && 'animate-spin')}
          />
          Refresh status
        </button>
      </div>
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-slate-500">Endpoint</dt>
        <dd className="font-mono break-all text-slate-900" data-testid="email-service-endpoint">
          {state.baseUrl ?? '…'}
        </dd>
        <dt className="font-medium text-slate-500">Protocol</dt>
        <dd className="font-mono text-slate-900" data-testid="email-service-protocol">
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

type Shown = (TestSendOutcome & { message: string }) | { kind: 'invalid'; message: string }

const outcomeMessage = {
  success: testEmailMessages.sent,
  failure: testEmailMessages.failed,
  error: testEmailMessages.error,
}

function SendTestEmail({
  state,
  send,
  access,
}: {
  state: EmailServiceState
  send: (to: string, baseUrl: string) => Promise<TestSendOutcome>
  access?: SendAccess
}) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Shown | null>(null)
  /** A send asked for before access was granted: it goes out as soon as it is. */
  const [pendingTo, setPendingTo] = useState<string | null>(null)
  const granted = access?.granted ?? true

  async function deliver(to: string) {
    setSending(true)
    setOutcome(null)
    try {
      const result = await send(to, state.baseUrl!)
      setOutcome({ ...result, message: outcomeMessage[result.kind] })
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

  // Access came (the editor signed in to send): send what they asked for, without a second click.
  useEffect(() => {
    if (!granted || pendingTo === null) return
    const to = pendingTo
    setPendingTo(null)
    if (state.status === 'available') void deliver(to)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per grant with a pending send
  }, [granted, pendingTo])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const to = email.trim()
    if (to === '') return setOutcome({ kind: 'invalid', message: testEmailMessages.emptyEmail })
    if (state.status !== 'available')
      return setOutcome({ kind: 'invalid', message: testEmailMessages.unavailable })
    if (!granted) {
      setOutcome(null)
      setPendingTo(to)
      return
    }
    void deliver(to)
  }

  return (
    <div>
      {granted && access?.grantedNote}
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            Recipient email
          </label>
          <input
            id={`${id}-to`}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={outcome?.message === testEmailMessages.emptyEmail ? true : undefined}
            className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 focus:outline-none aria-[invalid=true]:border-red-500"
          />
        </div>
        <button
          type="submit"
          disabled={sending || state.status !== 'available'}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 px-5 py-2.5 text-sm font-semibold text-white shadow-lg shadow-indigo-600/20 transition hover:from-indigo-500 hover:to-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
          {sending ? 'Sending...' : 'Send Test Email'}
        </button>
        {!granted && pendingTo === null && access?.hint}
      </form>
      {!granted && pendingTo !== null && access?.request(pendingTo)}
      {outcome && (
        <Alert
          variant={outcome.kind === 'success' ? 'success' : 'destructive'}
          title={outcome.message}
          className="mt-5 rounded-xl"
        >
          {'detail' in outcome && outcome.detail && <p>{outcome.detail}</p>}
          {'messageId' in outcome && outcome.messageId && (
            <p>
              Message id: <span className="font-mono break-all">{outcome.messageId}</span>
            </p>
          )}
        </Alert>
      )}
      {outcome && 'response' in outcome && outcome.response !== undefined && (
        <ResponseDetails value={outcome.response} />
      )}
    </div>
  )
}

/**
 * The email test tool (spec §2 "Email test page"), on the site's /test-email and in the desktop app: the
 * service's status with a refresh, its endpoint and protocol, a test send and the reply. Each app gives how it
 * checks and sends, its troubleshooting steps and, on the site, who may send.
 */
export function EmailTestTool({
  check,
  send,
  troubleshooting,
  access,
}: {
  /** Keep it stable: a new function checks again. */
  check: () => Promise<EmailServiceCheck>
  send: (to: string, baseUrl: string) => Promise<TestSendOutcome>
  troubleshooting: readonly string[]
  access?: SendAccess
}) {
  const { state, refresh } = useEmailServiceStatus(check)
  return (
    <div className="space-y-6">
      <ServiceStatusCard state={state} onRefresh={refresh} troubleshooting={troubleshooting} />
      <section
        aria-labelledby="email-send-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="email-send-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Mail aria-hidden="true" className="size-5 text-indigo-600" />
          Send a test email
        </h2>
        <p className="mt-1 mb-6 text-sm text-slate-500">
          Sends a short message through the email service to the address you enter.
        </p>
        <SendTestEmail state={state} send={send} access={access} />
      </section>
    </div>
  )
}
