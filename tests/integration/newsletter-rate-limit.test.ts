import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server.ts'

// Behind a reverse proxy every request arrives from the proxy's address: with TRUST_PROXY the newsletter's
// per-address limit must count the client named in X-Forwarded-For, as the lead form's does, or one
// busy visitor would lock every other reader out of subscribing.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' })
}, 60_000)

afterAll(() => server?.stop())

const subscribeFrom = (address: string) =>
  fetch(`${server.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    // Invalid on purpose: counts toward the limit, stores and sends nothing.
    body: JSON.stringify({ email: 'not-an-email' }),
  })

describe('newsletter rate limit behind a proxy (TRUST_PROXY)', () => {
  it('limits each forwarded client on its own', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await subscribeFrom('203.0.113.10')).status)
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    expect(statuses[5]).toBe(429)
    // Another visitor through the same proxy is not affected.
    expect((await subscribeFrom('203.0.113.11')).status).toBe(400)
  })
})
