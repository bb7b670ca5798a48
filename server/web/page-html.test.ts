import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerContext } from '../context.ts'
import { contentSecurityPolicy } from '../security-headers.ts'
import { assetLoader, pageTemplate } from './page-html.ts'

const siteDir = mkdtempSync(path.join(os.tmpdir(), 'page-html-'))
afterAll(() => rmSync(siteDir, { recursive: true, force: true }))

/** A page as the build writes it: Vite's index.html with one stylesheet, a preload and the entry script. */
function builtPage(): string {
  mkdirSync(path.join(siteDir, 'assets'), { recursive: true })
  writeFileSync(path.join(siteDir, 'assets/index-abc.css'), 'body{margin:0}')
  const indexHtml = [
    '<!doctype html><html><head><title>Meridian</title>',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n')
  return pageTemplate(indexHtml, siteDir)
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the page template', () => {
  it('has only inline scripts that the Content-Security-Policy allows by hash, the asset loader among them', () => {
    const html = builtPage()
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(inline).toContain(assetLoader)
    expect(assetLoader).not.toMatch(/[<>]/)
    expect(inline.length).toBeGreaterThanOrEqual(2)

    const ctx = {
      emailServiceUrl: 'http://localhost:3000',
      supabase: { local: true, url: '' },
    } as ServerContext
    const scriptSrc = /script-src ([^;]*)/.exec(contentSecurityPolicy(ctx))![1]!.split(' ')
    for (const script of inline) expect(scriptSrc, script.slice(0, 60)).toContain(sha256(script))
    // Nothing else may run inline: no 'unsafe-inline', and every allowed hash belongs to a script of the page.
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toEqual(inline.map(sha256))
  })

  it('hands the loader its assets in data attributes and keeps a stylesheet for pages without scripts', () => {
    const html = builtPage()
    expect(html).toContain(
      '<script data-css="/assets/index-abc.css" data-js="/assets/index-abc.js" data-preload="/assets/vendor-def.js">',
    )
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/index-abc.css" /></noscript>')
    expect(html).toContain('<style>body{margin:0}</style>')
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/)
  })
})
