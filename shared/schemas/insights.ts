import { z } from 'zod'
import type { VisitSourceFieldName } from '../lib/visit-source.ts'
import { textProblem } from './text.ts'

/**
 * Insights: what the site counts (a page view, first-party, without cookies) and where a lead came from
 * (the first page of its visit). Used by the server (the beacon, the lead endpoints) and the editor app.
 */

export const attributionLimits = { path: 300, host: 253, utm: 100 } as const

/** The landing page, referrer host and UTM fields of a visit, as the lead row keeps them. */
export interface LeadAttribution {
  landingPath: string | null
  referrerHost: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

/** The names of the hidden fields (and of the keys kept in the tab's sessionStorage, `shared/lib/visit-source.ts`). */
export const attributionFieldNames = {
  landingPath: 'landing_path',
  referrerHost: 'referrer_host',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
} as const satisfies Record<keyof LeadAttribution, VisitSourceFieldName>

const hostPattern = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*(:\d{1,5})?$/

/** A site path: starts with one slash, no query or fragment, printable, at most 300 characters. */
export function cleanPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const path = value.trim().toLowerCase()
  if (!path.startsWith('/') || path.startsWith('//') || path.length > attributionLimits.path) return null
  if (/[\s?#\\]/.test(path) || textProblem(path)) return null
  return path
}

/** A host name (with a port when one was given), lower-case; anything else is dropped. */
export function cleanHost(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const host = value.trim().toLowerCase()
  return host.length <= attributionLimits.host && hostPattern.test(host) ? host : null
}

/** A UTM value: printable, trimmed, at most 100 characters (cut, not refused: it only labels a visit). */
export function cleanUtm(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.normalize('NFC').trim().slice(0, attributionLimits.utm).trim()
  return text === '' || textProblem(text) ? null : text
}

/**
 * Where a lead came from, from the fields a form or JSON body sent (`landing_path`, `referrer_host`,
 * `utm_*`). A value that does not look right is dropped, never a reason to refuse the lead.
 */
export function attributionOf(fields: Record<string, unknown>): LeadAttribution {
  return {
    landingPath: cleanPath(fields[attributionFieldNames.landingPath]),
    referrerHost: cleanHost(fields[attributionFieldNames.referrerHost]),
    utmSource: cleanUtm(fields[attributionFieldNames.utmSource]),
    utmMedium: cleanUtm(fields[attributionFieldNames.utmMedium]),
    utmCampaign: cleanUtm(fields[attributionFieldNames.utmCampaign]),
  }
}

export const hasAttribution = (a: LeadAttribution) => Object.values(a).some((v) => v !== null)

/** A lead's source in one phrase: the UTM source, else the referrer host, else none. */
export function sourceLabel(a: Pick<LeadAttribution, 'utmSource' | 'referrerHost'>): string {
  return a.utmSource ?? a.referrerHost ?? 'Direct or unknown'
}

/** `POST /api/views` (the page's beacon on a navigation inside the site): the path now shown. */
export const pageViewBeaconSchema = z.strictObject({
  path: z
    .string({ error: 'Send the path of the page.' })
    .refine((p) => cleanPath(p) !== null, 'Send the path of the page.'),
})

/** The periods Insights offers, in days. */
export const insightsPeriods = [7, 30, 90] as const
export type InsightsPeriod = (typeof insightsPeriods)[number]

const count = z.number().int().min(0)

/** `insights_report(p_days)`: the last days' views, visitors, pages, sources and leads. */
export const insightsReportSchema = z.object({
  days: count,
  firstDay: z.string(),
  lastDay: z.string(),
  series: z.array(z.object({ day: z.string(), views: count, visitors: count })),
  views: count,
  visitors: count,
  getStartedVisitors: count,
  leads: count,
  topPages: z.array(z.object({ path: z.string(), views: count, visitors: count })),
  topPosts: z.array(
    z.object({ path: z.string(), title: z.string().nullable(), views: count, visitors: count }),
  ),
  topReferrers: z.array(z.object({ host: z.string(), visitors: count })),
  topCampaigns: z.array(
    z.object({ campaign: z.string(), source: z.string(), medium: z.string(), visitors: count }),
  ),
  leadsBySource: z.array(z.object({ source: z.string(), leads: count })),
})

export type InsightsReport = z.infer<typeof insightsReportSchema>
