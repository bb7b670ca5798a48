import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import type { LeadFilters } from '../data/leads.ts'
import { longDate, longDateTime } from '../lib/dates.ts'
import { leadStatuses, leadStatusLabels, type LeadRecord, type LeadUpdate } from '../schemas/lead.ts'
import { sourceLabel } from '../schemas/insights.ts'
import { ErrorText } from '../ui/Alert.tsx'
import { Badge } from '../ui/Badge.tsx'
import { cx } from '../ui/cx.ts'
import { Input } from '../ui/Input.tsx'
import { AdminScreen } from './AdminScreen.tsx'
import { ChoiceSelect, choicesOf } from './ChoiceSelect.tsx'
import type { AdminApi } from './contract.ts'
import { ExportCsvButton, today } from './ExportCsvButton.tsx'
import { LeadDetail } from './leads/LeadDetail.tsx'
import { emailStatusVariant, leadEmailStatus, leadStatusVariants } from './leads/lead-status.ts'
import { Pager } from './Pager.tsx'
import { useMediaQuery } from './useMediaQuery.ts'
import { errorMessage, useLoaded } from './useLoaded.ts'

export { leadEmailStatus } from './leads/lead-status.ts'

const statusChoices = choicesOf(leadStatuses, leadStatusLabels)

/** "Nov 27, 2026": the table's date, short enough for its column (the panel says the time in full). */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** One line of a cell: cut with an ellipsis when long, the full text on hover and in the lead's panel. */
function OneLine({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cx('block truncate', className)} title={text}>
      {text}
    </span>
  )
}

type Owners = { userId: string; email: string }[]

interface ColumnLook {
  /** Shown from this width up (the table keeps to the window: the rest is in the lead's panel). */
  className?: string
  width?: string
  label: string
}

const column = createColumnHelper<LeadRecord>()

function leadColumns(owners: Owners, open: (lead: LeadRecord) => void) {
  const ownerEmail = (id: string | null) => owners.find((o) => o.userId === id)?.email ?? 'Nobody yet'
  return [
    column.accessor('name', {
      meta: { label: 'Name', width: 'w-[24%] lg:w-[18%]' } satisfies ColumnLook,
      cell: ({ row }) => (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation()
            open(row.original)
          }}
          title={row.original.name}
          className="block max-w-full truncate text-left font-medium text-slate-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {row.original.name}
        </button>
      ),
    }),
    column.accessor('requirement', {
      meta: { label: 'Requirement' } satisfies ColumnLook,
      enableSorting: false,
      cell: ({ getValue }) => <OneLine text={getValue()} className="text-slate-700" />,
    }),
    column.accessor('status', {
      meta: { label: 'Status', width: 'w-28' } satisfies ColumnLook,
      sortingFn: (a, b) => leadStatuses.indexOf(a.original.status) - leadStatuses.indexOf(b.original.status),
      cell: ({ getValue }) => (
        <Badge variant={leadStatusVariants[getValue()]}>{leadStatusLabels[getValue()]}</Badge>
      ),
    }),
    column.accessor((lead) => ownerEmail(lead.ownerId), {
      id: 'owner',
      meta: { label: 'Owner', width: 'w-44', className: 'max-lg:hidden' } satisfies ColumnLook,
      cell: ({ getValue }) => <OneLine text={getValue()} className="text-slate-600" />,
    }),
    column.accessor((lead) => sourceLabel(lead.source), {
      id: 'source',
      meta: { label: 'Source', width: 'w-36', className: 'max-xl:hidden' } satisfies ColumnLook,
      cell: ({ getValue }) => (
        <span data-testid="lead-source">
          <OneLine text={getValue()} className="text-slate-600" />
        </span>
      ),
    }),
    column.accessor('techStack', {
      meta: { label: 'Technology stack', width: 'w-40', className: 'max-2xl:hidden' } satisfies ColumnLook,
      enableSorting: false,
      cell: ({ getValue }) => <OneLine text={getValue()} className="text-slate-600" />,
    }),
    column.accessor((lead) => leadEmailStatus(lead).label, {
      id: 'emails',
      meta: { label: 'Emails', width: 'w-40', className: 'max-2xl:hidden' } satisfies ColumnLook,
      enableSorting: false,
      cell: ({ row }) => {
        const status = leadEmailStatus(row.original)
        return (
          <Badge variant={emailStatusVariant(status.tone)} className="max-w-full" title={status.label}>
            <span className="truncate">{status.label}</span>
          </Badge>
        )
      },
    }),
    column.accessor('createdAt', {
      meta: { label: 'Received', width: 'w-28' } satisfies ColumnLook,
      cell: ({ getValue }) => (
        <time
          dateTime={getValue()}
          title={longDateTime(getValue())}
          className="whitespace-nowrap text-slate-600"
        >
          {shortDate(getValue())}
        </time>
      ),
    }),
  ]
}

