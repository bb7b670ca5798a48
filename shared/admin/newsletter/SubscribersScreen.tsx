import { RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { longDate } from '../../lib/dates.ts'
import {
  subscriberState,
  subscriberStatuses,
  type NewsletterSubscriberView,
} from '../../schemas/newsletter-send.ts'
import { Badge, type BadgeVariant } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { Input } from '../../ui/Input.tsx'
import type { AdminApi } from '../contract.ts'
import { ChoiceSelect, choicesOf } from '../ChoiceSelect.tsx'
import { ExportCsvButton, today } from '../ExportCsvButton.tsx'
import { ConfirmRemoveDialog } from '../ConfirmActionDialog.tsx'
import { Pager } from '../Pager.tsx'
import { SendProgress } from './SendProgress.tsx'
import { useSubscriberList } from './useSubscriberList.ts'
import { ErrorText } from '../../ui/Alert.tsx'

const statusLabels = {
  all: 'All',
  confirmed: 'Confirmed',
  pending: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
  bouncing: 'Bouncing',
} as const
const statusBadges: Record<Exclude<keyof typeof statusLabels, 'all'>, BadgeVariant> = {
  confirmed: 'success',
  pending: 'neutral',
  unsubscribed: 'warning',
  bouncing: 'danger',
}

/**
 * The Newsletter screen (administrators): the latest sends with their progress, and the subscriber list —
 * search, status filter, pages from the server, CSV export of everything the filters match, and removal of
 * an address (asked first).
 */
export function SubscribersScreen({ api }: { api: AdminApi }) {
  const list = useSubscriberList(api)
  const [removing, setRemoving] = useState<NewsletterSubscriberView | null>(null)
  const [busy, setBusy] = useState<'remove' | null>(null)

  async function confirmRemove(subscriber: NewsletterSubscriberView) {
    setBusy('remove')
    try {
      await list.remove(subscriber.id)
      setRemoving(null)
    } catch (err) {
      list.setError(err instanceof Error ? err.message : String(err))
      setRemoving(null)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="sends-heading"
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="sends-heading" className="text-lg font-semibold text-slate-900">
            Newsletter sends
          </h2>
          <Button variant="ghost" size="sm" onClick={list.refresh} title="Refresh">
            <RefreshCw aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Refresh</span>
          </Button>
        </div>
        {list.sends.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            No post has been sent yet. Open a published post and use “Send as newsletter” in its settings.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {list.sends.map((send) => (
              <li key={send.id} className="space-y-2 py-3">
                <p className="text-sm font-medium text-slate-900">
                  {send.subject}{' '}
                  <span className="font-normal text-slate-500">
                    · {longDate(send.createdAt, 'local')}
                    {send.createdByEmail ? ` · ${send.createdByEmail}` : ''}
                  </span>
                </p>
                <SendProgress send={send} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="subscribers-heading"
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="subscribers-heading" className="text-lg font-semibold text-slate-900">
              Subscribers
            </h2>
            <p className="text-sm text-slate-600" data-testid="subscriber-summary">
              {list.list
                ? `${list.list.recipientCount.toLocaleString('en-US')} confirmed · ${list.list.total.toLocaleString('en-US')} shown by the filters`
                : 'Loading...'}
            </p>
          </div>
          <ExportCsvButton
            fileName={() => `subscribers-${today()}.csv`}
            csv={() => api.exportSubscribersCsv({ search: list.search, status: list.status })}
            onError={list.setError}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Input
            type="search"
            aria-label="Search subscribers by email"
            placeholder="Search by email..."
            className="max-w-xs"
            value={list.search}
            onChange={(e) => list.setSearch(e.target.value)}
          />
          <ChoiceSelect
            aria-label="Subscriber status"
            tall
            value={list.status}
            choices={choicesOf(subscriberStatuses, statusLabels)}
            onChoose={list.setStatus}
          />
        </div>
        <ErrorText message={list.error} className="mt-3" />
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Email</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium max-sm:hidden">Subscribed</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(list.list?.subscribers ?? []).map((s) => (
                <tr key={s.id}>
                  <td className="max-w-56 py-2 pr-3 text-slate-900 [overflow-wrap:anywhere]">{s.email}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={statusBadges[subscriberState(s)]}>
                      {statusLabels[subscriberState(s)]}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3 text-slate-600 max-sm:hidden">{longDate(s.createdAt, 'local')}</td>
                  <td className="py-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      title={`Remove ${s.email}`}
                      onClick={() => setRemoving(s)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only">Remove {s.email}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.list && list.list.subscribers.length === 0 && !list.loading && (
            <p className="py-6 text-center text-sm text-slate-600">No subscribers match.</p>
          )}
        </div>
        <Pager
          page={list.page}
          pageCount={list.pageCount}
          onPage={list.setPage}
          className="mt-4 justify-between gap-3"
        />
      </section>

      <ConfirmRemoveDialog
        removing={removing}
        confirmLabel="Remove subscriber"
        busy={busy === 'remove'}
        onCancel={() => setRemoving(null)}
        onRemove={(subscriber) => void confirmRemove(subscriber)}
      >
        <p>
          The address is deleted from the list for good and gets no further newsletter, not even one already
          under way.
        </p>
      </ConfirmRemoveDialog>
    </div>
  )
}
