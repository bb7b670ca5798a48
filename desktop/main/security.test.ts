import { describe, expect, it } from 'vitest'
import {
  argumentSchemas,
  createDesktopHandlers,
  dispatchDesktopCall,
  InvalidCallError,
} from './api-handlers.ts'
import { isAppUrl, isSafeExternalUrl, rendererCsp } from './security.ts'

describe('desktop window security rules', () => {
  it('opens only plain http(s) links externally', () => {
    expect(isSafeExternalUrl('https://meridian.example/resources')).toBe(true)
    expect(isSafeExternalUrl('http://localhost:8080/post/x')).toBe(true)
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@evil.example',
      'not a url',
      '',
    ]) {
      expect(isSafeExternalUrl(bad), bad).toBe(false)
    }
  })

  it('accepts IPC only from the app page itself', () => {
    const app = 'file:///opt/Meridian/resources/app.asar/out/renderer/index.html'
    expect(isAppUrl('file:///opt/Meridian/resources/app.asar/out/renderer/index.html#/leads', app)).toBe(true)
    expect(isAppUrl('file:///home/me/Downloads/evil.html', app)).toBe(false)
    expect(isAppUrl('https://evil.example/', app)).toBe(false)
    expect(isAppUrl('http://localhost:5173/#/settings', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false)
  })

  it('allows no inline or remote scripts and no network access from the page', () => {
    const csp = rendererCsp()
    expect(csp).toContain(`script-src 'self'`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    expect(csp).toContain(`connect-src 'self'`)
    expect(csp).toContain(`object-src 'none'`)
  })
})

describe('desktop IPC argument checks', () => {
  // Validation runs before any handler: a backend is never reached with bad input.
  const unreachable = new Proxy({} as Parameters<typeof createDesktopHandlers>[0], {
    get() {
      throw new Error('the backend must not be reached')
    },
  })
  const handlers = createDesktopHandlers(unreachable, async () => {
    throw new Error('must not open')
  })
  const notify = () => {}

  it('refuses unknown calls and malformed arguments with a clear message', async () => {
    await expect(dispatchDesktopCall(handlers, 'readFile', ['/etc/passwd'], notify)).rejects.toThrow(
      'Unknown desktop call “readFile”.',
    )
    await expect(dispatchDesktopCall(handlers, 'getPost', [42], notify)).rejects.toThrow(InvalidCallError)
    await expect(
      dispatchDesktopCall(handlers, 'savePost', [{ title: 'x', slug: 'Not A Slug!', author: 'a' }], notify),
    ).rejects.toThrow('Slug may contain only a-z, 0-9 and single hyphens.')
    await expect(
      dispatchDesktopCall(handlers, 'signIn', ['editor@meridian.example'], notify),
    ).rejects.toThrow(InvalidCallError)
    await expect(
      dispatchDesktopCall(
        handlers,
        'uploadImage',
        [{ bytes: 'AAAA', name: 'x.png', type: 'image/png' }, 'blog-covers'],
        notify,
      ),
    ).rejects.toThrow(InvalidCallError)
  })

  it('refuses to open non-web links even when the arguments are well-formed', async () => {
    await expect(
      dispatchDesktopCall(handlers, 'openExternal', ['file:///etc/passwd'], notify),
    ).rejects.toThrow('Only http and https links can be opened.')
  })

  it('covers every method of the bridge', () => {
    expect(Object.keys(argumentSchemas).sort()).toContain('resolveConflict')
    expect(Object.keys(argumentSchemas)).toHaveLength(19)
  })
})
