import { brand } from '../../shared/config/brand.ts'

/**
 * The body an endpoint receives for an event. Standard endpoints get the event as stored, `{type, timestamp,
 * data}`, as JSON; Slack endpoints get a readable Block Kit message for an incoming webhook
 * (https://api.slack.com/messaging/webhooks), built from the same event.
 */

export interface WebhookPayload {
  type: string
  timestamp: string
  data: Record<string, unknown>
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value)

/** Slack's mrkdwn treats &, < and > as markup: escaped, as Slack asks. */
const mrkdwn = (value: unknown) =>
  text(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(0, 2000)

const field = (label: string, value: unknown) => ({
  type: 'mrkdwn',
  text: `*${label}*\n${mrkdwn(value) || '—'}`,
})

/** The headline and the facts of each event, in words. */
function describe(
  payload: WebhookPayload,
  publicUrl: string,
): { title: string; fields: [string, unknown][] } {
  const d = payload.data
  const attribution = (d.attribution ?? {}) as Record<string, unknown>
  const source = [attribution.utmSource, attribution.utmMedium, attribution.utmCampaign]
    .filter(Boolean)
    .join(' / ')
  switch (payload.type) {
    case 'lead.created':
    case 'lead.updated':
      return {
        title:
          payload.type === 'lead.created' ? `New lead: ${text(d.name)}` : `Lead updated: ${text(d.name)}`,
        fields: [
          ['Email', d.email],
          ['Phone', d.phone],
          ['Needs', d.requirement],
          ['Tech stack', d.techStack],
          ['Status', d.status],
          ['Came from', [attribution.referrerHost, attribution.landingPath].filter(Boolean).join(' → ')],
          ['Campaign', source],
          ...(payload.type === 'lead.updated'
            ? ([['Changed', (d.changed as string[] | undefined)?.join(', ')]] as [string, unknown][])
            : []),
        ],
      }
    case 'post.published':
      return {
        title: `Published: ${text(d.title)}`,
        fields: [
          ['Link', `${publicUrl}${text(d.path)}`],
          ['Author', d.author],
          ['Type', d.type],
        ],
      }
    case 'newsletter.sent':
      return {
        title: `Newsletter sent: ${text(d.subject)}`,
        fields: [['Recipients', d.recipientCount]],
      }
    default:
      return { title: `Test event from ${brand.name}`, fields: [['Type', payload.type]] }
  }
}

/** The JSON body for an endpoint of this format. */
export function webhookBody(
  format: 'standard' | 'slack',
  payload: WebhookPayload,
  publicUrl: string,
): string {
  if (format === 'standard') return JSON.stringify(payload)
  const { title, fields } = describe(payload, publicUrl)
  const shown = fields.filter(([, value]) => text(value) !== '')
  return JSON.stringify({
    text: title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
      ...(shown.length > 0
        ? [{ type: 'section', fields: shown.slice(0, 10).map(([label, value]) => field(label, value)) }]
        : []),
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `${mrkdwn(brand.name)} · ${mrkdwn(payload.timestamp)}` }],
      },
    ],
  })
}
