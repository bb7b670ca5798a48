import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { newsletterSendProgressSchema, type NewsletterSendProgress } from '../schemas/newsletter-send.ts'
import { callRpc, camelKeys, couldNot, oneOrNull, rpcRowFor } from './results.ts'

/**
 * Newsletter sends and their deliveries (`supabase/migrations/20261129150000_newsletter_sends.sql`). The
 * server starts, claims and records with the service role through SQL functions; editors read progress.
 */

const progressRow = z.object({
  id: z.string(),
  post_id: z.string().nullable(),
  slug: z.string(),
  subject: z.string(),
  recipient_count: z.coerce.number(),
  pending: z.coerce.number(),
  sent: z.coerce.number(),
  failed: z.coerce.number(),
  skipped: z.coerce.number(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  finished_at: z.string().nullable(),
})

const toProgress = (row: unknown): NewsletterSendProgress =>
  newsletterSendProgressSchema.parse(camelKeys(progressRow.parse(row)))

/**
 * Starts the send of a post (service role): the send and one delivery per confirmed recipient in one
 * transaction. A post sent before gets its first send back with `created: false`.
 */
export async function startNewsletterSend(
  client: SupabaseClient,
  send: {
    postId: string
    slug: string
    subject: string
    html: string
    text: string
    createdBy: string | null
    createdByEmail: string | null
  },
): Promise<{ sendId: string; created: boolean }> {
  const data = await callRpc(
    client,
    'start_newsletter_send',
    {
      p_post_id: send.postId,
      p_slug: send.slug,
      p_subject: send.subject,
      p_html: send.html,
      p_text: send.text,
      p_created_by: send.createdBy,
      p_created_by_email: send.createdByEmail,
    },
    'start the newsletter send',
  )
  const row = z.array(z.object({ send_id: z.string(), created: z.boolean() })).parse(data)[0]
  if (!row) couldNot('start the newsletter send', { message: 'no row came back.' })
  return { sendId: row.send_id, created: row.created }
}

/** One send's progress, by its id or its post's id (null: none). */
export async function getNewsletterSend(
  client: SupabaseClient,
  by: { id: string } | { postId: string },
): Promise<NewsletterSendProgress | null> {
  const query = client.from('newsletter_send_progress').select('*')
  return oneOrNull(
    ('id' in by ? query.eq('id', by.id) : query.eq('post_id', by.postId)).maybeSingle(),
    toProgress,
    (error) => couldNot('read the newsletter send', error),
  )
}

/** The latest sends, newest first. */
export async function listNewsletterSends(
  client: SupabaseClient,
  limit = 20,
): Promise<NewsletterSendProgress[]> {
  const { data, error } = await client
    .from('newsletter_send_progress')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) couldNot('list the newsletter sends', error)
  return (data ?? []).map(toProgress)
}

/** How many addresses a newsletter would go to now (confirmed, subscribed, not bouncing). */
export async function countNewsletterRecipients(client: SupabaseClient): Promise<number> {
  const { count, error } = await client
    .from('newsletter_recipients')
    .select('id', { count: 'exact', head: true })
  if (error) couldNot('count the subscribers', error)
  return count ?? 0
}

// ---- the outbox's side (service role; the claim is the one outbox's, server/jobs/) --------------------------

const toSendRow = z.object({
  id: z.coerce.number(),
  send_id: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
  email: z.string().nullable(),
  unsubscribe_token: z.string().nullable(),
})

/** One recipient's delivery as its mail needs it (email and token null when the address was removed). */
export interface NewsletterDeliveryToSend {
  id: number
  sendId: string
  status: 'pending' | 'sent' | 'failed' | 'skipped'
  email: string | null
  unsubscribeToken: string | null
}

/** The delivery behind an outbox job of the queue `newsletter` (its `outbox_key`), or null. */
export const newsletterDeliveryToSend = rpcRowFor<NewsletterDeliveryToSend>(
  'newsletter_delivery_to_send',
  'p_key',
  'read a newsletter delivery',
  (row) => camelKeys(toSendRow.parse(row)),
)

/**
 * Records a delivery's mail going out, or its address refused for good (the delivery fails and the address
 * is marked as bouncing). False when the delivery was no longer owed.
 */
export async function recordNewsletterOutcome(
  client: SupabaseClient,
  key: string,
  result: { outcome: 'sent' } | { outcome: 'bounced'; error: string },
): Promise<boolean> {
  const data = await callRpc(
    client,
    'record_newsletter_outcome',
    {
      p_key: key,
      p_outcome: result.outcome,
      p_error: result.outcome === 'bounced' ? result.error : null,
    },
    'record a newsletter delivery',
  )
  return data === true
}

/** The issue a send mails (as rendered when it started), without the per-recipient footer. */
export async function getNewsletterIssue(
  client: SupabaseClient,
  sendId: string,
): Promise<{ subject: string; html: string; text: string } | null> {
  return oneOrNull(
    client.from('newsletter_sends').select('subject, html, text').eq('id', sendId).maybeSingle(),
    (row) => z.object({ subject: z.string(), html: z.string(), text: z.string() }).parse(row),
    (error) => couldNot('read the newsletter issue', error),
  )
}