/** On a phone, each lead is a card: name, what they need, status, date and source; it opens the panel. */
function LeadCards({ leads, open }: { leads: LeadRecord[]; open: (lead: LeadRecord) => void }) {
  return (
    <ul className="space-y-2">
      {leads.map((lead) => (
        <li key={lead.id}>
          <button
            type="button"
            data-testid="lead-row"
            onClick={() => open(lead)}
            className="block w-full rounded-lg border border-slate-200 bg-white p-3 text-left shadow-xs hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="block font-medium break-words text-slate-900">{lead.name}</span>
            <span className="mt-0.5 line-clamp-2 text-sm text-slate-700" title={lead.requirement}>
              {lead.requirement}
            </span>
            <span className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
              <Badge variant={leadStatusVariants[lead.status]}>{leadStatusLabels[lead.status]}</Badge>
              <time dateTime={lead.createdAt}>{longDate(lead.createdAt, 'local')}</time>
              <span aria-hidden="true">·</span>
              <span className="[overflow-wrap:anywhere]">{sourceLabel(lead.source)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The Leads screen (browser admin and desktop): a working tool. Search and the status and owner filters run
 * on the server (pages of 20); the table (TanStack Table) sorts the page, shows the columns that fit the
 * window by priority with a Columns menu for the rest, one line per cell; a lead opens in a panel where its
 * full text is read and its status, owner and notes are worked. On a phone each lead is a card.
 */
export function LeadsPipeline({ api }: { api: AdminApi }) {
  const [search, setSearch] = useState('')
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([])
  const [sorting, setSorting] = useState<SortingState>([])
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({})
  const [page, setPage] = useState(1)
  const [owners, setOwners] = useState<Owners>([])
  const [openId, setOpenId] = useState<string | null>(null)
  const [reload, setReload] = useState(0)
  const wide = useMediaQuery('(min-width: 768px)')
  const columnsId = useId()
  const [choosingColumns, setChoosingColumns] = useState(false)
  const filterValue = (id: string) => (columnFilters.find((f) => f.id === id)?.value as string) ?? 'all'
  const filters: Required<LeadFilters> = {
    search,
    status: filterValue('status') as Required<LeadFilters>['status'],
    owner: filterValue('owner'),
  }
  const {
    data: list,
    setData: setList,
    error,
    setError,
    loading,
  } = useLoaded(
    () => api.listLeads({ ...filters, page }),
    [api, search, filters.status, filters.owner, page, reload],
    250,
  )

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

  const leads = useMemo(() => list?.leads ?? [], [list])
  const open = useCallback((lead: LeadRecord) => setOpenId(lead.id), [])
  const columns = useMemo(() => leadColumns(owners, open), [owners, open])
  const table = useReactTable({
    data: leads,
    columns,
    state: { sorting, columnFilters, columnVisibility },
    onSortingChange: setSorting,
    onColumnFiltersChange: (next) => {
      setColumnFilters(next)
      setPage(1)
    },
    onColumnVisibilityChange: setColumnVisibility,
    // The server filters (and pages); the table sorts the page it was given.
    manualFiltering: true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (lead) => lead.id,
  })
  const opened = leads.find((l) => l.id === openId) ?? null
  const filtered = search !== '' || filters.status !== 'all' || filters.owner !== 'all'
  const ownerChoices = owners.map((o) => [o.userId, o.email] as const)

  return (
    <AdminScreen
      id="leads"
      title="Leads"
      actions={
        <ExportCsvButton
          fileName={() => `leads-${today()}.csv`}
          csv={() => api.exportLeadsCsv(filters)}
          onError={setError}
        />
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search name, email, phone, stack or notes..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          className="w-full sm:max-w-sm sm:flex-1"
        />
        <LabelledFilter label="Status">
          {(id) => (
            <ChoiceSelect
              id={id}
              value={filters.status}
              choices={[['all', 'All'], ...statusChoices]}
              onChoose={(value) =>
                table.getColumn('status')?.setFilterValue(value === 'all' ? undefined : value)
              }
            />
          )}
        </LabelledFilter>
        <LabelledFilter label="Owner">
          {(id) => (
            <ChoiceSelect
              id={id}
              className="max-w-64"
              value={filters.owner}
              choices={[['all', 'Anyone'], ['none', 'Nobody yet'], ...ownerChoices]}
              onChoose={(value) =>
                table.getColumn('owner')?.setFilterValue(value === 'all' ? undefined : value)
              }
            />
          )}
        </LabelledFilter>
        {wide && (
          <details
            className="relative ml-auto"
            onToggle={(event) => setChoosingColumns(event.currentTarget.open)}
          >
            <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <Columns3 aria-hidden="true" className="size-4" /> Columns
            </summary>
            {choosingColumns && (
              <fieldset
                id={columnsId}
                className="absolute right-0 z-20 mt-1 w-56 space-y-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
              >
                <legend className="sr-only">Columns shown</legend>
                {table
                  .getAllLeafColumns()
                  .filter((c) => c.id !== 'name')
                  .map((c) => (
                    <label key={c.id} className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-slate-300"
                        checked={c.getIsVisible()}
                        onChange={c.getToggleVisibilityHandler()}
                      />
                      {(c.columnDef.meta as ColumnLook).label}
                    </label>
                  ))}
              </fieldset>
            )}
          </details>
        )}
      </div>
      <ErrorText message={error} />
      {leads.length === 0 && !loading ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
          {filtered ? 'No leads match these filters.' : 'No leads yet.'}
        </p>
      ) : wide ? (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <table className="w-full table-fixed text-sm" aria-busy={loading} aria-label="Leads">
            <thead className="bg-slate-50 text-left text-xs text-slate-600">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const look = header.column.columnDef.meta as ColumnLook
                    const sorted = header.column.getIsSorted()
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                        className={cx('px-3 py-2 font-medium', look.width, look.className)}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                          >
                            {look.label}
                            {sorted === 'asc' ? (
                              <ArrowUp aria-hidden="true" className="size-3.5" />
                            ) : sorted === 'desc' ? (
                              <ArrowDown aria-hidden="true" className="size-3.5" />
                            ) : (
                              <ArrowUpDown aria-hidden="true" className="size-3.5 text-slate-400" />
                            )}
                          </button>
                        ) : (
                          look.label
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="lead-row"
                  data-opens-detail=""
                  onClick={() => open(row.original)}
                  aria-current={row.original.id === openId ? 'true' : undefined}
                  className="cursor-pointer hover:bg-slate-50 aria-[current=true]:bg-indigo-50/70"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cx('px-3 py-2.5', (cell.column.columnDef.meta as ColumnLook).className)}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <LeadCards leads={table.getRowModel().rows.map((r) => r.original)} open={open} />
      )}
      <Pager
        page={list?.page ?? page}
        pageCount={list?.pageCount ?? 1}
        onPage={setPage}
        className="justify-end gap-3"
      />
      <LeadDetail lead={opened} owners={owners} onUpdate={update} onClose={() => setOpenId(null)} />
    </AdminScreen>
  )
}

/** A filter above the table: its name beside the select. */
function LabelledFilter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  )
}
