import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { AdminScreen } from '@shared/admin/AdminScreen.tsx'
import { Alert } from '@shared/ui/Alert.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { Input } from '@shared/ui/Input.tsx'
import { Label } from '@shared/ui/Label.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import type { DesktopApi, EmailServiceHealth, TestEmailResult } from '../../contract.ts'

type Health = { status: 'checking' } | { status: 'available' | 'unavailable'; health: EmailServiceHealth }

const statusLabel = { checking: 'Checking...', available: 'Available', unavailable: 'Unavailable' } as const

/** The `/test-email` behaviour in the desktop app: status with refresh, endpoint, a test send, the reply. */
export function EmailTestScreen({ api }: { api: DesktopApi }) {
  const [health, setHealth] = useState<Health>({ status: 'checking' })
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [result, setResult] = useState<TestEmailResult | null>(null)

  const check = useCallback(async () => {
    setHealth({ status: 'checking' })
    try {
      const h = await api.checkEmailService()
      setHealth({ status: h.available ? 'available' : 'unavailable', health: h })
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err)
      setHealth({
        status: 'unavailable',
        health: {
          available: false,
          status: 0,
          message: text,
          endpoint: '',
          checkedAt: new Date().toISOString(),
        },
      })
      setMessage({ ok: false, text: 'Failed to check email service status' })
    }
  }, [api])

  useEffect(() => {
    // Checked once when the screen opens; the Refresh button checks again.
    void check()
  }, [check])

  async function send(event: FormEvent) {
    event.preventDefault()
    if (!email.trim()) {
      setMessage({ ok: false, text: 'Please enter an email address' })
      return
    }
    if (health.status !== 'available') {
      setMessage({ ok: false, text: 'Email service is currently unavailable' })
      return
    }
    setSending(true)
    setMessage(null)
    try {
      const r = await api.sendTestEmail(email)
      setResult(r)
      setMessage(
        r.success
          ? { ok: true, text: 'Test email sent successfully!' }
          : { ok: false, text: `Failed to send test email: ${r.message}` },
      )
    } catch (err) {
      setMessage({
        ok: false,
        text: `Error sending test email: ${err instanceof Error ? err.message : String(err)}`,
      })
    } finally {
      setSending(false)
    }
  }

  const endpoint = health.status === 'checking' ? '' : health.health.endpoint
  return (
    <AdminScreen id="email-test" title="Email service test" className="max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">Service status:</span>
        <span data-testid="email-service-status">{statusLabel[health.status]}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void check()}
          disabled={health.status === 'checking'}
        >
          Refresh
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">Endpoint</dt>
        <dd className="break-all">{endpoint || '…'}</dd>
        <dt className="font-medium">Protocol</dt>
        <dd>{endpoint ? new URL(endpoint).protocol.replace(':', '').toUpperCase() : '…'}</dd>
      </dl>
      {health.status === 'unavailable' && (
        <Alert variant="destructive" title="Email service is currently unavailable">
          <p>
            Status code: {health.health.status} · {health.health.message}
          </p>
          <ul className="mt-2 list-disc pl-5">
            <li>Make sure the site&apos;s server is running (npm start) and reachable from this computer.</li>
            <li>
              Check the site address in Settings: the email service address comes from its /config.json.
            </li>
            <li>Check that no firewall or proxy blocks the email service port (default 3000).</li>
          </ul>
        </Alert>
      )}
      <form onSubmit={(e) => void send(e)} className="space-y-3" noValidate>
        <Label htmlFor="test-email-to">Email address</Label>
        <Input
          id="test-email-to"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <Button type="submit" disabled={sending || health.status !== 'available'}>
          {sending && <Spinner />}
          Send Test Email
        </Button>
      </form>
      {message && (
        <p role="status" className={message.ok ? 'text-emerald-700' : 'text-red-700'}>
          {message.text}
        </p>
      )}
      {result && (
        <details className="rounded-lg border border-slate-200 bg-slate-50 text-sm">
          <summary className="cursor-pointer px-4 py-2 font-medium">Response details</summary>
          <pre className="overflow-x-auto border-t border-slate-200 px-4 py-3 text-xs">
            {JSON.stringify(result.response, null, 2)}
          </pre>
        </details>
      )}
    </AdminScreen>
  )
}
