import type { SupabaseClient } from '@supabase/supabase-js'
import {
  leadRecordSchema,
  leadStatusLabels,
  leadUpdateSchema,
  type LeadEmailKind,
  type LeadInput,
  type LeadRecord,
  type LeadStatus,
  type LeadUpdate,
  leadFieldRow,
} from '../schemas/lead.ts'
import { sourceLabel, type LeadAttribution } from '../schemas/insights.ts'
import { likeContainsPattern, quotedFilterValue } from '../lib/postgrest-values.ts'
import { couldNot, DataError, oneOrNull } from './results.ts'

/**
 * The `leads` table: the only module that reads or writes it. Writes need the service role (the server);
 * reads need an editor's session (RLS). Every function throws on a Supabase error.
 */

const parseRow = (row: unknown): LeadRecord => leadRecordSchema.parse(row)

/** Postgres unique_violation: the idempotency key was used before. */
const uniqueViolation = '23505'

/** How long a new lead's delivery waits before the outbox takes it (the request sends its emails first). */
export const outboxSafetyDelayMs = 60_000

/** The lead stored under an idempotency key, or null. */
export async function findLeadByIdempotencyKey(
  client: SupabaseClient,
  idempotencyKey: string,
): Promise<LeadRecord | null> {
  return oneOrNull(
    client.from('leads').select('*').eq('idempotency_key', idempotencyKey).maybeSingle(),
    parseRow,
    (error) => couldNot('look up the lead', error),
  )
}

/**
 * Stores a lead once per idempotency key: a repeated key returns the existing row (`created: false`)
 * instead of a second one. Storing it queues its emails' delivery in the same transaction (a trigger), due
 * a minute out (`next_attempt_at`), so a crash between storing and sending still gets its emails sent.
 */
