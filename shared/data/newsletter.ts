import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'

/**
 * The newsletter_subscribers data module. Written only with the service role (server side): RLS lets
 * no visitor read or write the list. Double opt-in: an address counts only once its owner clicked the
 * confirmation link, and stops counting when they unsubscribe.
 */

export const newsletterSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  confirmation_sent_at: z.string().nullable(),
  confirmed_at: z.string().nullable().default(null),
  unsubscribe_token: z.string().nullable().default(null),
  unsubscribed_at: z.string().nullable().default(null),
})
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>

const parse = (row: unknown) => newsletterSubscriberSchema.parse(row)

/** Whether an address is on the list as a recipient (confirmed and not unsubscribed). */
export const isNewsletterRecipient = (s: NewsletterSubscriber) =>
  s.confirmed_at !== null && s.unsubscribed_at === null

/**
 * Adds an address once (case-insensitive) with its unsubscribe token; a second subscription returns the
 * existing row.
 */
export async function addNewsletterSubscriber(
  client: SupabaseClient,
  email: string,
  unsubscribeToken: string,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  const normalised = email.trim().toLowerCase()
  const inserted = await client
    .from('newsletter_subscribers')
    .upsert(
      { email: normalised, unsubscribe_token: unsubscribeToken },
      { onConflict: 'email', ignoreDuplicates: true },
    )
    .select('*')
  if (inserted.error) throw new Error(inserted.error.message)
  if (inserted.data.length > 0) return { subscriber: parse(inserted.data[0]), created: true }
  const existing = await client.from('newsletter_subscribers').select('*').eq('email', normalised).single()
  if (existing.error) throw new Error(existing.error.message)
  let subscriber = parse(existing.data)
  if (!subscriber.unsubscribe_token) {
    // A row from before unsubscribe links: give it one now.
    const updated = await client
      .from('newsletter_subscribers')
      .update({ unsubscribe_token: unsubscribeToken })
      .eq('id', subscriber.id)
      .select('*')
      .single()
    if (updated.error) throw new Error(updated.error.message)
    subscriber = parse(updated.data)
  }
  return { subscriber, created: false }
}

/** Records a confirmation email sent now with the hash of its link's token (an older link stops working). */
export async function recordNewsletterConfirmationSent(
  client: SupabaseClient,
  id: string,
  confirmTokenHash: string,
  at: Date = new Date(),
): Promise<void> {
  const { error } = await client
    .from('newsletter_subscribers')
    .update({ confirmation_sent_at: at.toISOString(), confirm_token_hash: confirmTokenHash })
    .eq('id', id)
  if (error) throw new Error(error.message)
}

/**
 * Confirms the subscription whose last confirmation link carries this token (by its hash), if that link was
 * sent after `sentAfter`. Returns the subscriber, or null for an unknown, used or expired link.
 */
export async function confirmNewsletterSubscription(
  client: SupabaseClient,
  confirmTokenHash: string,
  sentAfter: Date,
): Promise<NewsletterSubscriber | null> {
  const { data, error } = await client
    .from('newsletter_subscribers')
    .update({ confirmed_at: new Date().toISOString(), unsubscribed_at: null, confirm_token_hash: null })
    .eq('confirm_token_hash', confirmTokenHash)
    .gt('confirmation_sent_at', sentAfter.toISOString())
    .select('*')
  if (error) throw new Error(error.message)
  return data.length > 0 ? parse(data[0]) : null
}

/** Unsubscribes the address this unsubscribe token belongs to; null for an unknown token. */
export async function unsubscribeFromNewsletter(
  client: SupabaseClient,
  unsubscribeToken: string,
): Promise<NewsletterSubscriber | null> {
  const { data, error } = await client
    .from('newsletter_subscribers')
    .update({ unsubscribed_at: new Date().toISOString(), confirm_token_hash: null })
    .eq('unsubscribe_token', unsubscribeToken)
    .select('*')
  if (error) throw new Error(error.message)
  return data.length > 0 ? parse(data[0]) : null
}

/** The addresses a newsletter goes to: confirmed and not unsubscribed (editors or the service role). */
export async function listNewsletterRecipients(
  client: SupabaseClient,
): Promise<{ id: string; email: string; unsubscribeToken: string }[]> {
  const { data, error } = await client
    .from('newsletter_recipients')
    .select('id,email,unsubscribe_token')
    .order('email', { ascending: true })
  if (error) throw new Error(error.message)
  return (data ?? []).map((r) => ({ id: r.id, email: r.email, unsubscribeToken: r.unsubscribe_token }))
}
