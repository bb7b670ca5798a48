import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appEntryUrl, createAppProtocolHandler, resolveAppFile } from './app-protocol.ts'

const root = '/opt/Meridian/resources/app.asar/out/renderer'

/** None of these URLs resolves to a file in `appRoot` (each named if it does). */
function expectNoFile(urls: string[], appRoot = root, pathApi: path.PlatformPath = path) {
  for (const url of urls) expect(resolveAppFile(url, appRoot, pathApi), url).toBeNull()
}

describe('resolveAppFile', () => {
  it('maps app://meridian/ paths to files inside the renderer folder, with their content type', () => {
    expect(resolveAppFile(appEntryUrl, root)).toEqual({
      path: `${root}/index.html`,
      contentType: 'text/html; charset=utf-8',
    })
    expect(resolveAppFile('app://meridian/', root)?.path).toBe(`${root}/index.html`)
    expect(resolveAppFile('app://meridian/index.html#/settings?x=1', root)?.path).toBe(`${root}/index.html`)
    expect(resolveAppFile('app://meridian/assets/index-C6QHiIGf.js', root)).toEqual({
      path: `${root}/assets/index-C6QHiIGf.js`,
      contentType: 'text/javascript; charset=utf-8',
    })
    expect(resolveAppFile('app://meridian/assets/index-CHtUfKQG.css', root)?.contentType).toBe(
      'text/css; charset=utf-8',
    )
    expect(resolveAppFile('app://meridian/assets/inter-latin.woff2', root)?.contentType).toBe('font/woff2')
    expect(resolveAppFile('app://meridian/assets/logo.SVG', root)?.contentType).toBe('image/svg+xml')
    expect(resolveAppFile('app://meridian/assets/my%20cover.png', root)?.path).toBe(
      `${root}/assets/my cover.png`,
    )
  })

  it('never leaves the renderer folder, however the traversal is written', () => {
    // The URL parser already folds plain and %2e dot segments: what is left is looked up inside the root.
    for (const url of ['app://meridian/../../../etc/passwd.txt', 'app://meridian/%2e%2e/%2E%2E/etc/x.json']) {
      const file = resolveAppFile(url, root)
      expect(file === null || file.path.startsWith(`${root}/`), url).toBe(true)
    }
    expectNoFile([
      'app://meridian/..%2f..%2f..%2fetc%2fpasswd.txt',
      'app://meridian/assets/%2e%2e%2f%2e%2e%2findex.html',
      'app://meridian/assets/..%5c..%5cmain%5cindex.js',
      'app://meridian/..\\..\\main\\index.js',
      'app://meridian/%2fetc%2fpasswd.txt',
      'app://meridian//etc/passwd.txt',
      'app://meridian/index.html%00.png',
      'app://meridian/C:%5cWindows%5cwin.ini.txt',
      'app://meridian/assets/%E0%A4%A.js',
    ])
  })

  it('refuses the same tricks on Windows paths', () => {
    const winRoot = 'C:\\Program Files\\Meridian\\resources\\app.asar\\out\\renderer'
    expect(resolveAppFile('app://meridian/assets/a.js', winRoot, path.win32)?.path).toBe(
      `${winRoot}\\assets\\a.js`,
    )
    expectNoFile(
      [
        'app://meridian/..%5c..%5c..%5cmain%5cindex.js',
        'app://meridian/C:%5cWindows%5cwin.ini.txt',
        'app://meridian/D:/secrets.json',
        'app://meridian/index.html::$DATA',
      ],
      winRoot,
      path.win32,
    )
  })

  it('serves nothing for other origins, directories or unknown file types', () => {
    expectNoFile([
      'app://evil/index.html',
      'app://meridian.evil/index.html',
      'app://meridian:8080/index.html',
      'app://user:pw@meridian/index.html',
      'file:///opt/Meridian/resources/app.asar/out/renderer/index.html',
      'https://meridian/index.html',
      'app://meridian/assets/',
      'app://meridian/assets',
      'app://meridian/index.js.map',
      'app://meridian/package.json.bak',
      'not a url',
    ])
  })
})

describe('the app:// protocol handler', () => {
  let dir: string
  const csp = "default-src 'none'; script-src 'self'"
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-renderer-'))
    mkdirSync(path.join(dir, 'assets'))
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Meridian Editor</title>')
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("app")')
    writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'outside')
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), { force: true })
  })

  it('answers files of the renderer with their type, the CSP and nosniff', async () => {
    const handle = createAppProtocolHandler({ rootDir: dir, csp })
    const page = await handle(new Request(appEntryUrl))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(csp)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('Meridian Editor')
    const script = await handle(new Request('app://meridian/assets/index-abc.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log("app")')
    const head = await handle(new Request('app://meridian/assets/index-abc.js', { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers 404 for missing files and anything outside the folder, 405 for writes', async () => {
    const handle = createAppProtocolHandler({ rootDir: dir, csp })
    for (const url of [
      'app://meridian/assets/missing.js',
      `app://meridian/..%2f${path.basename(dir)}-secret.txt`,
      'app://meridian/assets/',
      'app://other/index.html',
    ]) {
      const res = await handle(new Request(url))
      expect(res.status, url).toBe(404)
      expect(await res.text()).toBe('Not found')
    }
    const post = await handle(new Request(appEntryUrl, { method: 'POST', body: 'x' }))
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})
