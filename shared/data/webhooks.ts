import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointInputSchema,
  webhookEndpointWithSecretSchema,
  webhookFormats,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointPatch,
  type WebhookEndpointWithSecret,
} from '../schemas/webhooks.ts'
import { callRpc, camelKeys, couldNot, DataError, oneOrNull, rowReader, rpcRowFor } from './results.ts'
import { callSiteApi, type SiteApi } from './site-api.ts'

/**
 * Webhook endpoints, their deliveries and attempts (supabase/migrations/20261204100000_webhooks.sql).
 *
 * Two halves: the reads and writes over supabase-js (the server's `/api/webhooks` as the caller, under
 * row-level security, and its delivery worker with the service role, which alone reads secrets), and the
 * admin's calls of `/api/webhooks` (browser and desktop alike), which never see a secret but the one shown
 * when it is made.
 */

// ---- rows ------------------------------------------------------------------------------------------------

const endpointColumns = 'id, url, events, format, description, enabled, paused_reason, paused_at, created_at'

const toEndpoint = rowReader(webhookEndpointSchema)

// The attempts come nested under their table's name; each is read with the app's names, oldest first.
const deliveryRow = z.looseObject({
  webhook_delivery_attempts: z.array(z.record(z.string(), z.unknown())).default([]),
})

const toDelivery = (row: unknown): WebhookDelivery => {
  const { webhook_delivery_attempts: attempts, ...delivery } = deliveryRow.parse(row)
  const parsed = webhookDeliverySchema.parse({ ...camelKeys(delivery), attempts: attempts.map(camelKeys) })
  parsed.attempts.sort((a, b) => a.attemptedAt.localeCompare(b.attemptedAt))
  return parsed
}

// ---- endpoints (the server, as the caller or with the service role) ---------------------------------------

export async function listWebhookEndpoints(client: SupabaseClient): Promise<WebhookEndpoint[]> {
  const { data, error } = await client.from('webhook_endpoints').select(endpointColumns).order('created_at')
  if (error) couldNot('read the webhook endpoints', error)
  return (data ?? []).map(toEndpoint)
}

export async function getWebhookEndpoint(
  client: SupabaseClient,
  id: string,
): Promise<WebhookEndpoint | null> {
  return oneOrNull(
    client.from('webhook_endpoints').select(endpointColumns).eq('id', id).maybeSingle(),
    toEndpoint,
    (error) => couldNot('read the webhook endpoint', error),
  )
}

/** Adds an endpoint with its first secret in one transaction (service role); refused past `max` endpoints. */
export async function createWebhookEndpoint(
  service: SupabaseClient,
  input: z.output<typeof webhookEndpointInputSchema>,
  secret: string,
  createdBy: string | null,
  max: number,
): Promise<WebhookEndpoint> {
  const { data, error } = await service.rpc('create_webhook_endpoint', {
    p_url: input.url,
    p_events: input.events,
    p_format: input.format,
    p_description: input.description,
    p_secret: secret,
    p_created_by: createdBy,
    p_max: max,
  })
  if (error) {
    if (error.hint === 'webhook_endpoint_cap') throw new DataError(error.message, 'webhook_endpoint_cap')
    couldNot('add the webhook endpoint', error)
  }
  const rows = (data ?? []) as unknown[]
  return toEndpoint(rows[0])
}

