import { describe, expect, it } from 'vitest'
import { countOf } from './plural.ts'
import { newsletterProgressText } from '../schemas/newsletter-send.ts'

describe('counts in words', () => {
  it('says one thing in the singular and every other count in the plural, grouped as en-US', () => {
    expect(countOf(1, 'recipient')).toBe('1 recipient')
    expect(countOf(0, 'recipient')).toBe('0 recipients')
    expect(countOf(2000, 'recipient')).toBe('2,000 recipients')
    expect(countOf(1, 'word', 'words')).toBe('1 word')
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries')
  })

  it('a newsletter queued for one reader says "recipient"', () => {
    const send = { recipientCount: 1, pending: 1, sent: 0, failed: 0, skipped: 0 }
    expect(newsletterProgressText(send as Parameters<typeof newsletterProgressText>[0])).toBe(
      'Queued for 1 recipient',
    )
  })
})
