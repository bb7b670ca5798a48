import { useState } from 'react'
import { insightsToCsv } from '../../data/insights.ts'
import { insightsPeriods, type InsightsPeriod, type InsightsReport } from '../../schemas/insights.ts'
import { Loading } from '../../ui/Spinner.tsx'
import { cx } from '../../ui/cx.ts'
import { ToggleGroup } from '../../ui/ToggleGroup.tsx'
import type { AdminApi } from '../contract.ts'
import { AdminScreen } from '../AdminScreen.tsx'
import { ExportCsvButton } from '../ExportCsvButton.tsx'
import { InsightsChart } from './InsightsChart.tsx'
import { RankedTable } from './RankedTable.tsx'
import { useLoaded } from '../useLoaded.ts'
import { ErrorText } from '../../ui/Alert.tsx'

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–')

/**
 * Insights (browser admin and desktop; editors and administrators): views and unique visitors of the last
 * 7, 30 or 90 days, the pages, posts, referrers and campaigns that bring them, the funnel from a visit to
 * /get-started to a lead, and leads per source. Counted first-party without cookies (see the privacy page).
 */
export function InsightsScreen({ api }: { api: AdminApi }) {
  const [days, setDays] = useState<InsightsPeriod>(30)
  const {
    data: report,
    error,
    setError,
    loading,
  } = useLoaded<InsightsReport>(() => api.loadInsights(days), [api, days])

  return (
    <AdminScreen
      id="insights"
      title="Insights"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            look="boxed"
            label="Period"
            options={insightsPeriods}
            value={days}
            onChange={setDays}
            optionLabel={(p) => `${p} days`}
          />
          <ExportCsvButton
            disabled={!report}
            fileName={() => `insights-${report!.firstDay}-to-${report!.lastDay}.csv`}
            csv={() => insightsToCsv(report!)}
            onError={setError}
          />
        </div>
      }
    >
      <p className="text-sm text-slate-600">
        Counted on this site without cookies: one visitor a day per browser, bots and Do Not Track left out.
        Days are in UTC.
      </p>
      <ErrorText message={error} />
      {loading && !report && <Loading className="py-10" />}
      {report && <InsightsReportView report={report} busy={loading} />}
    </AdminScreen>
  )
}

function InsightsReportView({ report, busy }: { report: InsightsReport; busy: boolean }) {
  const stats = [
    { label: 'Views', value: report.views },
    { label: 'Unique visitors', value: report.visitors },
    { label: 'Opened Get Started', value: report.getStartedVisitors },
    { label: 'Leads', value: report.leads },
  ]
  const funnel = [
    { label: 'Visitors', value: report.visitors, note: '' },
    {
      label: 'Opened /get-started',
      value: report.getStartedVisitors,
      note: `${share(report.getStartedVisitors, report.visitors)} of visitors`,
    },
    {
      label: 'Sent a lead',
      value: report.leads,
      note: `${share(report.leads, report.getStartedVisitors)} of those`,
    },
  ]
  const widest = Math.max(1, ...funnel.map((f) => f.value))
  return (
    <div className={cx('space-y-4', busy && 'opacity-60')} aria-busy={busy}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">
              {s.value.toLocaleString('en-GB')}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
          <h3 className="mb-2 text-base font-semibold text-slate-900">Views and Visitors per Day</h3>
          <InsightsChart series={report.series} />
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="mb-3 text-base font-semibold text-slate-900">From Visit to Lead</h3>
          <ol className="space-y-3">
            {funnel.map((f) => (
              <li key={f.label}>
                <div className="flex justify-between text-sm">
                  <span className="text-slate-800">{f.label}</span>
                  <span className="tabular-nums text-slate-700">{f.value.toLocaleString('en-GB')}</span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100">
                  <div
                    className="h-2 rounded-full bg-indigo-600"
                    style={{ width: `${(f.value / widest) * 100}%` }}
                  />
                </div>
                {f.note && <p className="mt-0.5 text-xs text-slate-500">{f.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <RankedTable
          title="Top Posts"
          className="md:col-span-2"
          columns={['Post', 'Views', 'Visitors']}
          empty="No post has been read in this period."
          rows={report.topPosts.map((p) => ({
            key: p.path,
            label: p.title ?? 'A deleted post',
            sub: p.path,
            values: [p.views, p.visitors],
          }))}
        />
        <RankedTable
          title="Top Pages"
          columns={['Page', 'Views', 'Visitors']}
          empty="No page views in this period."
          rows={report.topPages.map((p) => ({ key: p.path, label: p.path, values: [p.views, p.visitors] }))}
        />
        <RankedTable
          title="Top Referrers"
          columns={['Site', 'Visitors']}
          empty="No visitor came from another site in this period."
          rows={report.topReferrers.map((r) => ({ key: r.host, label: r.host, values: [r.visitors] }))}
        />
        <RankedTable
          title="Top Campaigns"
          columns={['Campaign', 'Visitors']}
          empty="No visit carried campaign labels (utm_source, utm_campaign) in this period."
          rows={report.topCampaigns.map((c) => ({
            key: `${c.campaign}|${c.source}|${c.medium}`,
            label: c.campaign || '(no campaign)',
            sub: [c.source, c.medium].filter(Boolean).join(' · ') || 'no source',
            values: [c.visitors],
          }))}
        />
        <RankedTable
          title="Leads per Source"
          columns={['Source', 'Leads']}
          empty="No leads in this period."
          rows={report.leadsBySource.map((s) => ({
            key: s.source,
            label: s.source || 'Direct or unknown',
            values: [s.leads],
          }))}
        />
      </div>
    </div>
  )
}
