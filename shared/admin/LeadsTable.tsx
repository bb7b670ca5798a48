import { longDate, longDateTime } from '../lib/dates.ts'
import { useCallback, useEffect, useId, useState, type ComponentProps } from 'react'
import {
  leadStatuses,
  leadStatusLabels,
  type LeadRecord,
  type LeadStatus,
  type LeadUpdate,
} from '../schemas/lead.ts'
import type { LeadFilters } from '../data/leads.ts'
import { Badge } from '../ui/Badge.tsx'
import { Input, Textarea } from '../ui/Input.tsx'
import type { AdminApi } from './contract.ts'
import { AdminScreen } from './AdminScreen.tsx'
import { ChoiceSelect, choicesOf } from './ChoiceSelect.tsx'
import { ExportCsvButton, today } from './ExportCsvButton.tsx'
import { LeadSource } from './insights/LeadSource.tsx'
import { Pager } from './Pager.tsx'
import { errorMessage, useLoaded } from './useLoaded.ts'
import { ErrorText } from '../ui/Alert.tsx'

/** One lead's email state in words: both sent, partly sent, waiting for a retry, or given up. */
export function leadEmailStatus(lead: LeadRecord): { label: string; tone: 'ok' | 'waiting' | 'failed' } {
  const sent = [lead.confirmationSentAt, lead.notificationSentAt].filter(Boolean).length
  if (sent === 2) return { label: 'Emails sent', tone: 'ok' }
  if (lead.notificationSentAt && lead.confirmationSkippedAt)
    return { label: 'Sales notified; confirmation held back by the hourly cap', tone: 'ok' }
  if (lead.nextAttemptAt)
    return { label: sent === 1 ? '1 of 2 emails sent, retrying' : 'Emails waiting to send', tone: 'waiting' }
  if (lead.notificationHeldUntil && !lead.notificationSentAt)
    return {
      label: 'Sales notification held back by the hourly cap; it goes in the next digest',
      tone: 'waiting',
    }
  return { label: lead.lastError ? `Emails failed: ${lead.lastError}` : 'Emails not sent', tone: 'failed' }
}

const statusChoices = choicesOf(leadStatuses, leadStatusLabels)

/** A filter above the table: its name beside the select. */
function Filter<T extends string>({
  label,
  ...select
}: { label: string } & ComponentProps<typeof ChoiceSelect<T>>) {
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>{label}</label>
      <ChoiceSelect id={id} {...select} />
    </div>
  )
}

export interface LeadsTableProps {
  leads: LeadRecord[]
  search: string
  onSearch: (value: string) => void
  page: number
  pageCount: number
  onPage: (page: number) => void
  /** A load error in words (the list keeps what it showed before). */
  error?: string | null
  loading?: boolean
  /** The pipeline: filters, per-lead status, owner and notes, CSV export. Without it the table only reads. */
  pipeline?: {
    status: LeadStatus | 'all'
    onStatus: (value: LeadStatus | 'all') => void
    owner: string
    onOwner: (value: string) => void
    owners: { userId: string; email: string }[]
    onUpdate: (lead: LeadRecord, patch: LeadUpdate) => Promise<void>
    /** All leads the filters match, as CSV. */
    exportCsv: () => Promise<string>
    onError(message: string): void
  }
}

/** Notes on one lead, saved when the field is left (or with Ctrl/⌘+Enter). */
function LeadNotes({ lead, onSave }: { lead: LeadRecord; onSave: (notes: string) => Promise<void> }) {
  const [value, setValue] = useState(lead.notes)
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle')
  useEffect(() => setValue(lead.notes), [lead.notes])
  const save = async () => {
    if (value === lead.notes) return
    setState('saving')
    try {
      await onSave(value)
      setState('saved')
    } catch {
      setState('idle')
    }
  }
  return (
    <div className="space-y-1">
      <Textarea
        aria-label={`Notes on ${lead.name}`}
        className="min-h-16 min-w-48 text-sm"
        placeholder="Add a note..."
        value={value}
        maxLength={10_000}
        onChange={(e) => {
          setValue(e.target.value)
          setState('idle')
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save()
        }}
      />
      <p className="h-4 text-xs text-slate-500" aria-live="polite">
        {state === 'saving' ? 'Saving...' : state === 'saved' ? 'Note saved' : ''}
      </p>
    </div>
  )
}

