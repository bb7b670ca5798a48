import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { brand } from '@shared/config/brand.ts'

/** The module caches its request: each test loads a fresh copy against its own `/config.json` reply. */
async function baseUrlFor(reply: () => Promise<Response>, hostname = 'meridian.example') {
  vi.resetModules()
  vi.stubGlobal('window', { location: { hostname } })
  vi.stubGlobal('fetch', vi.fn(reply))
  const { emailServiceBaseUrl } = await import('./public-config.ts')
  return emailServiceBaseUrl()
}

const json =
  (body: unknown, status = 200) =>
  async () =>
    Response.json(body, { status })

describe('emailServiceBaseUrl', () => {
  let consoleError: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('uses the address a valid /config.json publishes', async () => {
    const config = {
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      emailServiceUrl: 'https://mail.meridian.example/',
      brand,
    }
    expect(await baseUrlFor(json(config))).toBe('https://mail.meridian.example')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('reports a malformed /config.json and falls back to the default address', async () => {
    expect(await baseUrlFor(json({ emailServiceUrl: 'javascript:alert(1)' }), 'localhost')).toBe(
      'http://localhost:3000',
    )
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('Invalid /config.json (supabaseUrl is missing; supabaseAnonKey is missing;'),
    )
    expect(consoleError.mock.calls[0][0]).toContain('emailServiceUrl must be an http:// or https:// address')
  })

  it('reads the /config.json the page already fetched for its supabase-js client (one request)', async () => {
    vi.resetModules()
    vi.stubGlobal('window', { location: { hostname: 'meridian.example' } })
    const config = {
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      emailServiceUrl: 'https://mail.meridian.example/',
      brand,
    }
    const fetched = vi.fn(json(config))
    vi.stubGlobal('fetch', fetched)
    const { getBrowserPublicConfig } = await import('@shared/data/client.ts')
    const { emailServiceBaseUrl } = await import('./public-config.ts')
    expect((await getBrowserPublicConfig()).supabaseUrl).toBe('https://abc.supabase.co')
    expect(await emailServiceBaseUrl()).toBe('https://mail.meridian.example')
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('treats an unreachable or failing /config.json as "use the defaults"', async () => {
    expect(await baseUrlFor(json({}, 500))).toBe('https://mail.meridian.example')
    expect(
      await baseUrlFor(async () => {
        throw new TypeError('Failed to fetch')
      }, 'localhost'),
    ).toBe('http://localhost:3000')
    expect(consoleError).not.toHaveBeenCalled()
  })
})
