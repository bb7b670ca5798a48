import { describe, expect, it } from 'vitest'
import { FailedAttemptLimiter } from './rate-limit.ts'

describe('FailedAttemptLimiter', () => {
  it('blocks a key after 5 failures within 5 minutes and lets it try again once the oldest expires', () => {
    let now = 0
    const limiter = new FailedAttemptLimiter(5, 300_000, () => now)
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfterSeconds('a@x.com|1.2.3.4')).toBe(0)
      limiter.recordFailure('a@x.com|1.2.3.4')
      now += 1000
    }
    expect(limiter.retryAfterSeconds('a@x.com|1.2.3.4')).toBe(295)
    expect(limiter.retryAfterSeconds('b@x.com|1.2.3.4')).toBe(0)
    now = 300_001
    expect(limiter.retryAfterSeconds('a@x.com|1.2.3.4')).toBe(0)
  })

  it('forgets a key after a successful sign-in', () => {
    const limiter = new FailedAttemptLimiter(2, 60_000, () => 0)
    limiter.recordFailure('k')
    limiter.recordFailure('k')
    expect(limiter.retryAfterSeconds('k')).toBeGreaterThan(0)
    limiter.reset('k')
    expect(limiter.retryAfterSeconds('k')).toBe(0)
  })
})
