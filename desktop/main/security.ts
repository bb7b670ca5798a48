/**
 * Security rules of the desktop window, as plain functions (unit-tested without Electron).
 */

/**
 * The renderer's Content-Security-Policy (also sent as a response header by the session). Scripts only from
 * the app itself; images may come from any https/http backend (covers live on the Supabase storage host)
 * and data:/blob: previews; the renderer never calls the network itself: everything goes through main.
 */
export function rendererCsp(options: { devServerOrigin?: string } = {}): string {
  const self = options.devServerOrigin ? `'self' ${options.devServerOrigin}` : `'self'`
  return [
    `default-src 'none'`,
    `script-src ${self}`,
    // Tailwind and Milkdown set inline style attributes; no inline scripts are allowed.
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob: https: http:`,
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
 * Is this frame URL the app's own renderer? `appUrl` is the loaded index (a file:// path in the packaged
 * app, the dev server in development). IPC from anything else (an iframe, a page navigated elsewhere) is refused.
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
  if (app.protocol === 'file:') return frame.protocol === 'file:' && frame.pathname === app.pathname
  return frame.origin === app.origin
}
