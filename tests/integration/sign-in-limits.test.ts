import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitSeconds } from '../../server/local-supabase/auth/sign-in-limits.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

// Password guesses from real source addresses (127.0.0.x on loopback): the limits see what a server without
// a proxy in front sees. Each test uses addresses of its own.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
}, 180_000) // the server's first start creates a database: slow on a busy machine

afterAll(async () => {
  await server?.stop()
})

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** `POST /auth/v1/token?grant_type=password` from `source`, as the raw answer. */
function signInFrom(source: string, email: string, password: string): Promise<Answer> {
  const body = JSON.stringify({ email, password })
  const url = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        localAddress: source,
        agent: false,
        headers: {
          apikey: server.ctx.supabase.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const rateLimited = { code: 'over_request_rate_limit', msg: 'Request rate limit reached' }
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length

describe('sign-in limits', () => {
  it('cuts off a burst of wrong passwords for one account from many addresses (per account)', async () => {
    // 10 addresses, 5 guesses each, all at once: 50 guesses, each address well within its own limit.
    const answers = (
      await Promise.all(
        Array.from({ length: 10 }, async (_, a) => {
          const mine: Answer[] = []
          for (let n = 0; n < 5; n++)
            mine.push(await signInFrom(`127.0.1.${a + 1}`, testEditor.email, `wrong-guess-${a}-${n}`))
          return mine
        }),
      )
    ).flat()
    const checked = count(answers, 400)
    expect(checked).toBeGreaterThanOrEqual(1)
    // The account's first few failures are free; everything after them waits, whichever address it is from.
    expect(checked).toBeLessThanOrEqual(7)
    expect(count(answers, 429)).toBe(answers.length - checked)
    const limited = answers.find((a) => a.status === 429)!
    expect(JSON.parse(limited.body)).toMatchObject(rateLimited)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // The owner, from an address never seen, waits too: the right password is not even checked.
    const owner = await signInFrom('127.0.1.200', testEditor.email, testEditor.password)
    expect(owner.status).toBe(429)
  }, 60_000)

  it('cuts off one address guessing across many accounts (per address)', async () => {
    const limit = server.ctx.localSupabase!.config.auth.signInRateLimit
    const answers: Answer[] = []
    for (let n = 0; n < limit + 10; n++)
      answers.push(await signInFrom('127.0.2.1', `person-${n}@meridian.example`, 'wrong-password'))
    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(400))
    expect(count(answers.slice(limit), 429)).toBeGreaterThanOrEqual(9)
    expect(JSON.parse(answers.at(-1)!.body)).toMatchObject(rateLimited)
    // Another address is not affected.
    const other = await signInFrom('127.0.2.2', 'person-0@meridian.example', 'wrong-password')
    expect(other.status).toBe(400)
  }, 120_000)

  it('answers an unknown account exactly as a known one, limits included', async () => {
    await server.ctx.localSupabase!.ensureEditor('writer@meridian.example', 'writer-password-long-enough')
    const known: Answer[] = []
    const unknown: Answer[] = []
    for (let n = 0; n < 8; n++) {
      // Side by side, so a wait counts down the same way for both.
      const [k, u] = await Promise.all([
        signInFrom('127.0.3.1', 'writer@meridian.example', `wrong-${n}`),
        signInFrom('127.0.3.2', 'nobody-here@meridian.example', `wrong-${n}`),
      ])
      known.push(k)
      unknown.push(u)
    }
    // Only the clock's Date and the countdown may differ (by a second at most, the two run side by side).
    const comparable = (a: Answer) => {
      const { date: _date, 'retry-after': _wait, ...headers } = a.headers
      return { status: a.status, headers, body: a.body }
    }
    expect(unknown.map(comparable)).toEqual(known.map(comparable))
    for (let n = 0; n < known.length; n++) {
      const waits = [known[n]!.headers['retry-after'], unknown[n]!.headers['retry-after']]
      if (waits[0] === undefined) expect(waits[1]).toBeUndefined()
      else expect(Math.abs(Number(waits[0]) - Number(waits[1]))).toBeLessThanOrEqual(1)
    }
    expect(known.map((a) => a.status)).toContain(429)
    expect(known.map((a) => a.status)).toContain(400)
  }, 60_000)

  it('lets the owner in once the wait is over, and a successful sign-in clears the failures', async () => {
    const email = 'owner@meridian.example'
    const password = 'owner-password-long-enough'
    await server.ctx.localSupabase!.ensureEditor(email, password)
    let answer = await signInFrom('127.0.4.1', email, 'wrong-password')
    for (let n = 0; n < 10 && answer.status === 400; n++)
      answer = await signInFrom('127.0.4.1', email, 'wrong-password')
    expect(answer.status).toBe(429)
    // The right password waits too, then works once the wait is over.
    expect((await signInFrom('127.0.4.1', email, password)).status).toBe(429)
    await new Promise((r) => setTimeout(r, Number(answer.headers['retry-after']) * 1000 + 200))
    expect((await signInFrom('127.0.4.1', email, password)).status).toBe(200)
    // The failures before it are forgotten: the account's free failures are there again.
    expect((await signInFrom('127.0.4.1', email, 'wrong-password')).status).toBe(400)
    expect((await signInFrom('127.0.4.1', email, 'wrong-password')).status).toBe(400)
  }, 60_000)

  it('keeps its counts in the database, where a restarted server (behind a proxy here) still finds them', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-sign-in-limits-'))
    const guess = (behind: TestServer, n: number) =>
      fetch(`${behind.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: behind.ctx.supabase.anonKey,
          'content-type': 'application/json',
          // TRUST_PROXY: each guess comes from an address of its own.
          'x-forwarded-for': `203.0.113.${n + 1}`,
        },
        body: JSON.stringify({ email: testEditor.email, password: `wrong-guess-${n}` }),
      })
    try {
      const first = await startTestServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' })
      const statuses: number[] = []
      try {
        for (let n = 0; n < 8; n++) statuses.push((await guess(first, n)).status)
      } finally {
        await first.stop()
      }
      expect(statuses).toContain(429)
      const again = await startTestServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' })
      try {
        // The wait may have run out while the server restarted, but the count is still there: at most one
        // more guess is checked before the next wait (a server that forgot would check 5).
        const after = [(await guess(again, 100)).status, (await guess(again, 101)).status]
        expect(after).toContain(429)
      } finally {
        await again.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})

describe('the wait after the free failures', () => {
  const rule = { free: 5, firstWaitSeconds: 2, longestWaitSeconds: 900, forgetSeconds: 86_400 }
  it('doubles with each failure, counted from the last one, up to the longest wait', () => {
    expect([4, 5, 6, 7, 8, 14, 40].map((failures) => waitSeconds(rule, failures, 0))).toEqual([
      0, 2, 4, 8, 16, 900, 900,
    ])
    expect(waitSeconds(rule, 7, 5.5)).toBe(3)
    expect(waitSeconds(rule, 7, 8)).toBe(0)
  })
})
