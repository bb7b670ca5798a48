import type { LeadRecord } from '../../schemas/lead.ts'
import { sourceLabel } from '../../schemas/insights.ts'

/** Where a lead came from, in a Leads table cell: the source, then the landing page and campaign. */
export function LeadSource({ source }: { source: LeadRecord['source'] }) {
  const campaign = [source.utmCampaign, source.utmMedium].filter(Boolean).join(' · ')
  return (
    <>
      <span className="block font-medium text-slate-800">{sourceLabel(source)}</span>
      {source.referrerHost && source.utmSource && (
        <span className="block text-slate-600">via {source.referrerHost}</span>
      )}
      {source.landingPath && (
        <span className="block text-slate-600 [overflow-wrap:anywhere]">{source.landingPath}</span>
      )}
      {campaign && <span className="block text-slate-600">{campaign}</span>}
    </>
  )
}