/** Changes an endpoint as the caller (row-level security: administrators); null when there is none to change. */
export async function updateWebhookEndpoint(
  client: SupabaseClient,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpoint | null> {
  return oneOrNull(
    client.from('webhook_endpoints').update(patch).eq('id', id).select(endpointColumns).maybeSingle(),
    toEndpoint,
    (error) => couldNot('change the webhook endpoint', error),
  )
}

/** Removes an endpoint, its secret and its deliveries, as the caller; false when there was none. */
export async function deleteWebhookEndpoint(client: SupabaseClient, id: string): Promise<boolean> {
  const { data, error } = await client.from('webhook_endpoints').delete().eq('id', id).select('id')
  if (error) couldNot('remove the webhook endpoint', error)
  return (data ?? []).length > 0
}

/** A new current secret; the previous one signs too for `overlapSeconds` (service role). */
export async function rotateWebhookSecret(
  service: SupabaseClient,
  id: string,
  secret: string,
  overlapSeconds: number,
): Promise<boolean> {
  const data = await callRpc(
    service,
    'rotate_webhook_secret',
    { p_endpoint_id: id, p_secret: secret, p_overlap_seconds: overlapSeconds },
    'rotate the webhook secret',
  )
  return data === true
}

// ---- deliveries --------------------------------------------------------------------------------------------

/** An endpoint's latest deliveries with their attempts, newest first (as the caller: editors may read). */
export async function listWebhookDeliveries(
  client: SupabaseClient,
  endpointId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  const { data, error } = await client
    .from('webhook_deliveries')
    .select(
      'id, event_id, endpoint_id, type, status, created_at, delivered_at, webhook_delivery_attempts(attempted_at, status_code, duration_ms, error, response_body)',
    )
    .eq('endpoint_id', endpointId)
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) couldNot('read the webhook deliveries', error)
  return (data ?? []).map(toDelivery)
}

/** A test event to one endpoint (service role); its delivery id. */
export async function queueWebhookTest(
  service: SupabaseClient,
  endpointId: string,
  data: Record<string, unknown>,
): Promise<string> {
  const eventId = await service.rpc('webhook_event_id')
  if (eventId.error) couldNot('send the test event', eventId.error)
  const { data: id, error } = await service.rpc('queue_webhook_delivery', {
    p_endpoint_id: endpointId,
    p_event_id: eventId.data,
    p_type: 'webhook.test',
    p_data: data,
    p_at: null,
  })
  if (error) couldNot('send the test event', error)
  return z.string().parse(id)
}

/** Owes the delivery again with the same webhook-id (service role); false when there is none. */
export async function resendWebhookDelivery(service: SupabaseClient, deliveryId: string): Promise<boolean> {
  const data = await callRpc(
    service,
    'resend_webhook_delivery',
    { p_delivery_id: deliveryId },
    'resend the delivery',
  )
  return data === true
}

/** Which endpoint a delivery went to (as the caller), or null. */
export async function endpointOfDelivery(client: SupabaseClient, deliveryId: string): Promise<string | null> {
  const { data, error } = await client
    .from('webhook_deliveries')
    .select('endpoint_id')
    .eq('id', deliveryId)
    .maybeSingle()
  if (error) couldNot('read the delivery', error)
  return data ? String((data as { endpoint_id: string }).endpoint_id) : null
}

// ---- the delivery worker (service role) -------------------------------------------------------------------

/** A delivery as the worker sends it: its event, its endpoint and the secrets that sign it now. */
export interface OutgoingDelivery {
  id: string
  eventId: string
  type: string
  status: 'pending' | 'delivered' | 'failed' | 'skipped'
  payload: { type: string; timestamp: string; data: Record<string, unknown> }
  endpoint: { id: string; url: string; format: 'standard' | 'slack'; enabled: boolean; description: string }
  secrets: string[]
}

const outgoingRow = z.object({
  id: z.string(),
  event_id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
  payload: z.object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
  endpoint_id: z.string(),
  url: z.string(),
  format: z.enum(webhookFormats),
  enabled: z.boolean(),
  description: z.string(),
  secrets: z.array(z.string()).min(1),
})

const toOutgoing = (value: unknown): OutgoingDelivery => {
  const row = outgoingRow.parse(value)
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    status: row.status,
    payload: row.payload,
    endpoint: {
      id: row.endpoint_id,
      url: row.url,
      format: row.format,
      enabled: row.enabled,
      description: row.description,
    },
    secrets: row.secrets,
  }
}

/** The delivery with its endpoint and the secrets that sign it now, in one read (service role); or null. */
export const loadOutgoingDelivery = rpcRowFor(
  'webhook_delivery_to_send',
  'p_delivery_id',
  'read the delivery',
  toOutgoing,
)

