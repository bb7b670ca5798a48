import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, extensionOf } from '../../shared/lib/content-types.ts'

/**
 * The packaged renderer is served from `app://meridian/…` instead of `file://`: a standard, secure origin of
 * its own, so `'self'` in the CSP means the app's files only, the page gets no file:// privileges (the
 * `grantFileProtocolExtraPrivileges` fuse is off), and IPC can check one exact origin. Everything here is
 * plain Node (no Electron) so it is unit-tested; `index.ts` registers it with `protocol.handle`.
 */
export const appScheme = 'app'
export const appHost = 'meridian'
export const appOrigin = `${appScheme}://${appHost}`
/** What the window loads in the packaged app. */
export const appEntryUrl = `${appOrigin}/index.html`

export interface AppFile {
  /** Absolute path, always inside the renderer folder. */
  path: string
  contentType: string
}

/**
 * Maps an `app://meridian/…` request URL to a file inside `rootDir` (the built renderer, `out/renderer`),
 * or null when it must not be served: another scheme or host, credentials or a port in the URL, a
 * directory, an unknown file type, or any path segment that could leave the folder once decoded (`..`,
 * `%2e%2e%2f`, `..%5c`, NUL, drive letters). The query and fragment are ignored (`index.html#/leads`).
 */
export function resolveAppFile(
  requestUrl: string,
  rootDir: string,
  pathApi: Pick<typeof path, 'resolve' | 'join' | 'relative' | 'isAbsolute' | 'sep'> = path,
): AppFile | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${appScheme}:` || url.host.toLowerCase() !== appHost) return null
  if (url.username || url.password || url.port) return null

  const rawSegments = url.pathname.replace(/^\//, '').split('/')
  if (rawSegments.length === 1 && rawSegments[0] === '') rawSegments[0] = 'index.html'
  const segments: string[] = []
  for (const raw of rawSegments) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    // Empty (a directory or `//`), dot segments, separators and NUL hidden behind percent-encoding,
    // and `:` (drive letters, Windows alternate data streams) are all refused.
    if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) return null
    segments.push(segment)
  }

  // A file of a type the product does not know is answered 404, and so is a source map (the packaged app
  // serves none).
  const name = segments[segments.length - 1]!
  const contentType = extensionOf(name) === 'map' ? undefined : contentTypeOf(name)
  if (!contentType) return null

  const root = pathApi.resolve(rootDir)
  const file = pathApi.resolve(pathApi.join(root, ...segments))
  const relative = pathApi.relative(root, file)
  if (relative === '' || relative.startsWith('..') || pathApi.isAbsolute(relative)) return null
  return { path: file, contentType }
}

/**
 * The `protocol.handle('app', …)` handler: GET/HEAD of files inside `rootDir`, with their content type,
 * `nosniff` and the renderer CSP; 404 for anything `resolveAppFile` refuses or that does not exist, 405 for
 * other methods. Nothing is cached (the files sit next to the app and are read from disk or the asar).
 */
export function createAppProtocolHandler(options: {
  rootDir: string
  csp: string
  read?: (file: string) => Promise<Uint8Array>
}): (request: Request) => Promise<Response> {
  const read = options.read ?? ((file: string) => readFile(file))
  const headers = (contentType: string) => ({
    'Content-Type': contentType,
    'Content-Security-Policy': options.csp,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  })
  const notFound = () =>
    new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') })

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', {
        status: 405,
        headers: { ...headers('text/plain; charset=utf-8'), Allow: 'GET, HEAD' },
      })
    }
    const file = resolveAppFile(request.url, options.rootDir)
    if (!file) return notFound()
    let body: Uint8Array
    try {
      body = await read(file.path)
    } catch {
      return notFound()
    }
    return new Response(request.method === 'HEAD' ? null : (body as BodyInit), {
      status: 200,
      headers: headers(file.contentType),
    })
  }
}