export async function insertLead(
  client: SupabaseClient,
  lead: LeadInput,
  idempotencyKey: string,
  attribution: LeadAttribution | null = null,
  now: Date = new Date(),
): Promise<{ lead: LeadRecord; created: boolean }> {
  const { data, error } = await client
    .from('leads')
    .insert({
      ...leadFieldRow(lead),
      idempotency_key: idempotencyKey,
      landing_path: attribution?.landingPath ?? null,
      referrer_host: attribution?.referrerHost ?? null,
      utm_source: attribution?.utmSource ?? null,
      utm_medium: attribution?.utmMedium ?? null,
      utm_campaign: attribution?.utmCampaign ?? null,
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
    couldNot('store the lead', error)
  }
  return { lead: parseRow(data), created: true }
}

/** One lead by its id, or null (the outbox reads the lead it delivers fresh). */
export async function getLead(client: SupabaseClient, id: string): Promise<LeadRecord | null> {
  return oneOrNull(client.from('leads').select('*').eq('id', id).maybeSingle(), parseRow, (error) =>
    couldNot('read the lead', error),
  )
}

/**
 * Records that one email of a lead went out, right after the send: the smaller the gap between sending and
 * recording, the fewer mails a crash can make the next holder of the lead's delivery send again. What went
 * out is a fact whoever records it, so the first record stands.
 */
export async function markLeadEmailSent(
  client: SupabaseClient,
  id: string,
  kind: LeadEmailKind,
  at: Date,
): Promise<void> {
  const column = kind === 'confirmation' ? 'confirmation_sent_at' : 'notification_sent_at'
  const { error } = await client
    .from('leads')
    .update({ [column]: at.toISOString() })
    .eq('id', id)
    .is(column, null)
  if (error) couldNot('record the sent email', error)
}

/**
 * Records what the hourly caps held back from a lead's delivery: a confirmation skipped for good, or a sales
 * notification owed in the digest from `notificationHeldUntil` on. (The attempts, error and next attempt of
 * the delivery are its outbox job's, shown on the lead by the database.)
 */
export async function recordLeadHeldBack(
  client: SupabaseClient,
  id: string,
  held: { confirmationSkippedAt?: Date; notificationHeldUntil?: Date },
): Promise<void> {
  const patch: Record<string, unknown> = {}
  if (held.confirmationSkippedAt) patch.confirmation_skipped_at = held.confirmationSkippedAt.toISOString()
  if (held.notificationHeldUntil) patch.notification_held_until = held.notificationHeldUntil.toISOString()
  if (Object.keys(patch).length === 0) return
  const { error } = await client.from('leads').update(patch).eq('id', id)
  if (error) couldNot('record the emails held back', error)
}

/**
 * Claims up to `limit` leads whose sales notification the hourly cap held back and whose hour has ended,
 * under one claim token (the leads of one digest), skipping those another instance holds. `now` only for
 * tests that drive the clock; otherwise the database's clock decides.
 */
export async function claimHeldNotifications(
  client: SupabaseClient,
  options: { leaseSeconds: number; limit: number; now?: Date },
): Promise<LeadRecord[]> {
  const { data, error } = await client.rpc('claim_held_notifications', {
    p_limit: options.limit,
    p_lease_seconds: options.leaseSeconds,
    p_now: options.now?.toISOString() ?? null,
  })
  if (error) couldNot('claim the held notifications', error)
  return ((data ?? []) as unknown[]).map(parseRow)
}

/**
 * Settles the leads of one digest in a single update: sent (`sentAt`) or, when the digest could not be
 * sent, released for the next try. Applies to the rows the digest's claim (one token for all) still holds.
 */
export async function settleHeldNotifications(
  client: SupabaseClient,
  options: { claimToken: string; sentAt: Date | null },
): Promise<void> {
  const patch: Record<string, unknown> = { claimed_until: null, claim_token: null }
  if (options.sentAt) patch.notification_sent_at = options.sentAt.toISOString()
  const { error } = await client.from('leads').update(patch).eq('claim_token', options.claimToken)
  if (error) couldNot(options.sentAt ? 'record the digest' : 'release the held notifications', error)
}

export interface LeadPage {
  leads: LeadRecord[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** The Leads screen's filters: a search, a pipeline status and an owner ('none': nobody yet). */
export interface LeadFilters {
  search?: string
  status?: LeadStatus | 'all'
  owner?: string | 'all' | 'none'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function filteredLeads(client: SupabaseClient, filters: LeadFilters, count?: 'exact') {
  let query = client
    .from('leads')
    .select('*', count ? { count } : undefined)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
  const search = (filters.search ?? '').trim()
  if (search) {
    // The search as text: an address with `_` or a name with a comma is found as typed.
    const pattern = quotedFilterValue(likeContainsPattern(search))
    query = query.or(
      ['name', 'email', 'phone', 'tech_stack', 'notes']
        .map((column) => `${column}.ilike.${pattern}`)
        .join(','),
    )
  }
  if (filters.status && filters.status !== 'all') query = query.eq('status', filters.status)
  if (filters.owner === 'none') query = query.is('owner_id', null)
  else if (filters.owner && filters.owner !== 'all' && UUID.test(filters.owner))
    query = query.eq('owner_id', filters.owner)
  return query
}

/**
 * Editors' list of leads, newest first, one page from the server: a case-insensitive search on name, email,
 * phone, tech stack and notes, and filters by status and owner.
 */
export async function listLeads(
  client: SupabaseClient,
  options: LeadFilters & { page?: number; pageSize?: number } = {},
): Promise<LeadPage> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 100)
  const page = Math.max(options.page ?? 1, 1)
  const from = (page - 1) * pageSize
  const query = filteredLeads(client, options, 'exact').range(from, from + pageSize - 1)
  const { data, error, count } = await query
  if (error) couldNot('list the leads', error)
  const total = count ?? data?.length ?? 0
  return {
    leads: (data ?? []).map(parseRow),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  }
}

/**
 * Changes a lead's place in the pipeline (status, notes, owner): the only columns editors may write. Returns
 * the stored lead; a caller who may not work leads (a contributor) is refused.
 */
export async function updateLead(client: SupabaseClient, id: string, patch: LeadUpdate): Promise<LeadRecord> {
  const parsed = leadUpdateSchema.safeParse(patch)
  if (!parsed.success)
    throw new DataError(parsed.error.issues.map((i) => i.message).join(' '), 'invalid_input')
  const values: Record<string, unknown> = {}
  if (parsed.data.status !== undefined) values.status = parsed.data.status
  if (parsed.data.notes !== undefined) values.notes = parsed.data.notes
  if (parsed.data.ownerId !== undefined) values.owner_id = parsed.data.ownerId
  const { data, error } = await client.from('leads').update(values).eq('id', id).select('*')
  if (error) {
    if (error.code === '42501')
      throw new DataError('Only editors and administrators can work leads.', 'not_allowed')
    couldNot('update the lead', error)
  }
  if (!data || data.length === 0)
    throw new DataError('The lead no longer exists, or your role cannot change it.', 'not_allowed')
  return parseRow(data[0])
}

/** Every lead matching the filters (for the CSV export), newest first, read in pages of 1,000. */
export async function listAllLeads(client: SupabaseClient, filters: LeadFilters): Promise<LeadRecord[]> {
  const all: LeadRecord[] = []
  for (let from = 0; ; from += 1000) {
    const { data, error } = await filteredLeads(client, filters).range(from, from + 999)
    if (error) couldNot('export the leads', error)
    all.push(...(data ?? []).map(parseRow))
    if (!data || data.length < 1000) return all
  }
}

/**
 * One CSV cell: quoted when it holds a quote, a comma or a line break; a value a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP's advice).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Leads as CSV (RFC 4180 with CRLF), owners by their email. */
export function leadsToCsv(leads: LeadRecord[], ownerEmails: Record<string, string> = {}): string {
  const header = [
    'Received',
    'Name',
    'Email',
    'Phone',
    'Requirement',
    'Technology stack',
    'Status',
    'Owner',
    'Notes',
    'Source',
    'Landing page',
    'Referrer',
    'UTM source',
    'UTM medium',
    'UTM campaign',
  ]
  const rows = leads.map((lead) => [
    lead.createdAt,
    lead.name,
    lead.email,
    lead.phone,
    lead.requirement,
    lead.techStack,
    leadStatusLabels[lead.status],
    lead.ownerId ? (ownerEmails[lead.ownerId] ?? lead.ownerId) : '',
    lead.notes,
    sourceLabel(lead.source),
    lead.source.landingPath ?? '',
    lead.source.referrerHost ?? '',
    lead.source.utmSource ?? '',
    lead.source.utmMedium ?? '',
    lead.source.utmCampaign ?? '',
  ])
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