export interface AttemptRecord {
  statusCode: number | null
  durationMs: number
  error: string | null
  responseBody: string | null
  outcome: 'delivered' | 'retry' | 'failed'
  /** Why the endpoint is paused, when the outcome is failed. */
  pauseReason?: string
}

/** Records one attempt and its outcome; true when this attempt paused the endpoint. */
export async function recordWebhookAttempt(
  service: SupabaseClient,
  deliveryId: string,
  attempt: AttemptRecord,
): Promise<boolean> {
  const data = await callRpc(
    service,
    'record_webhook_attempt',
    {
      p_delivery_id: deliveryId,
      p_status_code: attempt.statusCode,
      p_duration_ms: attempt.durationMs,
      p_error: attempt.error,
      p_response: attempt.responseBody,
      p_outcome: attempt.outcome,
      p_pause_reason: attempt.pauseReason ?? null,
    },
    'record the delivery attempt',
  )
  return data === true
}

/** Marks a delivery skipped (its endpoint was paused before its turn). */
export async function skipWebhookDelivery(service: SupabaseClient, deliveryId: string): Promise<void> {
  const { error } = await service
    .from('webhook_deliveries')
    .update({ status: 'skipped' })
    .eq('id', deliveryId)
    .eq('status', 'pending')
  if (error) couldNot('skip the delivery', error)
}

/** Deletes deliveries (and their attempts) made before `before`; how many. */
export async function deleteOldWebhookDeliveries(service: SupabaseClient, before: Date): Promise<number> {
  const data = await callRpc(
    service,
    'delete_old_webhook_deliveries',
    {
      p_before: before.toISOString(),
    },
    'delete old deliveries',
  )
  return Number(data ?? 0)
}

/** The addresses of every administrator (service role), to tell them an endpoint was paused. */
export async function administratorEmails(service: SupabaseClient): Promise<string[]> {
  const { data, error } = await service.from('editors').select('email').eq('role', 'admin')
  if (error) couldNot('read the administrators', error)
  return (data ?? []).map((r) => String((r as { email: string }).email))
}

// ---- the admin's calls of /api/webhooks --------------------------------------------------------------------

const call = <T>(api: SiteApi, path: string, init?: RequestInit) =>
  callSiteApi<T>(api, `/api/webhooks${path}`, init)
const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

export async function fetchWebhookEndpoints(api: SiteApi): Promise<WebhookEndpoint[]> {
  const body = await call<{ endpoints: unknown[] }>(api, '')
  return body.endpoints.map((e) => webhookEndpointSchema.parse(e))
}

export async function addWebhookEndpoint(
  api: SiteApi,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  return webhookEndpointWithSecretSchema.parse(await call(api, '', json('POST', input)))
}

export async function changeWebhookEndpoint(
  api: SiteApi,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(await call(api, `/${encodeURIComponent(id)}`, json('PATCH', patch)))
}

export async function removeWebhookEndpoint(api: SiteApi, id: string): Promise<void> {
  await call(api, `/${encodeURIComponent(id)}`, json('DELETE'))
}

export async function sendWebhookTest(api: SiteApi, id: string): Promise<{ deliveryId: string }> {
  const body = await call<{ deliveryId: string }>(api, `/${encodeURIComponent(id)}/test`, json('POST'))
  return { deliveryId: String(body.deliveryId) }
}

export async function rotateWebhookEndpointSecret(
  api: SiteApi,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  return webhookEndpointWithSecretSchema.parse(
    await call(api, `/${encodeURIComponent(id)}/rotate-secret`, json('POST')),
  )
}

export async function fetchWebhookDeliveries(api: SiteApi, id: string): Promise<WebhookDelivery[]> {
  const body = await call<{ deliveries: unknown[] }>(api, `/${encodeURIComponent(id)}/deliveries`)
  return body.deliveries.map((d) => webhookDeliverySchema.parse(d))
}

export async function resendWebhook(api: SiteApi, deliveryId: string): Promise<void> {
  await call(api, `/deliveries/${encodeURIComponent(deliveryId)}/resend`, json('POST'))
}
