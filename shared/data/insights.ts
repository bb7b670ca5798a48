import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { insightsReportSchema, type InsightsReport, type LeadAttribution } from '../schemas/insights.ts'
import { csvCell } from './leads.ts'
import { couldNot } from './results.ts'

/**
 * The Insights tables (`supabase/migrations/20261130100000_insights_and_lead_sources.sql`), through their
 * functions: the server counts (service role), editors and administrators read the report (RLS).
 */

const saltSchema = z.array(z.object({ day: z.string(), salt: z.string().min(32) }))

/** Today's salt (UTC), the same for every server instance; yesterday's is deleted. Service role. */
export async function daySalt(client: SupabaseClient): Promise<{ day: string; salt: string }> {
  const { data, error } = await client.rpc('analytics_salt')
  if (error) couldNot('read the day’s salt', error)
  const [row] = saltSchema.parse(data)
  if (!row) couldNot('read the day’s salt', { message: 'no answer' })
  return row
}

/** One page view of today's visitor `visitor` (a hash). False when the page is not counted. Service role. */
export async function recordPageView(
  client: SupabaseClient,
  view: { visitor: string; path: string } & Omit<LeadAttribution, 'landingPath'>,
): Promise<boolean> {
  const { data, error } = await client.rpc('record_page_view', {
    p_visitor: view.visitor,
    p_path: view.path,
    p_referrer_host: view.referrerHost ?? '',
    p_utm_source: view.utmSource ?? '',
    p_utm_medium: view.utmMedium ?? '',
    p_utm_campaign: view.utmCampaign ?? '',
  })
  if (error) couldNot('count the page view', error)
  return data === true
}

const sourceRowsSchema = z.array(
  z.object({
    landing_path: z.string(),
    referrer_host: z.string(),
    utm_source: z.string(),
    utm_medium: z.string(),
    utm_campaign: z.string(),
  }),
)

/** Where today's visitor `visitor` landed and came from (null: no visit counted today). Service role. */
export async function visitSource(client: SupabaseClient, visitor: string): Promise<LeadAttribution | null> {
  const { data, error } = await client.rpc('visit_source', { p_visitor: visitor })
  if (error) couldNot('look up the visit', error)
  const [row] = sourceRowsSchema.parse(data)
  if (!row) return null
  const orNull = (v: string) => (v === '' ? null : v)
  return {
    landingPath: orNull(row.landing_path),
    referrerHost: orNull(row.referrer_host),
    utmSource: orNull(row.utm_source),
    utmMedium: orNull(row.utm_medium),
    utmCampaign: orNull(row.utm_campaign),
  }
}

/** The Insights report of the last `days` days (editors and administrators; others see zeros). */
export async function loadInsights(client: SupabaseClient, days: number): Promise<InsightsReport> {
  const { data, error } = await client.rpc('insights_report', { p_days: days })
  if (error) couldNot('load the insights', error)
  return insightsReportSchema.parse(typeof data === 'string' ? JSON.parse(data) : data)
}

/** The report as CSV (RFC 4180, formula-safe cells): one section per table, a blank line between. */
export function insightsToCsv(report: InsightsReport): string {
  const sections: string[][][] = [
    [
      ['Day', 'Views', 'Unique visitors'],
      ...report.series.map((d) => [d.day, `${d.views}`, `${d.visitors}`]),
    ],
    [
      ['Funnel', 'Count'],
      ['Visitors', `${report.visitors}`],
      ['Opened /get-started', `${report.getStartedVisitors}`],
      ['Leads', `${report.leads}`],
    ],
    [
      ['Page', 'Views', 'Unique visitors'],
      ...report.topPages.map((p) => [p.path, `${p.views}`, `${p.visitors}`]),
    ],
    [
      ['Post', 'Title', 'Views', 'Unique visitors'],
      ...report.topPosts.map((p) => [p.path, p.title ?? '', `${p.views}`, `${p.visitors}`]),
    ],
    [['Referrer', 'Visitors'], ...report.topReferrers.map((r) => [r.host, `${r.visitors}`])],
    [
      ['Campaign', 'Source', 'Medium', 'Visitors'],
      ...report.topCampaigns.map((c) => [c.campaign, c.source, c.medium, `${c.visitors}`]),
    ],
    [
      ['Lead source', 'Leads'],
      ...report.leadsBySource.map((s) => [s.source || 'Direct or unknown', `${s.leads}`]),
    ],
  ]
  return (
    sections.map((rows) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n')).join('\r\n\r\n') +
    '\r\n'
  )
}
