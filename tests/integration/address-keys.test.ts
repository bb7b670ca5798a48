import { describe, expect, it } from 'vitest'
import { serviceClient } from '../../server/supabase-clients.ts'
import type { TestServer } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'

// One IPv6 /64 is what one household or one rented server gets: every per-address rule keys it as one
// address (IPv4 as is, an IPv4-mapped IPv6 address as its IPv4), or a single client could make unlimited keys.

/** A person's browser (the counting skips bots, and Node's fetch calls itself one). */
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

/** `count` addresses inside one /64, each written differently (full, compressed, upper case). */
const sameSlash64 = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? `${prefix}:${(i + 1).toString(16)}:0:0:${((i * 7919) & 0xffff).toString(16)}`
      : `${prefix.toUpperCase()}::${(i + 1).toString(16)}`,
  )

async function counters(server: TestServer, rule: string): Promise<number> {
  const { count, error } = await serviceClient(server.ctx)
    .from('rate_limit_counters')
    .select('key', { count: 'exact', head: true })
    .like('key', `${rule}:%`)
  if (error) throw error
  return count ?? 0
}

async function visitorsOf(server: TestServer, pathname: string): Promise<number> {
  const { data, error } = await serviceClient(server.ctx)
    .from('analytics_daily_pages')
    .select('visitors')
    .eq('path', pathname)
  if (error) throw error
  return (data as { visitors: number }[]).reduce((sum, row) => sum + row.visitors, 0)
}

const lead = (i: number) => ({
  name: 'Priya Sharma',
  email: `flood${i}.${Date.now()}@example.com`,
  phone: '+91 98765 43210',
  requirement: 'A team of ten engineers in Pune',
  techStack: 'TypeScript',
})

describe('per-address keys for IPv6 clients (behind a trusted proxy)', () => {
  const server = useTestServer({ TRUST_PROXY: '1', LEAD_MAIL_WAIT_MS: '0' })

  const beacon = (address: string, path: string) =>
    fetch(`${server.url}/api/views`, {
      method: 'POST',
      headers: { 'User-Agent': browser, 'Content-Type': 'text/plain', 'X-Forwarded-For': address },
      body: JSON.stringify({ path }),
    })

  it('Insights: twelve addresses of one /64 add one counter per rule and one visitor', async () => {
    const before = await counters(server, 'pageViewsPerIp')
    for (const address of sameSlash64('2001:db8:aa:bb', 12))
      expect((await beacon(address, '/platform')).status).toBe(204)
    await expect.poll(() => visitorsOf(server, '/platform'), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await counters(server, 'pageViewsPerIp')).toBe(before + 1)
    expect(await visitorsOf(server, '/platform')).toBe(1)
  })

  it('the lead limit counts a /64 as one address: the sixth lead from it in a minute is refused', async () => {
    const statuses = []
    for (const [i, address] of sameSlash64('2001:db8:cc:dd', 6).entries()) {
      const res = await fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify(lead(i)),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // Another /64 is another address.
    const other = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8:cc:de::1' },
      body: JSON.stringify(lead(7)),
    })
    expect(other.status).toBe(201)
  })

  it('an IPv4-mapped IPv6 address is its IPv4 address', async () => {
    const subscribe = (address: string, i: number) =>
      fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ email: `mapped${i}.${Date.now()}@example.com` }),
      })
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await subscribe(i % 2 ? '::ffff:198.51.100.7' : '198.51.100.7', i)).status)
    expect(statuses.slice(0, 5).every((s) => s < 400)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})
