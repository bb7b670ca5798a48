import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  checkEmailService,
  resolveEmailServiceUrl,
  sendSameOriginEmail,
  sendServiceEmail,
  type ServiceEmail,
} from './email-service-client.ts'

const email: ServiceEmail = { to: 'ops@example.com', subject: 'Test', firstName: 'Ops', body: 'Hello' }
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch that never answers but honours its abort signal, like an unreachable host. */
function hangingFetch(calls: number[]) {
  return (_url: string, init?: RequestInit) => {
    calls.push(Date.now())
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))
    })
  }
}

describe('email service client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
    vi.spyOn(console, 'info').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('gives up a send after 3 attempts of 10 s, waiting 1 s and then 2 s between them', async () => {
    const calls: number[] = []
    const result = sendServiceEmail('http://localhost:3000', email, { fetch: hangingFetch(calls) })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toEqual([0])
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([0, 11_000])
    await vi.advanceTimersByTimeAsync(10_000 + 2_000)
    expect(calls).toEqual([0, 11_000, 23_000])
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(result).resolves.toMatchObject({
      success: false,
      attempts: 3,
      error: 'Connection timed out - server may be unreachable',
    })
    expect(Date.now()).toBe(33_000)
  })

  it('retries a 5xx and succeeds on the next attempt', async () => {
    const replies = [json({ success: false }, 503), json({ success: true, messageId: '<m1>' })]
    const fetch = vi.fn(async () => replies.shift()!)
    const result = sendServiceEmail('http://localhost:3000/', email, { fetch, accessToken: 't0k' })
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(result).resolves.toMatchObject({ success: true, attempts: 2, messageId: '<m1>' })
    expect(fetch).toHaveBeenCalledTimes(2)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://localhost:3000/send-email')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0k')
    expect(JSON.parse(init.body as string)).toEqual(email)
  })

  it('does not retry a 401', async () => {
    const fetch = vi.fn(async () => json({ success: false, message: 'Sign in' }, 401))
    await expect(sendServiceEmail('http://x', email, { fetch })).resolves.toMatchObject({
      success: false,
      status: 401,
      attempts: 1,
      error: 'Sign in',
    })
  })

  it('reports a health check timeout after 8 s', async () => {
    const calls: number[] = []
    const health = checkEmailService('http://localhost:3000', { fetch: hangingFetch(calls) })
    await vi.advanceTimersByTimeAsync(7_999)
    let settled = false
    void health.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(health).resolves.toEqual({
      available: false,
      status: null,
      error: 'Connection timed out - server may be unreachable',
    })
  })

  it('uses the spec messages for connection errors, bad statuses and non-JSON replies', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed')
    }
    await expect(checkEmailService('http://x', { fetch: refused })).resolves.toMatchObject({
      available: false,
      error: 'Connection error: fetch failed',
    })
    await expect(
      checkEmailService('http://x', { fetch: async () => new Response('nope', { status: 502 }) }),
    ).resolves.toEqual({
      available: false,
      status: 502,
      error: 'Service returned status 502',
    })
    await expect(
      checkEmailService('http://x', { fetch: async () => new Response('<html>hi</html>') }),
    ).resolves.toEqual({
      available: false,
      status: 200,
      error: 'Invalid response format from server',
    })
    await expect(
      checkEmailService('http://x', { fetch: async () => json({ status: 'ok' }) }),
    ).resolves.toEqual({
      available: true,
      status: 200,
      details: { status: 'ok' },
    })
  })

  it('logs /send-email requests with URL and status, and logs then rethrows network errors', async () => {
    await sendSameOriginEmail(
      { to: 'a@example.com', subject: 's', html: '<p>x</p>' },
      { fetch: async () => json({ success: true }), baseUrl: 'http://site' },
    )
    expect(console.info).toHaveBeenCalledWith('[email] POST http://site/api/send-email -> 200')
    const failure = new TypeError('Failed to fetch')
    await expect(
      sendSameOriginEmail(
        { to: 'a@example.com', subject: 's', html: 'x' },
        { fetch: async () => Promise.reject(failure), baseUrl: 'http://site' },
      ),
    ).rejects.toBe(failure)
    expect(console.error).toHaveBeenCalledWith('[email] POST http://site/api/send-email failed:', failure)
  })

  it('prefers the configured service URL, else localhost:3000 on localhost, else the hosted address', () => {
    expect(resolveEmailServiceUrl('localhost', { emailServiceUrl: 'http://localhost:3301/' })).toBe(
      'http://localhost:3301',
    )
    expect(resolveEmailServiceUrl('localhost')).toBe('http://localhost:3000')
    expect(resolveEmailServiceUrl('127.0.0.1', {})).toBe('http://localhost:3000')
    expect(resolveEmailServiceUrl('meridian.example')).toBe('https://mail.meridian.example')
  })
})
