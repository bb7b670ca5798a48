import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { brand } from '../shared/config/brand.ts'
import { publicConfigSchema } from '../shared/config/public-config.ts'
import { createApp } from './app.ts'
import { parseEnv } from './config/env.ts'
import type { ServerContext } from './context.ts'
import { publicConfigFor } from './public-config.ts'

/** Just enough of a context to build the app: nothing is started, no route but /config.json is called. */
function context(overrides: Partial<ServerContext> = {}): ServerContext {
  return {
    env: parseEnv({ LOG_LEVEL: 'silent' }),
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    supabase: {
      url: 'https://abc.supabase.co',
      anonKey: 'hosted-anon-key',
      serviceRoleKey: 'never-published',
      local: false,
    },
    localSupabase: null,
    mail: {} as ServerContext['mail'],
    rateLimits: {} as ServerContext['rateLimits'],
    confirmationGate: async () => true,
    siteDir: '/nonexistent-site',
    emailServiceUrl: 'https://mail.meridian.example',
    desktopReleasesUrl: 'https://github.com/meridian/editor/releases/latest/download',
    ...overrides,
  }
}

describe('GET /config.json', () => {
  it('replies with exactly what the shared schema describes (hosted mode)', async () => {
    const res = await createApp(context()).request('http://meridian.example/config.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body: unknown = await res.json()
    expect(publicConfigSchema.parse(body)).toEqual(body)
    expect(body).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'hosted-anon-key',
      emailServiceUrl: 'https://mail.meridian.example',
      desktopReleasesUrl: 'https://github.com/meridian/editor/releases/latest/download',
      brand,
    })
    expect(JSON.stringify(body)).not.toContain('never-published')
  })

  it('names the site origin as the backend in local mode', async () => {
    const ctx = context({
      supabase: { url: 'http://127.0.0.1:41234', anonKey: 'local-anon', serviceRoleKey: 'x', local: true },
      emailServiceUrl: 'http://localhost:3000',
    })
    const body: unknown = await (await createApp(ctx).request('http://localhost:8080/config.json')).json()
    expect(publicConfigSchema.parse(body)).toMatchObject({
      supabaseUrl: 'http://localhost:8080',
      supabaseAnonKey: 'local-anon',
      emailServiceUrl: 'http://localhost:3000',
    })
  })

  it('refuses to publish a configuration that breaks the schema, naming the bad value', () => {
    expect(() =>
      publicConfigFor(context({ emailServiceUrl: 'mail.meridian.example' }), 'https://meridian.example'),
    ).toThrow('Invalid /config.json: emailServiceUrl must be an http:// or https:// address.')
  })
})
