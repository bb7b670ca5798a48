import { z } from 'zod'
import { slugPattern } from './blog.ts'
import { countOf } from '../lib/plural.ts'

/** `POST /api/newsletter/send {slug}` and `POST /api/newsletter/test {slug}`: the post to mail. */
export const newsletterSendRequestSchema = z.object({
  slug: z
    .string({ error: 'slug: give the slug of a published post.' })
    .trim()
    .min(1, 'slug: give the slug of a published post.')
    .max(200, 'slug: this is not a post slug.')
    .regex(slugPattern, 'slug: this is not a post slug.'),
})

/** One send of a post to the newsletter, with its progress counted in the database. */
export const newsletterSendProgressSchema = z.object({
  id: z.string(),
  postId: z.string().nullable(),
  slug: z.string(),
  subject: z.string(),
  recipientCount: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type NewsletterSendProgress = z.infer<typeof newsletterSendProgressSchema>

/** What the editor's newsletter panel shows for one post: who would get it, and its send if there is one. */
export const newsletterPostStatusSchema = z.object({
  recipientCount: z.number().int(),
  send: newsletterSendProgressSchema.nullable(),
})
export type NewsletterPostStatus = z.infer<typeof newsletterPostStatusSchema>

/** The answer of `POST /api/newsletter/send`: the send, and whether this call started it. */
export const newsletterSendResultSchema = z.object({
  created: z.boolean(),
  send: newsletterSendProgressSchema,
})
export type NewsletterSendResult = z.infer<typeof newsletterSendResultSchema>

export type NewsletterSendState = 'queued' | 'sending' | 'sent'

/** queued: nothing processed yet; sending: some done, some owed; sent: nothing owed any more. */
export function newsletterSendState(send: NewsletterSendProgress): NewsletterSendState {
  if (send.pending === 0) return 'sent'
  return send.pending === send.recipientCount ? 'queued' : 'sending'
}

const count = (n: number) => n.toLocaleString('en-US')

/** The progress in words: "Queued", "Sending 120/2,000", "Sent to 1,998 · 2 failed". */
export function newsletterProgressText(send: NewsletterSendProgress): string {
  const state = newsletterSendState(send)
  const failed = send.failed > 0 ? ` · ${count(send.failed)} failed` : ''
  const skipped = send.skipped > 0 ? ` · ${count(send.skipped)} skipped` : ''
  if (state === 'queued') return `Queued for ${countOf(send.recipientCount, 'recipient')}`
  if (state === 'sending') {
    const done = send.recipientCount - send.pending
    return `Sending ${count(done)}/${count(send.recipientCount)}${failed}${skipped}`
  }
  return `Sent to ${count(send.sent)}${failed}${skipped}`
}

/** A subscriber as administrators see them. */
export const newsletterSubscriberViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
})
export type NewsletterSubscriberView = z.infer<typeof newsletterSubscriberViewSchema>

export const subscriberStatuses = ['all', 'confirmed', 'pending', 'unsubscribed', 'bouncing'] as const
export type SubscriberStatusFilter = (typeof subscriberStatuses)[number]

/** A subscriber's state in one word. */
export function subscriberState(s: NewsletterSubscriberView): Exclude<SubscriberStatusFilter, 'all'> {
  if (s.bouncedAt) return 'bouncing'
  if (s.unsubscribedAt) return 'unsubscribed'
  return s.confirmedAt ? 'confirmed' : 'pending'
}

export const subscriberQuerySchema = z.object({
  search: z.string().max(200).default(''),
  status: z.enum(subscriberStatuses).default('all'),
  page: z.number().int().min(1).max(100_000).default(1),
})
export type SubscriberQuery = z.input<typeof subscriberQuerySchema>

export interface SubscriberPage {
  subscribers: NewsletterSubscriberView[]
  total: number
  page: number
  pageCount: number
  /** Confirmed, subscribed, not bouncing: who a newsletter goes to. */
  recipientCount: number
}
