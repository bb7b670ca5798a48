import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import {
  newsletterSubscriberViewSchema,
  subscriberQuerySchema,
  subscriberState,
  type NewsletterSubscriberView,
  type SubscriberPage,
  type SubscriberQuery,
} from '../schemas/newsletter-send.ts'
import { csvCell } from './leads.ts'
import { countNewsletterRecipients } from './newsletter-sends.ts'
import { couldNot, rowReader } from './results.ts'

/**
 * The subscriber list as administrators work it, under row-level security (editors and administrators read
 * it; only administrators remove an address).
 */

export const subscriberPageSize = 25

/** A plain `ilike` pattern matching `text` literally (PostgREST reads `*` as `%`, so it becomes `_`). */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '_')}%`

const columns = 'id, email, created_at, confirmed_at, unsubscribed_at, bounced_at'

const toView = rowReader(newsletterSubscriberViewSchema)

function filtered(client: SupabaseClient, query: z.output<typeof subscriberQuerySchema>, count = false) {
  let q = client
    .from('newsletter_subscribers')
    .select(columns, count ? { count: 'exact' } : undefined)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
  if (query.search.trim() !== '') q = q.ilike('email', likeContains(query.search.trim()))
  switch (query.status) {
    case 'confirmed':
      q = q.not('confirmed_at', 'is', null).is('unsubscribed_at', null).is('bounced_at', null)
      break
    case 'pending':
      q = q.is('confirmed_at', null).is('unsubscribed_at', null).is('bounced_at', null)
      break
    case 'unsubscribed':
      q = q.not('unsubscribed_at', 'is', null).is('bounced_at', null)
      break
    case 'bouncing':
      q = q.not('bounced_at', 'is', null)
      break
  }
  return q
}

/** One page of subscribers (newest first) and the number of recipients. */
export async function listSubscribers(
  client: SupabaseClient,
  input: SubscriberQuery,
): Promise<SubscriberPage> {
  const query = subscriberQuerySchema.parse(input)
  const from = (query.page - 1) * subscriberPageSize
  const [{ data, error, count }, recipientCount] = await Promise.all([
    filtered(client, query, true).range(from, from + subscriberPageSize - 1),
    countNewsletterRecipients(client),
  ])
  if (error) couldNot('list the subscribers', error)
  const total = count ?? 0
  return {
    subscribers: (data ?? []).map(toView),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / subscriberPageSize)),
    recipientCount,
  }
}

/** Every subscriber the filters match, as CSV (RFC 4180, CRLF; formula-looking cells defused). */
export async function exportSubscribersCsv(client: SupabaseClient, input: SubscriberQuery): Promise<string> {
  const query = subscriberQuerySchema.parse({ ...input, page: 1 })
  const all: NewsletterSubscriberView[] = []
  for (let from = 0; ; from += 1000) {
    const { data, error } = await filtered(client, query).range(from, from + 999)
    if (error) couldNot('export the subscribers', error)
    all.push(...(data ?? []).map(toView))
    if (!data || data.length < 1000) break
  }
  const header = ['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed', 'Bouncing since']
  const rows = all.map((s) => [
    s.email,
    subscriberState(s),
    s.createdAt,
    s.confirmedAt ?? '',
    s.unsubscribedAt ?? '',
    s.bouncedAt ?? '',
  ])
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** Removes an address from the list for good (administrators; row-level security refuses anyone else). */
export async function removeSubscriber(client: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from('newsletter_subscribers').delete().eq('id', id).select('id')
  if (error) couldNot('remove the subscriber', error)
  if (!data || data.length === 0)
    throw new Error('This subscriber could not be removed: it is gone already, or only administrators may.')
}
