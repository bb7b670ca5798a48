import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server.ts'

/** A tiny built site with the files the prerender step writes, so serving rules are tested without a build. */
function fakeSite(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
  const put = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), body)
  }
  put('index.html', '<h1>home page</h1>')
  put('solutions/index.html', '<h1>solutions page</h1>')
  put('404.html', '<h1>not found page</h1>')
  put('_shell.html', '<div id="root"></div>')
  put('assets/index-abc123.js', 'console.log("app")'.repeat(200))
  put('robots.txt', 'User-agent: *')
  return dir
}

describe('serving the built site', () => {
  let server: TestServer
  let siteDir: string
  const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init)

  beforeAll(async () => {
    siteDir = fakeSite()
    server = await startTestServer({ SITE_DIR: siteDir })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(siteDir, { recursive: true, force: true })
  })

  it('serves prerendered pages case-insensitively, with or without a trailing slash', async () => {
    for (const p of ['/solutions', '/SOLUTIONS', '/Solutions/']) {
      const res = await get(p)
      expect(res.status, p).toBe(200)
      expect(await res.text()).toContain('solutions page')
    }
    expect(await (await get('/')).text()).toContain('home page')
  })

  it('answers unknown paths with HTTP 404 and the not-found page', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('not found page')
  })

  it('serves the app shell for client-only routes', async () => {
    for (const p of ['/get-started', '/resources', '/test-email', '/meridian/updateresources']) {
      const res = await get(p)
      expect(res.status, p).toBe(200)
      expect(await res.text()).toContain('<div id="root"></div>')
    }
  })

  it('caches hashed assets for a year and everything else briefly', async () => {
    const asset = await get('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await get('/solutions')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('sends text files compressed as the client accepts (brotli, else gzip), the same bytes once decoded', async () => {
    const source = 'console.log("app")'.repeat(200)
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await get('/assets/index-abc123.js', { headers: { 'Accept-Encoding': accept } })
      expect(res.headers.get('content-encoding'), accept).toBe(encoding)
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(await res.text()).toBe(source)
    }
  })

  it('answers a missing asset with a plain 404, not the page', async () => {
    const res = await get('/assets/missing-123.js')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('not found page')
  })

  it('never serves files outside the site folder', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%E0%A4%A']) {
      const res = await get(p)
      expect(res.status, p).toBe(404)
      expect(await res.text()).not.toContain('"name"')
    }
  })
})
