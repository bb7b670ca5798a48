import { appHost, appScheme } from './app-protocol.ts'

/**
 * Security rules of the desktop window, as plain functions (unit-tested without Electron).
 */

/**
 * Images over plain http only from the local default backend: `npm start` serves the embedded Supabase
 * (and its storage, where covers live) on http://localhost:8080, and developers also reach it as 127.0.0.1,
 * on any port (PORT). Every other backend is expected on https. Allowing any http host would let content
 * in a post load (and leak the app's requests to) arbitrary plaintext hosts.
 */
export const localBackendImageSources = ['http://localhost:*', 'http://127.0.0.1:*'] as const

/**
 * The renderer's Content-Security-Policy (sent as a header by the app:// handler and the session, and as a
 * meta tag in the built index.html). Scripts only from the app itself; images from the app, data:/blob:
 * previews, any https host (covers live on the Supabase storage host) and the local default backend; the
 * renderer never calls the network itself: everything goes through main.
 */
export function rendererCsp(options: { devServerOrigin?: string } = {}): string {
  const self = options.devServerOrigin ? `'self' ${options.devServerOrigin}` : `'self'`
  return [
    `default-src 'none'`,
    `script-src ${self}`,
    // Tailwind and Milkdown set inline style attributes; no inline scripts are allowed.
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob: https: ${localBackendImageSources.join(' ')}`,
    `font-src ${self} data:`,
    `connect-src ${options.devServerOrigin ? `${self} ws:` : self}`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
  ].join('; ')
}

/** External links open in the system browser, and only plain web links: no file:, javascript:, custom schemes. */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  )
}

/**
 * Is this frame URL the app's own renderer? `appUrl` is what the window loads: `app://meridian/index.html`
 * in the packaged app (then exactly the `app://meridian` origin is accepted, any path or fragment), or the
 * dev server's http(s) URL under `desktop:dev` (then its origin). IPC and navigation from anything else (an
 * iframe, a page navigated elsewhere, a file:// page) are refused.
 */
export function isAppUrl(frameUrl: string, appUrl: string): boolean {
  let frame: URL
  let app: URL
  try {
    frame = new URL(frameUrl)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (frame.username || frame.password) return false
  if (app.protocol === `${appScheme}:`) {
    // Custom schemes have an opaque `origin` ("null") in the URL API: compare scheme and host instead.
    return (
      frame.protocol === app.protocol &&
      frame.host.toLowerCase() === appHost &&
      app.host.toLowerCase() === appHost
    )
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') return false
  return frame.origin === app.origin
}
