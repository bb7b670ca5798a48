import { performance } from 'node:perf_hooks'
import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { hashPassword, passwordMatches } from './users.ts'

const password = 'correct-horse-battery-staple'

describe('password hashes', () => {
  it('verifies the hashes already stored: $2a$ from other bcrypt implementations, $2b$ from bcryptjs', async () => {
    const stored = [
      // OpenBSD's test vector (cost 5), and a cost-10 $2a$ hash made by the C implementation (GoTrue's
      // Go bcrypt writes $2a$ too).
      ['U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'],
      [password, '$2a$10$D/RqkwqTdWzoqtG98pZPFe3ozUapT9FUfNtKXsJCHRfHDzqzIHifq'],
      // What this backend stored until now: bcryptjs, cost 10.
      [password, bcrypt.hashSync(password, 10)],
    ] as const
    for (const [right, hash] of stored) {
      expect(await passwordMatches(right, hash)).toBe(true)
      expect(await passwordMatches(`${right}!`, hash)).toBe(false)
    }
    // A new hash is one bcryptjs reads, at the same cost.
    const made = await hashPassword(password)
    expect(made).toMatch(/^\$2[ab]\$10\$/)
    expect(bcrypt.compareSync(password, made)).toBe(true)
    // No account: the answer is no, after the same work.
    expect(await passwordMatches(password, null)).toBe(false)
  })

  it('keeps the main thread free while 20 passwords are checked', async () => {
    const hash = bcrypt.hashSync(password, 10)
    // One check on this thread, as a yardstick taken on the machine as it is now.
    let started = performance.now()
    bcrypt.compareSync('a-wrong-guess', hash)
    const oneCheckMs = performance.now() - started

    // The longest the main thread went without running a 2 ms timer, and how busy its event loop was.
    let last = performance.now()
    let longestStallMs = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      longestStallMs = Math.max(longestStallMs, now - last)
      last = now
    }, 2)
    const before = performance.eventLoopUtilization()
    started = performance.now()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => passwordMatches(`wrong-guess-${n}`, hash)),
    )
    const allMs = performance.now() - started
    const busy = performance.eventLoopUtilization(before).utilization
    clearInterval(ticker)

    expect(results).toEqual(Array(20).fill(false))
    console.info(
      `20 checks took ${allMs.toFixed(0)} ms; one check on the main thread ${oneCheckMs.toFixed(0)} ms; ` +
        `longest stall ${longestStallMs.toFixed(0)} ms; event loop busy ${(busy * 100).toFixed(0)}%`,
    )
    // Generous room for a loaded machine: the checks themselves must not run on this thread.
    expect(busy).toBeLessThan(0.5)
    expect(longestStallMs).toBeLessThan(2 * oneCheckMs)
  }, 120_000)
})
