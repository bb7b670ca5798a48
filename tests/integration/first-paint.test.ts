import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageAssets } from '../support/page-assets.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

/**
 * The first paint of every public page depends on its HTML alone: the critical part of the stylesheet is
 * inline, and nothing is fetched before the page paints (no stylesheet link, no script, no module preload,
 * no font). The stylesheet, the web font and the app start after the first paint through the one inline
 * script the Content-Security-Policy allows by hash. Against the real server and the built site (SITE_DIR,
 * default dist/site: run `npm run build` first).
 */

const siteDir = path.resolve(process.env.SITE_DIR ?? 'dist/site')
let server: TestServer
let routes: string[]

beforeAll(async () => {
  if (!existsSync(path.join(siteDir, '_shell.html')))
    throw new Error(`No built site in ${siteDir}: run \`npm run build\` (or set SITE_DIR to a build) first.`)
  server = await startTestServer()
  const resources = await (await fetch(`${server.url}/resources`)).text()
  const post = /href="(\/post\/[^"?#]+)"/.exec(resources)![1]
  routes = ['/', '/solutions', '/platform', '/contact', '/get-started', '/resources', post, '/no-such-page']
})
afterAll(() => server?.stop())

const withoutNoscript = (html: string) => html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
const inlineCss = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]

describe('the first paint of the public pages', () => {
  it('needs nothing but the HTML: no stylesheet, script, module preload or font is requested before it', async () => {
    for (const route of routes) {
      const html = withoutNoscript(await (await fetch(`${server.url}${route}`)).text())
      // (An image preload is fine: images never hold up the paint of text.)
      const blocking = html.match(
        /<link[^>]+rel="(?:stylesheet|modulepreload|preload)"(?![^>]*as="image")[^>]*>/g,
      )
      expect(blocking, route).toBeNull()
      expect(html.match(/<script[^>]+\bsrc=[^>]*>/g), route).toBeNull()
      expect(inlineCss(html), route).not.toMatch(/@font-face\s*\{[^}]*url\(/)
      expect(inlineCss(html), route).toContain('font-family:Inter Fallback')
    }
  })

  it('inlines only what the page uses: a fraction of the stylesheet, which loads whole after the paint', async () => {
    const html = await (await fetch(`${server.url}/solutions`)).text()
    const assets = pageAssets(html)!
    const stylesheet = await fetch(`${server.url}${assets.css}`)
    expect(stylesheet.status).toBe(200)
    const full = await stylesheet.text()
    console.log(`/solutions inlines ${inlineCss(html).length} of ${full.length} bytes of CSS`)
    expect(inlineCss(html).length).toBeLessThan(full.length * 0.5)
    expect(html).toContain(`<noscript><link rel="stylesheet" href="${assets.css}" /></noscript>`)
    for (const file of [assets.js, ...assets.preload])
      expect((await fetch(`${server.url}${file}`)).status, file).toBe(200)
    expect(readFileSync(path.join(siteDir, assets.js.slice(1)), 'utf8').length).toBeGreaterThan(0)
  })

  it('runs only inline scripts the Content-Security-Policy allows (data blocks aside)', async () => {
    for (const route of routes) {
      const res = await fetch(`${server.url}${route}`)
      const csp = res.headers.get('content-security-policy') ?? ''
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))!
      expect(scriptSrc).not.toMatch(/unsafe/)
      const inline = [
        ...(await res.text()).matchAll(
          /<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ]
      // The asset loader and the visit script (Insights), both allowed by hash.
      expect(inline.length, route).toBe(2)
      for (const [, code] of inline) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`
        expect(scriptSrc, route).toContain(hash)
      }
    }
  })
})
