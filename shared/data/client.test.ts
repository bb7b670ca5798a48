import { afterEach, describe, expect, it, vi } from 'vitest'
import { brand } from '../config/brand.ts'
import { InvalidPublicConfigError } from '../config/public-config.ts'

/** A fresh module (its client is cached) reading the given `/config.json` reply. */
async function browserClientFor(body: unknown) {
  vi.resetModules()
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  )
  const { getBrowserSupabase } = await import('./client.ts')
  return getBrowserSupabase()
}

describe('getBrowserSupabase', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('refuses a /config.json of the wrong shape, naming the bad fields', async () => {
    // (The module registry is reset per load, so compare the class by name, not identity.)
    await expect(browserClientFor({ supabaseUrl: 'not a url', supabaseAnonKey: '' })).rejects.toMatchObject({
      name: InvalidPublicConfigError.name,
      message:
        'Invalid /config.json: supabaseUrl must be an http:// or https:// address; supabaseAnonKey is empty; ' +
        'emailServiceUrl is missing; brand is missing.',
    })
  })

  it('creates the client from a valid /config.json', async () => {
    // realtime-js wants a WebSocket implementation (browsers have one; Node 20 does not).
    vi.stubGlobal('WebSocket', class {})
    const client = await browserClientFor({
      supabaseUrl: 'http://localhost:8080',
      supabaseAnonKey: 'anon',
      emailServiceUrl: 'http://localhost:3000',
      brand,
    })
    expect(client.storage.from('images').getPublicUrl('a.png').data.publicUrl).toBe(
      'http://localhost:8080/storage/v1/object/public/images/a.png',
    )
  })
})
