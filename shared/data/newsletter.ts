import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'

/**
 * The newsletter_subscribers data module. Written only with the service role (server side): RLS lets
 * no visitor read or write the list.
 */

export const newsletterSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  confirmation_sent_at: z.string().nullable(),
})
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>

/** Adds an address once (case-insensitive); a second subscription returns the existing row. */
export async function addNewsletterSubscriber(
  client: SupabaseClient,
  email: string,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  const normalised = email.trim().toLowerCase()
  const inserted = await client
    .from('newsletter_subscribers')
    .upsert({ email: normalised }, { onConflict: 'email', ignoreDuplicates: true })
    .select('*')
  if (inserted.error) throw new Error(inserted.error.message)
  if (inserted.data.length > 0)
    return { subscriber: newsletterSubscriberSchema.parse(inserted.data[0]), created: true }
  const existing = await client.from('newsletter_subscribers').select('*').eq('email', normalised).single()
  if (existing.error) throw new Error(existing.error.message)
  return { subscriber: newsletterSubscriberSchema.parse(existing.data), created: false }
}

export async function markNewsletterConfirmationSent(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client
    .from('newsletter_subscribers')
    .update({ confirmation_sent_at: new Date().toISOString() })
    .eq('id', id)
  if (error) throw new Error(error.message)
}
