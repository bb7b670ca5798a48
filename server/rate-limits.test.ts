import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp } from './http/pipeline.ts'
import { parseEnv } from './config/env.ts'
import { backoffDelay } from './jobs/leased-worker.ts'
import { retryDelaysMs } from './jobs/leased-worker.ts'
import { createMemoryRateLimits } from '../tests/support/memory-rate-limits.ts'

describe('rate limits in memory', () => {
  it('allow the limit per window, then refuse until the window ends', async () => {
    let now = 0
    const limits = createMemoryRateLimits(parseEnv({ LEAD_RATE_LIMIT: '2' }), () => now)
    expect((await limits.take('leadPerIp', '1.2.3.4')).ok).toBe(true)
    expect((await limits.take('leadPerIp', '1.2.3.4')).ok).toBe(true)
    expect(await limits.take('leadPerIp', '1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 60 })
    expect((await limits.take('leadPerIp', '5.6.7.8')).ok).toBe(true)
    // Each rule counts on its own.
    expect((await limits.take('leadPerEmail', '1.2.3.4')).ok).toBe(true)
    now = 45_000
    expect(await limits.take('leadPerIp', '1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 15 })
    now = 60_000
    expect((await limits.take('leadPerIp', '1.2.3.4')).ok).toBe(true)
  })

  it('are off when the limit is 0', async () => {
    const limits = createMemoryRateLimits(parseEnv({ LEAD_RATE_LIMIT: '0' }))
    for (let i = 0; i < 100; i++) expect((await limits.take('leadPerIp', 'x')).ok).toBe(true)
  })
})

describe('lead outbox backoff', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h after each failed attempt', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelay(retryDelaysMs, n) / 60_000)
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
