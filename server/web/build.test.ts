import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { siteBuildReason } from './build.ts'

describe('deciding whether the site needs a build', () => {
  let root: string
  const siteDir = () => path.join(root, 'dist/site')
  const builtFiles = () => [
    ...['index.html', '_shell.html', '404.html'].map((f) => path.join(siteDir(), f)),
    path.join(root, 'dist/site-ssr/entry-server.js'),
    path.join(root, 'dist/site-ssr/template.html'),
    path.join(root, 'dist/site-ssr/package.json'),
  ]
  const at = (file: string, seconds: number) => {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, 'x')
    utimesSync(file, seconds, seconds)
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'meridian-build-'))
    at(path.join(root, 'site/src/main.tsx'), 1000)
    at(path.join(root, 'shared/config/brand.ts'), 1000)
    at(path.join(root, 'vite.config.ts'), 1000)
    // Folder times count too (a deleted source changes its folder), so age them with the files.
    for (const dir of ['site/src', 'site', 'shared/config', 'shared'])
      utimesSync(path.join(root, dir), 1000, 1000)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('builds when there is no build output', async () => {
    expect(await siteBuildReason(siteDir(), root)).toMatch(/no complete build/)
  })

  it('builds when the prerender step did not finish (no 404 page or shell)', async () => {
    at(path.join(siteDir(), 'index.html'), 2000)
    expect(await siteBuildReason(siteDir(), root)).toMatch(/no complete build/)
  })

  it('builds when the server render bundle is missing', async () => {
    for (const f of builtFiles().filter((f) => !f.endsWith('entry-server.js'))) at(f, 2000)
    expect(await siteBuildReason(siteDir(), root)).toMatch(/no complete build/)
  })

  it('skips the build when the output is newer than every source', async () => {
    for (const f of builtFiles()) at(f, 2000)
    expect(await siteBuildReason(siteDir(), root)).toBeNull()
  })

  it('rebuilds when a shared source changed after the build', async () => {
    for (const f of builtFiles()) at(f, 2000)
    at(path.join(root, 'shared/config/brand.ts'), 3000)
    expect(await siteBuildReason(siteDir(), root)).toMatch(/sources changed/)
  })
})
