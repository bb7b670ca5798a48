import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { pageAssets } from '../support/page-assets.ts'

/**
 * What the public pages load, read from the build output. A public page loads its entry script and that
 * script's static imports (site/src/islands/boot.ts) and, without any interaction, only the parts that wake
 * by themselves (the typing headline on `/`, the email service check on `/get-started`); every other part's
 * code, React included, comes with the first interaction in that part. None of it carries supabase-js, and
 * nothing before an interaction carries zod or React DOM.
 *
 * Reads the build in SITE_DIR (default dist/site): run `npm run build` first.
 */

const siteDir = path.resolve(process.env.SITE_DIR ?? 'dist/site')
const assets = path.join(siteDir, 'assets')

/** Strings that survive minification: zod's class names, supabase-js's client header, React DOM's root key. */
const libraries = {
  zod: /\$ZodType|\$ZodError|ZodError/,
  'supabase-js': /supabase-js|GoTrueClient|PostgrestClient/,
  'React DOM': /__reactContainer\$/,
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

/** A chunk another imports dynamically (site/src/…/<name>.tsx → <name>-<hash>.js), named in the importer. */
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

/** What each public route runs before any interaction: the entry and the parts that wake by themselves. */
const firstLoad: Record<string, { parts: string[]; budgetKb: number }> = {
  '/post/{slug}': { parts: [], budgetKb: 15 },
  '/resources': { parts: [], budgetKb: 25 },
  '/': { parts: ['typing'], budgetKb: 40 },
  '/get-started': { parts: ['email-check'], budgetKb: 60 },
}

function loadedBy(parts: string[]): string[] {
  const files = staticClosure(entry)
  for (const part of parts) staticClosure(pageChunk(entry, part), files)
  return [...files]
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(read(file)).byteLength, 0) / 1024

describe('the JavaScript of the public pages', () => {
  for (const [route, { parts, budgetKb }] of Object.entries(firstLoad)) {
    it(`${route} loads neither zod, supabase-js nor React DOM before an interaction, within ${budgetKb} KB gzip`, () => {
      const files = loadedBy(parts)
      for (const file of files) {
        const code = read(file)
        for (const [library, marker] of Object.entries(libraries))
          expect(marker.test(code), `${route} loads ${library} through ${file}`).toBe(false)
      }
      const kb = gzipKb(files)
      console.log(`${route}: ${kb.toFixed(1)} KB gzip JavaScript before an interaction`)
      expect(kb).toBeLessThanOrEqual(budgetKb)
    })
  }

  for (const part of ['menu', 'expanders', 'carousel', 'lead-form', 'resources'])
    it(`the ${part} part, once woken, carries no supabase-js`, () => {
      for (const file of staticClosure(pageChunk(entry, part)))
        expect(libraries['supabase-js'].test(read(file)), `${part} loads supabase-js through ${file}`).toBe(
          false,
        )
    })

  it('the markers do find all three libraries where they are used (the admin)', () => {
    const app = pageChunk(entry, 'app-entry')
    const everything = staticClosure(pageChunk(app, 'AdminPage'), staticClosure(app))
    const code = [...everything].map(read).join('\n')
    for (const marker of Object.values(libraries)) expect(marker.test(code)).toBe(true)
  })
})
