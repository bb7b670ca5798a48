import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueAddress } from '../support/addresses.ts'
import { capturedMail, startTestServer, type TestServer } from '../support/server.ts'

// A pending address gets a new confirmation link at most once every 10 minutes, however many sign-ups of it
// arrive at once (and from however many clients): the gap is claimed in the database in one step, so
// concurrent requests, on one server or several, cannot all see it free.

let server: TestServer

beforeAll(async () => {
  // Each sign-up from its own client (X-Forwarded-For): the per-client limit is not what is tested here.
  server = await startTestServer({ TRUST_PROXY: 'true' })
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

const signUp = (email: string) =>
  fetch(`${server.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
    body: JSON.stringify({ email }),
  })

const confirmations = async (email: string) =>
  (await capturedMail(server)).filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))

describe('the newsletter confirmation gap', () => {
  it('30 concurrent sign-ups of one address send one confirmation mail, whose link works', async () => {
    const email = `race-${Date.now()}@example.com`
    const answers = await Promise.all(Array.from({ length: 30 }, () => signUp(email)))
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200))
    // The mail goes out before the answer: every one that will be sent has been.
    const mails = await confirmations(email)
    expect(mails).toHaveLength(1)

    const link = new URL(/Confirm my subscription: (\S+)/.exec(mails[0]!.text)![1]!)
    const confirmed = await fetch(`${server.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: link.searchParams.get('token')! }).toString(),
    })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('You are subscribed')
    // 30 sign-ups at once: room for a loaded machine.
  }, 60_000)

  it('once the 10 minutes have passed, one more sign-up sends one new link', async () => {
    const email = `again-${Date.now()}@example.com`
    expect((await signUp(email)).status).toBe(200)
    expect(await confirmations(email)).toHaveLength(1)
    await server.ctx.localSupabase!.db.query(
      `update public.newsletter_subscribers set confirmation_sent_at = now() - interval '11 minutes'
        where email = $1`,
      [email],
    )
    const answers = await Promise.all(Array.from({ length: 10 }, () => signUp(email)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await confirmations(email)).toHaveLength(2)
  })
})
