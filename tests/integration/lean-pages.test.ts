import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { pageAssets } from '../../server/web/page-html.ts'

/**
 * What the public pages load, read from the build output: the entry script, its static imports, and the
 * route's page chunk with its static imports (what the browser fetches before the page is interactive).
 * `/`, `/post/{slug}` and `/resources` must load neither supabase-js nor zod (their data arrives with the
 * HTML and later through `/api/posts`), and `/post` and `/resources` stay within 100 KB of gzip JavaScript.
 *
 * Reads the build in SITE_DIR (default dist/site): run `npm run build` first.
 */

const siteDir = path.resolve(process.env.SITE_DIR ?? 'dist/site')
const assets = path.join(siteDir, 'assets')

/** Strings that survive minification: zod's class names and supabase-js's client header. */
const libraries = {
  zod: /\$ZodType|\$ZodError|ZodError/,
  'supabase-js': /supabase-js|GoTrueClient|PostgrestClient/,
}

const read = (file: string) => readFileSync(path.join(assets, file), 'utf8')

/** A chunk and every chunk it imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticClosure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen
  seen.add(start)
  for (const match of read(start).matchAll(
    /\bimport\s*(?:[\w$*{}\s,]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g,
  ))
    staticClosure(match[1], seen)
  return seen
}

/** The page chunk of a route (site/src/pages/<Name>.tsx → <Name>-<hash>.js), named by the entry's dynamic import. */
function pageChunk(entry: string, name: string): string {
  const match = new RegExp(`["'\`]\\./(${name}-[\\w-]+\\.js)["'\`]`).exec(read(entry))
  if (!match) throw new Error(`No ${name} chunk imported by ${entry}`)
  return match[1]
}

let entry: string

beforeAll(() => {
  if (!existsSync(path.join(siteDir, '_shell.html')))
    throw new Error(`No built site in ${siteDir}: run \`npm run build\` (or set SITE_DIR to a build) first.`)
  const html = readFileSync(path.join(siteDir, '_shell.html'), 'utf8')
  entry = pageAssets(html)!.js.replace('/assets/', '')
})

const routes = { '/': 'HomePage', '/post/{slug}': 'PostPage', '/resources': 'ResourcesPage' }

function loadedBy(page: string): string[] {
  const files = staticClosure(entry)
  staticClosure(pageChunk(entry, page), files)
  return [...files]
}

describe('the JavaScript of the public pages', () => {
  for (const [route, page] of Object.entries(routes)) {
    it(`${route} loads neither zod nor supabase-js`, () => {
      const files = loadedBy(page)
      expect(files.length).toBeGreaterThan(1)
      for (const file of files) {
        const code = read(file)
        for (const [library, marker] of Object.entries(libraries))
          expect(marker.test(code), `${route} loads ${library} through ${file}`).toBe(false)
      }
    })
  }

  it('the markers do find both libraries where they are used (the admin)', () => {
    const everything = staticClosure(pageChunk(entry, 'AdminPage'))
    const code = [...everything].map(read).join('\n')
    expect(libraries.zod.test(code)).toBe(true)
    expect(libraries['supabase-js'].test(code)).toBe(true)
  })

  for (const [route, page] of [
    ['/post/{slug}', 'PostPage'],
    ['/resources', 'ResourcesPage'],
  ]) {
    it(`${route} loads at most 100 KB of gzip JavaScript`, () => {
      const bytes = loadedBy(page).reduce((sum, file) => sum + gzipSync(read(file)).byteLength, 0)
      console.log(`${route}: ${(bytes / 1024).toFixed(1)} KB gzip JavaScript`)
      expect(bytes).toBeLessThanOrEqual(100 * 1024)
    })
  }
})
