import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { nextAttemptDelay } from '../mail/outbox.ts'
import { clientIp } from './leads.ts'
import { createRateLimiter } from './rate-limit.ts'

describe('rate limiter', () => {
  it('allows the limit per window, then refuses until the window ends', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now })
    expect(limiter.take('1.2.3.4').ok).toBe(true)
    expect(limiter.take('1.2.3.4').ok).toBe(true)
    expect(limiter.take('1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 60 })
    expect(limiter.take('5.6.7.8').ok).toBe(true)
    now = 45_000
    expect(limiter.take('1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 15 })
    now = 60_000
    expect(limiter.take('1.2.3.4').ok).toBe(true)
  })

  it('is off when the limit is 0', () => {
    const limiter = createRateLimiter({ limit: 0, windowMs: 60_000 })
    for (let i = 0; i < 100; i++) expect(limiter.take('x').ok).toBe(true)
  })
})

describe('lead outbox backoff', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h after each failed attempt', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 9].map((n) => nextAttemptDelay(n) / 60_000)
    expect(minutes).toEqual([1, 5, 30, 120, 360, 360, 360])
  })
})

describe('client address for rate limits', () => {
  const app = new Hono()
  app.get('/trusting', (c) => c.text(clientIp(c, true)))
  app.get('/direct', (c) => c.text(clientIp(c)))
  const headers = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' }

  it('takes the last X-Forwarded-For hop only when the proxy is trusted', async () => {
    expect(await (await app.request('/trusting', { headers })).text()).toBe('203.0.113.7')
    expect(await (await app.request('/direct', { headers })).text()).not.toContain('203.0.113.7')
  })
})
