import { RefreshCw, Send } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { longDateTime } from '../../lib/dates.ts'
import type { WebhookDelivery } from '../../schemas/webhooks.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Badge, type BadgeVariant } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { Loading } from '../../ui/Spinner.tsx'
import type { AdminApi } from '../contract.ts'

const statusLabels: Record<WebhookDelivery['status'], [string, BadgeVariant]> = {
  pending: ['Retrying', 'warning'],
  delivered: ['Delivered', 'success'],
  failed: ['Failed', 'danger'],
  skipped: ['Skipped', 'neutral'],
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * One endpoint's latest deliveries, newest first, each with every attempt (time, status code, duration,
 * error, the first 1 KB of the answer). Administrators can send any delivery again with the same webhook-id;
 * editors read the log only.
 */
export function DeliveryLog({
  api,
  endpointId,
  mayResend,
  refreshKey,
}: {
  api: AdminApi
  endpointId: string
  mayResend: boolean
  refreshKey: number
}) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setDeliveries(await api.listWebhookDeliveries(endpointId))
      setError(null)
    } catch (err) {
      setError(errorText(err))
    }
  }, [api, endpointId])

  useEffect(() => {
    void load()
    // While the log is open it follows deliveries as they are made and retried.
    const timer = setInterval(() => void load(), 3_000)
    return () => clearInterval(timer)
  }, [load, refreshKey])

  async function resend(delivery: WebhookDelivery) {
    setBusy(delivery.id)
    try {
      await api.resendWebhookDelivery(delivery.id)
      await load()
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-2 border-t border-slate-100 pt-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Delivery log</h3>
        <Button size="sm" variant="ghost" onClick={() => void load()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      {deliveries === null ? (
        <Loading className="justify-center py-4" />
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries yet. Send a test event to see one here.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Deliveries">
          {deliveries.map((delivery) => {
            const [label, variant] = statusLabels[delivery.status]
            return (
              <li key={delivery.id} data-testid="webhook-delivery" className="space-y-1 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium text-slate-900">{delivery.type}</span>
                  <Badge variant={variant}>{label}</Badge>
                  <span className="text-xs text-slate-500">{longDateTime(delivery.createdAt)}</span>
                  {mayResend && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-auto"
                      disabled={busy === delivery.id}
                      aria-label={`Resend ${delivery.type} ${delivery.eventId}`}
                      onClick={() => void resend(delivery)}
                    >
                      <Send aria-hidden="true" className="size-4" />
                      Resend
                    </Button>
                  )}
                </div>
                <p className="text-xs break-all text-slate-500">
                  webhook-id <code>{delivery.eventId}</code>
                </p>
                {delivery.attempts.length > 0 && (
                  <details>
                    <summary className="cursor-pointer text-xs text-slate-600">
                      {delivery.attempts.length === 1 ? '1 attempt' : `${delivery.attempts.length} attempts`}
                    </summary>
                    <ol className="mt-1 space-y-1">
                      {delivery.attempts.map((attempt, i) => (
                        <li key={i} className="rounded bg-slate-50 p-2 text-xs text-slate-700">
                          <p>
                            {longDateTime(attempt.attemptedAt)} · {attempt.statusCode ?? 'no answer'} ·{' '}
                            {attempt.durationMs} ms
                            {attempt.error ? ` · ${attempt.error}` : ''}
                          </p>
                          {attempt.responseBody && (
                            <pre className="mt-1 max-h-32 overflow-auto break-all whitespace-pre-wrap text-slate-600">
                              {attempt.responseBody}
                            </pre>
                          )}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
