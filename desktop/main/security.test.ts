import { describe, expect, it } from 'vitest'
import { expectEach } from '../../tests/support/expect-each.ts'
import type { DesktopOperations } from '../contract.ts'
import { dispatchDesktopCall, InvalidCallError } from './api-handlers.ts'
import { checkedOpenExternal } from './desktop-main.ts'
import { appEntryUrl } from './app-protocol.ts'
import { isAppUrl, isSafeExternalUrl, rendererCsp } from './security.ts'

describe('desktop window security rules', () => {
  it('opens only plain http(s) links externally', () => {
    expectEach(isSafeExternalUrl, {
      'https://meridian.example/resources': true,
      'http://localhost:8080/post/x': true,
      'file:///etc/passwd': false,
      'javascript:alert(1)': false,
      'smb://host/share': false,
      'https://user:pw@evil.example': false,
      'not a url': false,
      '': false,
    })
  })

  it('accepts IPC only from the app page itself: exactly the app://meridian origin', () => {
    expect(isAppUrl('app://meridian/index.html', appEntryUrl)).toBe(true)
    expect(isAppUrl('app://meridian/index.html#/leads', appEntryUrl)).toBe(true)
    expect(isAppUrl('app://meridian/assets/other.html', appEntryUrl)).toBe(true)
    for (const frame of [
      'app://evil/index.html',
      'app://meridian.evil/index.html',
      'app://user:pw@meridian/index.html',
      'file:///opt/Meridian/resources/app.asar/out/renderer/index.html',
      'file:///home/me/Downloads/evil.html',
      'https://meridian/index.html',
      'https://evil.example/',
      'data:text/html,<h1>hi</h1>',
      'about:blank',
      '',
    ]) {
      expect(isAppUrl(frame, appEntryUrl), frame).toBe(false)
    }
    // `desktop:dev`: the dev server's origin.
    expect(isAppUrl('http://localhost:5173/#/settings', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false)
    expect(isAppUrl('app://meridian/index.html', 'http://localhost:5173')).toBe(false)
    // Opaque origins never match each other.
    expect(isAppUrl('data:text/html,x', 'data:text/html,y')).toBe(false)
  })

  it('allows no inline or remote scripts and no network access from the page', () => {
    const csp = rendererCsp()
    expect(csp).toContain(`script-src 'self'`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    expect(csp).toContain(`connect-src 'self'`)
    expect(csp).toContain(`object-src 'none'`)
  })

  it('allows images from https hosts and the local default backend, never from any http host', () => {
    const imgSrc = rendererCsp()
      .split('; ')
      .find((directive) => directive.startsWith('img-src '))
    expect(imgSrc).toBe(`img-src 'self' data: blob: https: http://localhost:* http://127.0.0.1:*`)
    expect(imgSrc?.split(' ')).not.toContain('http:')
    expect(rendererCsp({ devServerOrigin: 'http://localhost:5173' })).toContain(
      `img-src 'self' http://localhost:5173 data: blob: https: http://localhost:* http://127.0.0.1:*`,
    )
  })
})

describe('desktop IPC argument checks', () => {
  // Validation runs before any operation: main is never reached with bad input; calling it fails the test.
  const unreachable: object = new Proxy(() => {}, {
    get: () => unreachable,
    apply() {
      throw new Error('main must not be reached')
    },
  })
  const handlers = new Proxy(
    {
      openExternal: checkedOpenExternal(async () => {
        throw new Error('must not open')
      }),
    },
    { get: (target, name) => (name === 'openExternal' ? target.openExternal : unreachable) },
  ) as unknown as DesktopOperations
  const notify = () => {}

  it('refuses unknown calls and malformed arguments with a clear message', async () => {
    await expect(dispatchDesktopCall(handlers, 'readFile', ['/etc/passwd'], notify)).rejects.toThrow(
      'Unknown desktop call “readFile”.',
    )
    await expect(dispatchDesktopCall(handlers, 'getPost', [42], notify)).rejects.toThrow(InvalidCallError)
    await expect(
      dispatchDesktopCall(
        handlers,
        'savePost',
        [{ title: 'x', slug: 'Not A Slug!', author: 'a' }, { mode: 'create' }],
        notify,
      ),
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
})
