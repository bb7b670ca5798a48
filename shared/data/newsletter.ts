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
  // Kept in newsletter_unsubscribe_tokens (administrators and the server read it): only a sign-up returns it.
  unsubscribe_token: z.string().nullable().default(null),
  unsubscribed_at: z.string().nullable().default(null),
})
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>

const parse = (row: unknown) => newsletterSubscriberSchema.parse(row)

/** Whether an address is on the list as a recipient (confirmed and not unsubscribed). */
export const isNewsletterRecipient = (s: NewsletterSubscriber) =>
  s.confirmed_at !== null && s.unsubscribed_at === null

/**
 * Adds an address once (case-insensitive) with its unsubscribe token, in one transaction; a second
 * subscription returns the existing row with the token it already has.
 */
export async function addNewsletterSubscriber(
  client: SupabaseClient,
  email: string,
  unsubscribeToken: string,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  const { data, error } = await client.rpc('add_newsletter_subscriber', {
    p_email: email.trim().toLowerCase(),
    p_unsubscribe_token: unsubscribeToken,
  })
  if (error) throw new Error(error.message)
  const row = z
    .array(newsletterSubscriberSchema.extend({ created: z.boolean() }))
    .length(1)
    .parse(data)[0]!
  const { created, ...subscriber } = row
  return { subscriber, created }
}

/**
 * Claims the right to mail a pending address a new confirmation link: true for one caller per `gapSeconds`,
 * however many sign-ups of the address arrive at once on however many server instances (the database decides
 * in one step, on its own clock, and stamps the claim as the time the link was sent).
 */
export async function claimNewsletterConfirmation(
  client: SupabaseClient,
  id: string,
  gapSeconds: number,
): Promise<boolean> {
  const { data, error } = await client.rpc('claim_newsletter_confirmation', {
    p_subscriber_id: id,
    p_gap_seconds: gapSeconds,
  })
  if (error) throw new Error(error.message)
  return data === true
}

/** Records the hash of the token in the confirmation link being sent (an older link stops working). */
export async function recordNewsletterConfirmationLink(
  client: SupabaseClient,
  id: string,
  confirmTokenHash: string,
): Promise<void> {
  const { error } = await client
    .from('newsletter_subscribers')
    .update({ confirm_token_hash: confirmTokenHash })
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
  const owner = await client
    .from('newsletter_unsubscribe_tokens')
    .select('subscriber_id')
    .eq('token', unsubscribeToken)
    .maybeSingle()
  if (owner.error) throw new Error(owner.error.message)
  if (!owner.data) return null
  const { data, error } = await client
    .from('newsletter_subscribers')
    .update({ unsubscribed_at: new Date().toISOString(), confirm_token_hash: null })
    .eq('id', owner.data.subscriber_id)
    .select('*')
  if (error) throw new Error(error.message)
  return data.length > 0 ? parse(data[0]) : null
}
