import type { LeadRecord } from '../schemas/lead.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Input } from '../ui/Input.tsx'

/** One lead's email state in words: both sent, partly sent, waiting for a retry, or given up. */
export function leadEmailStatus(lead: LeadRecord): { label: string; tone: 'ok' | 'waiting' | 'failed' } {
  const sent = [lead.confirmationSentAt, lead.notificationSentAt].filter(Boolean).length
  if (sent === 2) return { label: 'Emails sent', tone: 'ok' }
  if (lead.notificationSentAt && lead.confirmationSkippedAt)
    return { label: 'Sales notified; confirmation held back by the hourly cap', tone: 'ok' }
  if (lead.nextAttemptAt)
    return { label: sent === 1 ? '1 of 2 emails sent, retrying' : 'Emails waiting to send', tone: 'waiting' }
  return { label: lead.lastError ? `Emails failed: ${lead.lastError}` : 'Emails not sent', tone: 'failed' }
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
}: LeadsTableProps) {
  return (
    <section aria-labelledby="leads-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leads-title" className="text-2xl font-semibold text-slate-900">
          Leads
        </h2>
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search by name, email, phone or technology..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="max-w-sm"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Received</th>
              <th className="px-3 py-2 font-medium">Name</th>
              <th className="px-3 py-2 font-medium">Email</th>
              <th className="px-3 py-2 font-medium">Phone</th>
              <th className="px-3 py-2 font-medium">Requirement</th>
              <th className="px-3 py-2 font-medium">Technology stack</th>
              <th className="px-3 py-2 font-medium">Email status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {leads.map((lead) => {
              const status = leadEmailStatus(lead)
              return (
                <tr key={lead.id} className="align-top">
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                    {new Date(lead.createdAt).toLocaleString()}
                  </td>
                  <td className="px-3 py-2 font-medium text-slate-900">{lead.name}</td>
                  <td className="px-3 py-2">{lead.email}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{lead.phone}</td>
                  <td className="max-w-xs px-3 py-2 text-slate-700">{lead.requirement}</td>
                  <td className="px-3 py-2">{lead.techStack}</td>
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
                <td colSpan={7} className="px-3 py-6 text-center text-slate-500">
                  {search ? 'No leads match this search.' : 'No leads yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-3 text-sm">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pageCount}
        </span>
        <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </section>
  )
}