/** Stored leads, newest first, with their email status and a search box (editors only, via RLS). */
export function LeadsTable({
  leads,
  search,
  onSearch,
  page,
  pageCount,
  onPage,
  error,
  loading,
  pipeline,
}: LeadsTableProps) {
  const columns = pipeline ? 9 : 7
  const ownerChoices = (pipeline?.owners ?? []).map((o) => [o.userId, o.email] as const)
  return (
    <AdminScreen
      id="leads"
      title="Leads"
      actions={
        pipeline && (
          <ExportCsvButton
            fileName={() => `leads-${today()}.csv`}
            csv={pipeline.exportCsv}
            onError={pipeline.onError}
          />
        )
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search by name, email, phone, technology or notes..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="w-full sm:max-w-sm sm:flex-1"
        />
        {pipeline && (
          <>
            <Filter
              label="Status"
              value={pipeline.status}
              choices={[['all', 'All'], ...statusChoices]}
              onChoose={pipeline.onStatus}
            />
            <Filter
              label="Owner"
              className="max-w-64"
              value={pipeline.owner}
              choices={[['all', 'Anyone'], ['none', 'Nobody yet'], ...ownerChoices]}
              onChoose={pipeline.onOwner}
            />
          </>
        )}
      </div>
      <ErrorText message={error} />
      {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Leads table"
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Received</th>
              <th className="px-3 py-2 font-medium">Name</th>
              <th className="px-3 py-2 font-medium">Contact</th>
              <th className="px-3 py-2 font-medium">Requirement</th>
              <th className="px-3 py-2 font-medium">Technology stack</th>
              <th className="px-3 py-2 font-medium">Source</th>
              {pipeline && <th className="px-3 py-2 font-medium">Status and owner</th>}
              {pipeline && <th className="px-3 py-2 font-medium">Notes</th>}
              <th className="px-3 py-2 font-medium">Email status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {leads.map((lead) => {
              const status = leadEmailStatus(lead)
              return (
                <tr key={lead.id} className="align-top" data-testid="lead-row">
                  <td
                    className="px-3 py-2 whitespace-nowrap text-slate-600"
                    title={longDateTime(lead.createdAt)}
                  >
                    {longDate(lead.createdAt, 'local')}
                  </td>
                  <td className="px-3 py-2 font-medium text-slate-900">{lead.name}</td>
                  <td className="px-3 py-2">
                    <span className="block">{lead.email}</span>
                    <span className="block whitespace-nowrap text-slate-600">{lead.phone}</span>
                  </td>
                  <td className="max-w-xs px-3 py-2 text-slate-700">{lead.requirement}</td>
                  <td className="px-3 py-2">{lead.techStack}</td>
                  <td className="px-3 py-2" data-testid="lead-source">
                    <LeadSource source={lead.source} />
                  </td>
                  {pipeline && (
                    <td className="min-w-44 space-y-2 px-3 py-2">
                      <ChoiceSelect
                        aria-label={`Status of ${lead.name}`}
                        className="w-full"
                        value={lead.status}
                        choices={statusChoices}
                        onChoose={(status) => void pipeline.onUpdate(lead, { status }).catch(() => {})}
                      />
                      <ChoiceSelect
                        aria-label={`Owner of ${lead.name}`}
                        className="w-full"
                        value={lead.ownerId ?? ''}
                        choices={[['', 'Nobody yet'], ...ownerChoices]}
                        onChoose={(owner) =>
                          void pipeline.onUpdate(lead, { ownerId: owner || null }).catch(() => {})
                        }
                      />
                    </td>
                  )}
                  {pipeline && (
                    <td className="px-3 py-2">
                      <LeadNotes lead={lead} onSave={(notes) => pipeline.onUpdate(lead, { notes })} />
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <Badge
                      variant={
                        status.tone === 'ok' ? 'default' : status.tone === 'waiting' ? 'neutral' : 'warning'
                      }
                    >
                      {status.label}
                    </Badge>
                  </td>
                </tr>
              )
            })}
            {leads.length === 0 && !loading && (
              <tr>
                <td colSpan={columns} className="px-3 py-6 text-center text-slate-500">
                  {search || (pipeline && (pipeline.status !== 'all' || pipeline.owner !== 'all'))
                    ? 'No leads match these filters.'
                    : 'No leads yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageCount={pageCount} onPage={onPage} className="justify-end gap-3" />
    </AdminScreen>
  )
}

/**
 * The Leads screen with the pipeline (browser admin and desktop): filters and pages on the server, status,
 * owner and notes per lead, CSV export of everything the filters match.
 */
export function LeadsPipeline({ api }: { api: AdminApi }) {
  const [filters, setFilters] = useState<Required<LeadFilters>>({ search: '', status: 'all', owner: 'all' })
  const [page, setPage] = useState(1)
  const [owners, setOwners] = useState<{ userId: string; email: string }[]>([])
  const [reload, setReload] = useState(0)
  const {
    data: list,
    setData: setList,
    error,
    setError,
    loading,
  } = useLoaded(() => api.listLeads({ ...filters, page }), [api, filters, page, reload], 250)

  useEffect(() => {
    api.listLeadOwners().then(setOwners, (err: unknown) => setError(errorMessage(err)))
  }, [api, setError])

  const update = useCallback(
    async (lead: LeadRecord, patch: LeadUpdate) => {
      try {
        const saved = await api.updateLead(lead.id, patch)
        setList((l) => l && { ...l, leads: l.leads.map((x) => (x.id === saved.id ? saved : x)) })
        setError(null)
      } catch (err) {
        setError(errorMessage(err))
        setReload((r) => r + 1)
        throw err
      }
    },
    [api, setError, setList],
  )

  const filter = (patch: Partial<LeadFilters>) => {
    setFilters((f) => ({ ...f, ...patch }))
    setPage(1)
  }

  return (
    <LeadsTable
      leads={list?.leads ?? []}
      search={filters.search}
      onSearch={(search) => filter({ search })}
      page={list?.page ?? page}
      pageCount={list?.pageCount ?? 1}
      onPage={setPage}
      error={error}
      loading={loading}
      pipeline={{
        status: filters.status,
        onStatus: (status) => filter({ status }),
        owner: filters.owner,
        onOwner: (owner) => filter({ owner }),
        owners,
        onUpdate: update,
        exportCsv: () => api.exportLeadsCsv(filters),
        onError: setError,
      }}
    />
  )
}
