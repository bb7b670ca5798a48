import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isClientOnlyRoute, pageKey } from '../http/site-routes.ts'
import { insideRoot } from './site-files.ts'

describe('page keys', () => {
  it('lower-cases paths so /SOLUTIONS finds /solutions', () =>
    expect(pageKey('/SOLUTIONS')).toBe('/solutions'))
  it('ignores a trailing slash', () => expect(pageKey('/platform/')).toBe('/platform'))
  it('keeps the root as /', () => expect(pageKey('/')).toBe('/'))
  it('decodes percent-encoding', () => expect(pageKey('/Contact%20')).toBe('/contact '))
  it('rejects malformed encoding and parent segments', () => {
    expect(pageKey('/%E0%A4%A')).toBeNull()
    expect(pageKey('/a/../../etc/passwd')).toBeNull()
    expect(pageKey('/%2e%2e/package.json')).toBeNull()
  })
})

describe('files inside the site folder', () => {
  const root = path.resolve('/srv/site')
  it('resolves a file below the root', () =>
    expect(insideRoot(root, '/assets/app.js')).toBe(path.join(root, 'assets/app.js')))
  it('never escapes the root', () => {
    expect(insideRoot(root, '/../package.json')).toBe(path.join(root, 'package.json'))
    expect(insideRoot(root, '../../etc/passwd')).toBe(path.join(root, 'etc/passwd'))
  })
})

describe('client-only routes', () => {
  it('knows the routes that render in the browser', () => {
    for (const p of [
      '/get-started',
      '/test-email',
      '/resources',
      '/meridian/updateresources',
      '/post/hello-world',
    ]) {
      expect(isClientOnlyRoute(p), p).toBe(true)
    }
  })
  it('leaves everything else to the not-found page', () => {
    for (const p of ['/post', '/post/a/b', '/getstarted', '/admin', '/meridian'])
      expect(isClientOnlyRoute(p), p).toBe(false)
  })
})
