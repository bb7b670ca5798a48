import { z } from 'zod'
import { typedText } from './text.ts'

/**
 * Webhooks: what an administrator sends to add or change an endpoint (`/api/webhooks`), and what the server
 * answers. The admin screens, the server and the desktop all read these.
 */

/** The events an endpoint can subscribe to (`webhook.test` is sent by "Send test event" alone). */
export const webhookEvents = ['lead.created', 'lead.updated', 'post.published', 'newsletter.sent'] as const
export type WebhookEvent = (typeof webhookEvents)[number]

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'lead.created': 'A lead arrives',
  'lead.updated': 'A lead’s status, owner or notes change',
  'post.published': 'A post is published',
  'newsletter.sent': 'A newsletter send finishes',
}

/** standard: signed JSON as Standard Webhooks describes; slack: a readable message for a Slack incoming webhook. */
export const webhookFormats = ['standard', 'slack'] as const
export type WebhookFormat = (typeof webhookFormats)[number]

/** How many endpoints a project may have (each event costs one delivery per endpoint). */
export const webhookEndpointCap = 25

export const webhookUrlMaxLength = 2000

const urlSchema = typedText('Enter the endpoint’s URL.')
  .trim()
  .min(1, 'Enter the endpoint’s URL.')
  .max(webhookUrlMaxLength, `The URL must be at most ${webhookUrlMaxLength} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Enter a full URL starting with https://.')

const eventsSchema = z
  .array(z.enum(webhookEvents, { message: `Events can be ${webhookEvents.join(', ')}.` }), {
    error: 'Choose at least one event.',
  })
  .min(1, 'Choose at least one event.')
  .max(webhookEvents.length, 'Each event can be chosen once.')
  .refine((events) => new Set(events).size === events.length, 'Each event can be chosen once.')

const descriptionSchema = typedText().trim().max(500, 'The description must be at most 500 characters.')

const formatSchema = z.enum(webhookFormats, { message: 'The format is standard or slack.' })

/** `POST /api/webhooks`. */
export const webhookEndpointInputSchema = z.strictObject(
  {
    url: urlSchema,
    events: eventsSchema,
    format: formatSchema.default('standard'),
    description: descriptionSchema.default(''),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined,
  },
)
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>

/** `PATCH /api/webhooks/{id}`: any of the fields, and enabled (false pauses the endpoint). */
export const webhookEndpointPatchSchema = z
  .strictObject(
    {
      url: urlSchema.optional(),
      events: eventsSchema.optional(),
      format: formatSchema.optional(),
      description: descriptionSchema.optional(),
      enabled: z.boolean({ error: 'enabled is true or false.' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined,
    },
  )
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Say what to change.')
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>

export const webhookIdSchema = z.uuid('No such webhook endpoint.')

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  format: z.enum(webhookFormats),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the server paused it (3 days of failed deliveries); null when enabled or paused by a person. */
  pausedReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** The answer to adding an endpoint or rotating its secret: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() })
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>

export const webhookAttemptSchema = z.object({
  attemptedAt: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  /** The first 1 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
})

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed', 'skipped'] as const

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header. */
  eventId: z.string(),
  endpointId: z.string(),
  type: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>
