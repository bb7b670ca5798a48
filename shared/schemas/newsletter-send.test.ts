import { describe, expect, it } from 'vitest'
import {
  newsletterProgressText,
  newsletterSendRequestSchema,
  newsletterSendState,
  subscriberState,
  type NewsletterSendProgress,
} from './newsletter-send.ts'

const send = (counts: Partial<NewsletterSendProgress>): NewsletterSendProgress => ({
  id: 's',
  postId: 'p',
  slug: 'a-post',
  subject: 'A post',
  recipientCount: 2000,
  pending: 2000,
  sent: 0,
  failed: 0,
  skipped: 0,
  createdAt: '2026-11-24T10:00:00Z',
  createdByEmail: null,
  finishedAt: null,
  ...counts,
})

describe('a send in words', () => {
  it('is queued until the first delivery is done', () => {
    expect(newsletterSendState(send({}))).toBe('queued')
    expect(newsletterProgressText(send({}))).toBe('Queued for 2,000 recipients')
  })

  it('counts what is done while it sends, failures included', () => {
    const s = send({ pending: 1880, sent: 118, failed: 2 })
    expect(newsletterSendState(s)).toBe('sending')
    expect(newsletterProgressText(s)).toBe('Sending 120/2,000 · 2 failed')
  })

  it('is sent when nothing is owed, with failures and skipped addresses named', () => {
    expect(newsletterProgressText(send({ pending: 0, sent: 2000 }))).toBe('Sent to 2,000')
    expect(newsletterProgressText(send({ pending: 0, sent: 1995, failed: 3, skipped: 2 }))).toBe(
      'Sent to 1,995 · 3 failed · 2 skipped',
    )
  })
})

describe('the send request', () => {
  it('takes a slug and refuses anything else with a message', () => {
    expect(newsletterSendRequestSchema.parse({ slug: ' a-post ' })).toEqual({ slug: 'a-post' })
    for (const slug of ['', 'A Post', '../x', 42, 'x'.repeat(201)]) {
      const result = newsletterSendRequestSchema.safeParse({ slug })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0].message).toMatch(/^slug: /)
    }
  })
})

describe('a subscriber in one word', () => {
  const base = {
    id: 'x',
    email: 'a@example.com',
    createdAt: '',
    confirmedAt: null,
    unsubscribedAt: null,
    bouncedAt: null,
  }
  it('bouncing wins over unsubscribed, which wins over confirmed', () => {
    expect(subscriberState(base)).toBe('pending')
    expect(subscriberState({ ...base, confirmedAt: 'x' })).toBe('confirmed')
    expect(subscriberState({ ...base, confirmedAt: 'x', unsubscribedAt: 'y' })).toBe('unsubscribed')
    expect(subscriberState({ ...base, confirmedAt: 'x', unsubscribedAt: 'y', bouncedAt: 'z' })).toBe(
      'bouncing',
    )
  })
})
