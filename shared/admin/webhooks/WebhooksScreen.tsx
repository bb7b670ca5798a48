import { Copy, KeyRound, Pause, Play, Plus, Send, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  webhookEndpointInputSchema,
  webhookEventLabels,
  webhookEvents,
  webhookFormats,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  type WebhookFormat,
} from '../../schemas/webhooks.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { Loading, Spinner } from '../../ui/Spinner.tsx'
import { choicesOf } from '../ChoiceSelect.tsx'
import { ConfirmActionDialog } from '../ConfirmActionDialog.tsx'
import type { AdminApi } from '../contract.ts'
import { ChoiceField, FormField, useFieldValue } from '../FormField.tsx'
import { ManagedListScreen } from '../ManagedListScreen.tsx'
import { useAdminRole } from '../useAdminRole.ts'
import { useManagedList } from '../useManagedList.ts'
import { DeliveryLog } from './DeliveryLog.tsx'

const formatChoices = choicesOf(webhookFormats, {
  standard: 'Standard Webhooks (signed JSON)',
  slack: 'Slack message',
} satisfies Record<WebhookFormat, string>)

/** The secret of a new or rotated endpoint: shown this once, with a copy button. */
function SecretShownOnce({ shown, onDone }: { shown: WebhookEndpointWithSecret; onDone(): void }) {
  const [copied, setCopied] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  // On a phone the form fills the screen: bring the secret into view.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' })
  }, [shown.secret])
  return (
    <div
      ref={box}
      role="status"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">Signing secret for {shown.url}</p>
      <p>Copy it now: it is shown only once. Your receiver verifies each delivery with it.</p>
      <code data-testid="webhook-secret" className="block rounded bg-white p-2 break-all text-slate-900">
        {shown.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(shown.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  )
}

/**
 * The Webhooks screen: the endpoints that receive events (a lead arrives or changes, a post is published, a
 * newsletter send finishes) and each one's delivery log. Administrators add, pause, test, rotate and remove
 * endpoints and resend deliveries; editors read the log. Browser and desktop both go through the site's
 * `/api/webhooks` (`api`), which checks the role again.
 */
export function WebhooksScreen({ api }: { api: AdminApi }) {
  const id = useId()
  const mayChange = useAdminRole().mayManagePeople
  const listWebhooks = useCallback(() => api.listWebhooks(), [api])
  const { items: endpoints, message, setMessage, busyId, act } = useManagedList(listWebhooks)
  const [shownSecret, setShownSecret] = useState<WebhookEndpointWithSecret | null>(null)
  const url = useFieldValue()
  const [events, setEvents] = useState<WebhookEvent[]>(['lead.created'])
  const [format, setFormat] = useState<WebhookFormat>('standard')
  const description = useFieldValue()
  const adding = busyId === 'new'
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null)
  const [openLog, setOpenLog] = useState<string | null>(null)
  const [logKey, setLogKey] = useState(0)

  /** Runs one change of an endpoint (see useManagedList); its delivery log reloads after it either way. */
  const actOn = (endpoint: WebhookEndpoint, run: () => Promise<string>) =>
    act(endpoint.id, run).finally(() => setLogKey((k) => k + 1))

  function add(event: FormEvent) {
    event.preventDefault()
    if (adding) return
    const parsed = webhookEndpointInputSchema.safeParse({
      url: url.value,
      events,
      format,
      description: description.value,
    })
    if (!parsed.success) {
      setMessage({
        tone: 'error',
        text: parsed.error.issues[0]?.message ?? 'Check the endpoint and try again.',
      })
      return
    }
    // No message: the new endpoint's secret is shown instead.
    void act('new', async () => {
      setShownSecret(await api.addWebhook(parsed.data))
      url.onValue('')
      description.onValue('')
      return null
    })
  }

  // What an administrator does to one endpoint; `run` returns the message that says it is done.
  const endpointActions = (endpoint: WebhookEndpoint) => [
    {
      key: 'test',
      label: 'Send test event',
      icon: Send,
      disabled: !endpoint.enabled,
      run: async () => {
        await api.sendWebhookTest(endpoint.id)
        setOpenLog(endpoint.id)
        return 'Test event sent. It appears in the delivery log.'
      },
    },
    {
      key: 'pause',
      label: endpoint.enabled ? 'Pause' : 'Enable',
      icon: endpoint.enabled ? Pause : Play,
      run: async () => {
        await api.updateWebhook(endpoint.id, { enabled: !endpoint.enabled })
        return endpoint.enabled ? 'Endpoint paused.' : 'Endpoint enabled.'
      },
    },
    {
      key: 'rotate',
      label: 'Rotate secret',
      icon: KeyRound,
      run: async () => {
        setShownSecret(await api.rotateWebhookSecret(endpoint.id))
        return 'New secret made. The previous one keeps working for 24 hours.'
      },
    },
  ]

  const toggleEvent = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)))

  const form = mayChange ? (
    <form onSubmit={add} className="mt-4 space-y-3" noValidate>
      <FormField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks/meridian"
        {...url}
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-900">Events</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {webhookEvents.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={events.includes(event)}
                onChange={(e) => toggleEvent(event, e.target.checked)}
              />
              <span>
                <code className="text-xs">{event}</code>: {webhookEventLabels[event]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <ChoiceField label="Format" value={format} choices={formatChoices} onChoose={setFormat} />
        <FormField
          label="Description (optional)"
          className="min-w-48 flex-1"
          placeholder="Sales CRM"
          {...description}
        />
        <Button type="submit" disabled={adding}>
          {adding ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
          {adding ? 'Adding...' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  ) : (
    <p className="mt-3 text-sm text-slate-600">Only administrators can add or change endpoints.</p>
  )

  return (
    <ManagedListScreen
      id={id}
      title="Webhooks"
      intro="Send leads, published posts and newsletter sends to the tools your team uses (a CRM, Zapier, Make or Slack). Each delivery is signed and retried for up to 3 days."
      form={form}
      message={message}
    >
      {shownSecret && <SecretShownOnce shown={shownSecret} onDone={() => setShownSecret(null)} />}

      {endpoints === null ? (
        <Loading className="justify-center py-10" />
      ) : endpoints.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No endpoints yet.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => {
            const busy = busyId === endpoint.id
            return (
              <li
                key={endpoint.id}
                data-testid="webhook-endpoint"
                className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <p className="min-w-0 flex-1 truncate font-medium text-slate-900" title={endpoint.url}>
                    {endpoint.url}
                  </p>
                  <Badge variant={endpoint.enabled ? 'success' : 'warning'}>
                    {endpoint.enabled ? 'Active' : 'Paused'}
                  </Badge>
                </div>
                {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
                <p className="flex flex-wrap gap-1">
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="neutral">
                      {event}
                    </Badge>
                  ))}
                  {endpoint.format === 'slack' && <Badge>Slack</Badge>}
                </p>
                {endpoint.pausedReason && (
                  <Alert variant="destructive" title="Paused by the server">
                    {endpoint.pausedReason} Enable it once the receiver works again, then resend what it
                    missed.
                  </Alert>
                )}
                <div className="flex flex-wrap gap-2">
                  {mayChange && (
                    <>
                      {endpointActions(endpoint).map(({ key, label, icon: Icon, disabled, run }) => (
                        <Button
                          key={key}
                          size="sm"
                          variant="outline"
                          disabled={busy || disabled}
                          onClick={() => void actOn(endpoint, run)}
                        >
                          <Icon aria-hidden="true" className="size-4" />
                          {label}
                        </Button>
                      ))}
                      <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRemoving(endpoint)}>
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </Button>
                    </>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-expanded={openLog === endpoint.id}
                    onClick={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}
                  >
                    {openLog === endpoint.id ? 'Hide delivery log' : 'Delivery log'}
                  </Button>
                </div>
                {openLog === endpoint.id && (
                  <DeliveryLog api={api} endpointId={endpoint.id} mayResend={mayChange} refreshKey={logKey} />
                )}
              </li>
            )
          })}
        </ul>
      )}

      <ConfirmActionDialog
        open={removing !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        destructive
        busy={!!busyId}
        onConfirm={() =>
          removing &&
          void actOn(removing, async () => {
            try {
              await api.removeWebhook(removing.id)
            } finally {
              setRemoving(null)
            }
            return 'Endpoint deleted.'
          })
        }
        onCancel={() => setRemoving(null)}
      >
        <p>It gets no more events, and its delivery log is deleted with it.</p>
      </ConfirmActionDialog>
    </ManagedListScreen>
  )
}
