import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server.ts'

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
    expect(rest.headers.get('content-security-policy')).toBeNull()
  })
})
