import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { createEmailServiceApp } from '../../server/email-service.ts'
import { clientsOf } from '../support/clients.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'

describe('security headers', () => {
  let server: TestServer
  let siteDir: string

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
    writeFileSync(path.join(siteDir, 'index.html'), '<h1>home page</h1>')
    writeFileSync(path.join(siteDir, '404.html'), '<h1>not found page</h1>')
    server = await startTestServer({ SITE_DIR: siteDir })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(siteDir, { recursive: true, force: true })
  })

  it('pages carry a CSP that allows scripts only from the site and connections only to known origins', async () => {
    const res = await fetch(`${server.url}/`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    // The browser reaches the email service on its own port; nothing else outside the origin.
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'))
    expect(connect).toBe(`connect-src 'self' ${new URL(server.ctx.emailServiceUrl).origin}`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('the 404 page and the API carry them too, the Supabase-compatible API keeps its own', async () => {
    expect((await fetch(`${server.url}/no-such-page`)).headers.get('content-security-policy')).toContain(
      "default-src 'self'",
    )
    expect((await fetch(`${server.url}/api/health`)).headers.get('x-content-type-options')).toBe('nosniff')
    const rest = await fetch(`${server.url}/rest/v1/blogs?select=slug&limit=1`, {
      headers: {
        apikey: server.ctx.supabase.anonKey,
        Authorization: `Bearer ${server.ctx.supabase.anonKey}`,
      },
    })
    expect(rest.status).toBe(200)
    // An API's answers: nothing in them runs, nothing frames them.
    expect(rest.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })
})

/** Every answer, whatever answers it: its frame protection and nosniff. */
function expectBaseline(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(res.headers.get('x-frame-options'), what).toBe('DENY')
  expect(res.headers.get('content-security-policy') ?? '', what).toContain("frame-ancestors 'none'")
}

/** A plain-http request whose target is an absolute https URL: the request still did not come over https. */
function absoluteFormRequest(url: string): Promise<Record<string, string | string[] | undefined>> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path: `https://${hostname}:${port}/`, method: 'GET' },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.headers))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('nosniff and frame protection on every answer', () => {
  const server = useTestServer()
  const anon = () => ({
    apikey: server.ctx.supabase.anonKey,
    Authorization: `Bearer ${server.ctx.supabase.anonKey}`,
  })

  it('the embedded Supabase routes: /rest/v1, /auth/v1, /storage/v1, their refusals and 404s', async () => {
    const answers: Array<[string, Response]> = [
      ['rest', await fetch(`${server.url}/rest/v1/blogs?select=slug&limit=1`, { headers: anon() })],
      ['rest refusal', await fetch(`${server.url}/rest/v1/no_such_table`, { headers: anon() })],
      ['auth settings', await fetch(`${server.url}/auth/v1/settings`, { headers: anon() })],
      ['auth refusal', await fetch(`${server.url}/auth/v1/user`, { headers: anon() })],
      ['storage list', await fetch(`${server.url}/storage/v1/bucket`, { headers: anon() })],
      ['storage 404', await fetch(`${server.url}/storage/v1/object/public/images/none.png`)],
    ]
    for (const [what, res] of answers) expectBaseline(res, what)
    expect(answers[0][1].status).toBe(200)
  })

  it('a stored file keeps its own sandbox, and may not be framed either', async () => {
    const { editor } = await clientsOf(server)
    const key = `blog-covers/${Date.now()}.png`
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const { error } = await editor.storage
      .from('images')
      .upload(key, new Blob([bytes], { type: 'image/png' }))
    expect(error).toBeNull()
    const res = await fetch(`${server.url}/storage/v1/object/public/images/${key}`)
    expect(res.status).toBe(200)
    expectBaseline(res, 'stored file')
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    )
  })

  it('the site and /api: pages, 404s and refusals', async () => {
    for (const [what, res] of [
      ['api health', await fetch(`${server.url}/api/health`)],
      ['api 404', await fetch(`${server.url}/api/no-such-endpoint`)],
      [
        'api refusal',
        await fetch(`${server.url}/api/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{',
        }),
      ],
      ['site 404', await fetch(`${server.url}/no-such-page`)],
      ['config', await fetch(`${server.url}/config.json`)],
    ] as const)
      expectBaseline(res, what)
  })

  it('the email service: its status, its refusals, its 404 and its failures', async () => {
    const service = server.emailServiceUrl
    for (const [what, res] of [
      ['status', await fetch(`${service}/`)],
      ['refusal', await fetch(`${service}/send-email`, { method: 'POST', body: '{}' })],
      ['404', await fetch(`${service}/nothing-here`)],
    ] as const)
      expectBaseline(res, what)
    // A failure inside the service (its mailer throws) answers 500 through the same headers.
    const failing = createEmailServiceApp({
      ...server.ctx,
      mail: {
        ...server.ctx.mail,
        verify: () => {
          throw new Error('the mailer broke')
        },
      },
    })
    const res = await failing.request('/')
    expect(res.status).toBe(500)
    expectBaseline(res, 'failure')
  })

  it('no HSTS over plain http, whatever the request claims (no trusted proxy here)', async () => {
    const claimed = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(claimed.headers.get('strict-transport-security')).toBeNull()
    expect((await fetch(`${server.url}/api/health`)).headers.get('strict-transport-security')).toBeNull()
    expect((await absoluteFormRequest(server.url))['strict-transport-security']).toBeUndefined()
  })
})

describe('HSTS behind a trusted proxy (TRUST_PROXY)', () => {
  const server = useTestServer({ TRUST_PROXY: '1' })
  const hsts = 'max-age=31536000; includeSubDomains'
  const overHttps = { 'X-Forwarded-Proto': 'https' }

  it('every answer to a request the proxy took over https says so, on both listeners', async () => {
    const anon = {
      apikey: server.ctx.supabase.anonKey,
      Authorization: `Bearer ${server.ctx.supabase.anonKey}`,
    }
    for (const [what, res] of [
      ['page', await fetch(`${server.url}/`, { headers: overHttps })],
      ['404', await fetch(`${server.url}/no-such-page`, { headers: overHttps })],
      ['api', await fetch(`${server.url}/api/health`, { headers: overHttps })],
      [
        'rest',
        await fetch(`${server.url}/rest/v1/blogs?select=slug`, { headers: { ...overHttps, ...anon } }),
      ],
      ['auth', await fetch(`${server.url}/auth/v1/settings`, { headers: { ...overHttps, ...anon } })],
      ['storage', await fetch(`${server.url}/storage/v1/bucket`, { headers: { ...overHttps, ...anon } })],
      ['email service', await fetch(`${server.emailServiceUrl}/`, { headers: overHttps })],
    ] as const) {
      expect(res.headers.get('strict-transport-security'), what).toBe(hsts)
      expectBaseline(res, what)
    }
  })

  it('none for what the proxy took over plain http', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull()
    const plain = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'http' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })
})
