import type { SupabaseClient } from '@supabase/supabase-js'
import { leadRecordSchema, type LeadEmailKind, type LeadInput, type LeadRecord } from '../schemas/lead.ts'

/**
 * The `leads` table: the only module that reads or writes it. Writes need the service role (the server);
 * reads need an editor's session (RLS). Every function throws on a Supabase error.
 */

export class LeadDataError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'LeadDataError'
  }
}

function fail(action: string, error: { message: string; code?: string }): never {
  throw new LeadDataError(`Could not ${action}: ${error.message}`, error.code)
}

const parseRow = (row: unknown): LeadRecord => leadRecordSchema.parse(row)

/** Postgres unique_violation: the idempotency key was used before. */
const uniqueViolation = '23505'

/** How long a new lead waits before the outbox treats it as pending (the request sends its emails first). */
export const outboxSafetyDelayMs = 60_000

/** The lead stored under an idempotency key, or null. */
export async function findLeadByIdempotencyKey(
  client: SupabaseClient,
  idempotencyKey: string,
): Promise<LeadRecord | null> {
  const { data, error } = await client
    .from('leads')
    .select('*')
    .eq('idempotency_key', idempotencyKey)
    .limit(1)
  if (error) fail('look up the lead', error)
  return data && data.length > 0 ? parseRow(data[0]) : null
}

export async function getLead(client: SupabaseClient, id: string): Promise<LeadRecord | null> {
  const { data, error } = await client.from('leads').select('*').eq('id', id).limit(1)
  if (error) fail('load the lead', error)
  return data && data.length > 0 ? parseRow(data[0]) : null
}

/**
 * Stores a lead once per idempotency key: a repeated key returns the existing row (`created: false`)
 * instead of a second one. The lead starts scheduled for the outbox a minute out, so a crash between
 * storing and sending still gets its emails sent.
 */
export async function insertLead(
  client: SupabaseClient,
  lead: LeadInput,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<{ lead: LeadRecord; created: boolean }> {
  const { data, error } = await client
    .from('leads')
    .insert({
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      requirement: lead.requirement,
      tech_stack: lead.techStack,
      idempotency_key: idempotencyKey,
      attempts: 0,
      next_attempt_at: new Date(now.getTime() + outboxSafetyDelayMs).toISOString(),
    })
    .select('*')
    .single()
  if (error) {
    if (error.code === uniqueViolation) {
      const existing = await findLeadByIdempotencyKey(client, idempotencyKey)
      if (existing) return { lead: existing, created: false }
    }
    fail('store the lead', error)
  }
  return { lead: parseRow(data), created: true }
}

/**
 * Records that one email of a lead went out. `complete` (both emails sent) also takes the lead off the
 * outbox schedule and clears its last error.
 */
export async function markLeadEmailSent(
  client: SupabaseClient,
  id: string,
  kind: LeadEmailKind,
  options: { at?: Date; complete?: boolean } = {},
): Promise<LeadRecord> {
  const at = (options.at ?? new Date()).toISOString()
  const patch: Record<string, unknown> =
    kind === 'confirmation' ? { confirmation_sent_at: at } : { notification_sent_at: at }
  if (options.complete) Object.assign(patch, { next_attempt_at: null, last_error: null })
  const { data, error } = await client.from('leads').update(patch).eq('id', id).select('*').single()
  if (error) fail('record the sent email', error)
  return parseRow(data)
}

/**
 * Records the outcome of one delivery round in a single update: which emails went out now, and either
 * the failure (attempt count, error, next attempt; null gives up) or, when both are sent, completion.
 */
export async function recordLeadDelivery(
  client: SupabaseClient,
  id: string,
  outcome: {
    at: Date
    confirmationSent: boolean
    /** The confirmation was held back by the hourly cap: done, never retried. */
    confirmationSkipped?: boolean
    notificationSent: boolean
    failure: { error: string; attempts: number; nextAttemptAt: Date | null } | null
  },
): Promise<LeadRecord> {
  const at = outcome.at.toISOString()
  const patch: Record<string, unknown> = {}
  if (outcome.confirmationSent) patch.confirmation_sent_at = at
  if (outcome.confirmationSkipped) patch.confirmation_skipped_at = at
  if (outcome.notificationSent) patch.notification_sent_at = at
  if (outcome.failure) {
    Object.assign(patch, {
      attempts: outcome.failure.attempts,
      last_error: outcome.failure.error.slice(0, 1000),
      next_attempt_at: outcome.failure.nextAttemptAt ? outcome.failure.nextAttemptAt.toISOString() : null,
    })
  } else {
    Object.assign(patch, { next_attempt_at: null, last_error: null })
  }
  const { data, error } = await client.from('leads').update(patch).eq('id', id).select('*').single()
  if (error) fail('record the lead emails', error)
  return parseRow(data)
}

/** Records a failed send: the attempt count, the error and when the outbox tries again (null: gives up). */
export async function recordLeadEmailFailure(
  client: SupabaseClient,
  id: string,
  failure: { error: string; attempts: number; nextAttemptAt: Date | null },
): Promise<LeadRecord> {
  const { data, error } = await client
    .from('leads')
    .update({
      attempts: failure.attempts,
      last_error: failure.error.slice(0, 1000),
      next_attempt_at: failure.nextAttemptAt ? failure.nextAttemptAt.toISOString() : null,
    })
    .eq('id', id)
    .select('*')
    .single()
  if (error) fail('record the failed email', error)
  return parseRow(data)
}

/**
 * Leads whose emails are not all sent and whose next attempt is due (`next_attempt_at` is set only
 * while something is pending). `ignoreSchedule` returns every pending lead (the dev "run now" switch).
 */
export async function listLeadsDueForRetry(
  client: SupabaseClient,
  options: { now?: Date; maxAttempts: number; limit?: number; ignoreSchedule?: boolean },
): Promise<LeadRecord[]> {
  let query = client
    .from('leads')
    .select('*')
    .not('next_attempt_at', 'is', null)
    .lt('attempts', options.maxAttempts)
    .order('next_attempt_at', { ascending: true })
    .limit(options.limit ?? 50)
  if (!options.ignoreSchedule) query = query.lte('next_attempt_at', (options.now ?? new Date()).toISOString())
  const { data, error } = await query
  if (error) fail('list the leads due for retry', error)
  return (data ?? []).map(parseRow)
}

export interface LeadPage {
  leads: LeadRecord[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** Characters with a meaning in PostgREST's `or=(…)` syntax or in LIKE patterns. */
const searchSyntax = /[,()"*%_\\:]/g

/** Editors' list of leads, newest first, with a case-insensitive search on name, email, phone and tech stack. */
export async function listLeads(
  client: SupabaseClient,
  options: { search?: string; page?: number; pageSize?: number } = {},
): Promise<LeadPage> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 100)
  const page = Math.max(options.page ?? 1, 1)
  const from = (page - 1) * pageSize
  let query = client
    .from('leads')
    .select('*', { count: 'exact' })
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
  const search = (options.search ?? '').replace(searchSyntax, ' ').trim()
  if (search) {
    const pattern = `*${search}*`
    query = query.or(
      ['name', 'email', 'phone', 'tech_stack'].map((column) => `${column}.ilike.${pattern}`).join(','),
    )
  }
  const { data, error, count } = await query
  if (error) fail('list the leads', error)
  const total = count ?? data?.length ?? 0
  return {
    leads: (data ?? []).map(parseRow),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  }
}
