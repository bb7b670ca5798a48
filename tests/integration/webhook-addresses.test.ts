import type dns from 'node:dns'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointUrlProblem, privateAddressMessage } from '../../server/webhooks/address-policy.ts'
import { sendWebhook } from '../../server/webhooks/sender.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

// No webhook ever goes to the server's own network. The rule is checked on the address actually connected
// to, so these tests count the connections a real receiver on this machine gets: none, for every refused
// URL. Name resolution is the system's (localhost resolves to a loopback address through /etc/hosts), except
// for DNS rebinding, where a resolver that answers differently at delivery time stands in for the remote DNS.

let receiver: WebhookReceiver
let v6: http.Server | null = null
let v6Connections = 0
let v6Port = 0

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  // A listener on [::1] too, when this machine has IPv6 loopback.
  const server = http.createServer((_req, res) => res.end('ok'))
  server.on('connection', () => v6Connections++)
  v6 = await new Promise<http.Server | null>((resolve) => {
    server.once('error', () => resolve(null))
    server.listen(0, '::1', () => resolve(server))
  })
  v6Port = v6 ? (v6.address() as AddressInfo).port : receiver.port
})

afterAll(async () => {
  await receiver?.close()
  await new Promise((resolve) => (v6 ? v6.close(resolve) : resolve(null)))
})

const local = { httpsOnly: false, allowLoopback: false }
const withFlag = { httpsOnly: false, allowLoopback: true }
const hosted = { httpsOnly: true, allowLoopback: false }

/** A resolver that answers `addresses` for every name (the remote DNS of an attacker's domain). */
const resolverAnswering = (addresses: string[]): typeof dns.lookup =>
  ((_host: string, _options: unknown, callback: (err: null, a: dns.LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as unknown as typeof dns.lookup

const post = (url: string, policy = local, lookup?: typeof dns.lookup) =>
  sendWebhook({ url, headers: { 'webhook-id': 'msg_test' }, body: '{}' }, { policy, lookup })

describe('webhook addresses', () => {
  const privateUrls = () => [
    `http://127.0.0.1:${receiver.port}/hooks`,
    `http://10.0.0.1:${receiver.port}/hooks`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[::1]:${v6Port}/hooks`,
    `http://[::ffff:127.0.0.1]:${receiver.port}/hooks`,
    `http://localhost:${receiver.port}/hooks`,
    `http://100.64.0.1/hooks`,
    `http://[fd00::1]/hooks`,
  ]

  it('refuses loopback, private, link-local, metadata and unique-local endpoints when they are saved', async () => {
    for (const url of privateUrls())
      expect(await endpointUrlProblem(url, local), url).toBe(privateAddressMessage)
    // The development flag lets http://127.0.0.1 through, and nothing else.
    const [loopback, ...others] = privateUrls()
    expect(await endpointUrlProblem(loopback, withFlag)).toBeNull()
    for (const url of others) expect(await endpointUrlProblem(url, withFlag), url).toBe(privateAddressMessage)
    // Hosted mode: https only; public addresses are fine.
    expect(await endpointUrlProblem('http://93.184.216.34/hooks', hosted)).toBe(
      'Webhook URLs must start with https://.',
    )
    expect(await endpointUrlProblem('https://93.184.216.34/hooks', hosted)).toBeNull()
    expect(await endpointUrlProblem('https://user:pw@93.184.216.34/', hosted)).toMatch(
      /user name or password/,
    )
  })

  it('never connects to them when a delivery is made, whatever was saved', async () => {
    const [loopback, ...others] = privateUrls()
    for (const url of [loopback, ...others]) {
      const started = Date.now()
      const result = await post(url)
      expect(result, url).toMatchObject({
        statusCode: null,
        refusedAddress: true,
        error: privateAddressMessage,
      })
      // Refused before connecting, not after a timeout.
      expect(Date.now() - started, url).toBeLessThan(2_000)
    }
    expect(receiver.connections).toBe(0)
    expect(v6Connections).toBe(0)
    // With the flag the one allowed address is reached (the receiver answers 400: no secret to verify with).
    expect((await post(loopback, withFlag)).statusCode).toBe(400)
    expect(receiver.connections).toBe(1)
    // ...but a name that resolves to it is not the exception.
    expect((await post(`http://localhost:${receiver.port}/hooks`, withFlag)).refusedAddress).toBe(true)
    expect(receiver.connections).toBe(1)
  })

  it('checks the address resolved at connect time: a name that rebinds to a private address is refused', async () => {
    // Saved while the name resolved to a public address...
    expect(
      await endpointUrlProblem('http://rebind.example/hooks', local, async () => ['93.184.216.34']),
    ).toBeNull()
    // ...delivered after it moved to this machine, or answers with both.
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '127.0.0.1'], ['::1'], ['::ffff:10.0.0.1']]) {
      const result = await post(
        `http://rebind.example:${receiver.port}/hooks`,
        local,
        resolverAnswering(answer),
      )
      expect(result, answer.join()).toMatchObject({ refusedAddress: true, statusCode: null })
    }
    expect(receiver.connections).toBe(1)
  })

  it('does not follow redirects and reads at most 64 KB of an answer', async () => {
    const big = http.createServer((req, res) => {
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://10.0.0.1/' }).end()
      res.writeHead(200)
      res.end('x'.repeat(5 * 1024 * 1024))
    })
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve))
    const port = (big.address() as AddressInfo).port
    try {
      const redirected = await post(`http://127.0.0.1:${port}/redirect`, withFlag)
      expect(redirected).toMatchObject({
        statusCode: 302,
        error: 'Answered 302 (redirects are not followed).',
      })
      const large = await post(`http://127.0.0.1:${port}/big`, withFlag)
      expect(large.statusCode).toBe(200)
      expect(large.error).toBeNull()
      expect(large.responseBody).toHaveLength(1024)
    } finally {
      big.closeAllConnections()
      await new Promise((resolve) => big.close(resolve))
    }
  })
})
