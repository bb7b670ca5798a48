import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

/**
 * Compressed copies of what the server sends again and again (rendered pages, the built site's files),
 * made once per version on the thread pool instead of once per request, and the one a request gets.
 */

/** A body and its gzip and brotli copies (null: not worth compressing). */
export interface Encoded {
  identity: Uint8Array
  gzip: Buffer | null
  br: Buffer | null
}

/** Below this a compressed copy saves nothing worth a header (the app's compression uses the same). */
const compressFrom = 1024

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** `body` with its gzip and brotli copies when `contentType` is text-like and the body is large enough. */
export async function encode(body: Uint8Array, contentType: string): Promise<Encoded> {
  if (body.byteLength < compressFrom || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType))
    return { identity: body, gzip: null, br: null }
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        // A window no larger than the body: the encoder's buffers scale with it (16 MB at the default 22).
        [zlibConstants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.byteLength)))),
      },
    }),
  ])
  return { identity: body, gzip: gz, br }
}

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0). */
function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

/**
 * The answer to `request` with `encoded`: the copy its Accept-Encoding prefers, with `Content-Encoding`,
 * `Content-Length` and `Vary` (the app's per-request compression then leaves it alone); no body for HEAD.
 */
export function encodedResponse(
  request: Request,
  encoded: Encoded,
  headers: HeadersInit,
  status = 200,
): Response {
  const all = new Headers(headers)
  let body = encoded.identity
  if (encoded.gzip) {
    all.set('Vary', 'Accept-Encoding')
    const encoding = chooseEncoding(request.headers.get('Accept-Encoding'))
    if (encoding) {
      body = encoded[encoding]!
      all.set('Content-Encoding', encoding)
    }
  }
  all.set('Content-Length', String(body.byteLength))
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status,
    headers: all,
  })
}
