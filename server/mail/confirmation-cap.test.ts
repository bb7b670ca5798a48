import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../config/env.ts'
import { createMemoryRateLimits } from '../../tests/support/memory-rate-limits.ts'
import { createConfirmationGate } from './confirmation-cap.ts'

function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

describe('the hourly cap on confirmation mail', () => {
  it('lets the cap through per hour, then holds confirmations back with one log line per hour', async () => {
    let now = 0
    const { logger, lines } = capturingLogger()
    const env = parseEnv({ CONFIRMATION_MAIL_HOURLY_CAP: '3' })
    const gate = createConfirmationGate({
      rateLimits: createMemoryRateLimits(env, () => now),
      hourlyCap: 3,
      logger,
      now: () => now,
    })
    const allowed = []
    for (let i = 0; i < 6; i++) allowed.push(await gate(`visitor${i}@example.com`))
    expect(allowed).toEqual([true, true, true, false, false, false])
    await new Promise((resolve) => setImmediate(resolve))
    const tripped = lines.filter((l) => l.msg.includes('hourly cap on confirmation mail'))
    expect(tripped).toHaveLength(1)
    expect(tripped[0].level).toBe(40)
    expect(tripped[0].msg).toContain('CONFIRMATION_MAIL_HOURLY_CAP=3')

    now = 60 * 60_000
    expect(await gate('later@example.com')).toBe(true)
  })

  it('sends one address at most 3 confirmations a day, however many forms name it', async () => {
    const env = parseEnv({})
    const gate = createConfirmationGate({
      rateLimits: createMemoryRateLimits(env),
      hourlyCap: env.CONFIRMATION_MAIL_HOURLY_CAP,
      logger: pino({ level: 'silent' }),
    })
    const results = []
    for (let i = 0; i < 5; i++) results.push(await gate(i % 2 ? 'Victim@Example.com' : 'victim@example.com'))
    expect(results).toEqual([true, true, true, false, false])
  })
})
