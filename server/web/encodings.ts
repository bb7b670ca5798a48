import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

/**
 * Compressed copies of what the server sends again and again (rendered pages, the built site's files),
 * made once per version on the thread pool instead of once per request, and the one a request gets. A copy
 * is made when a client first asks for that encoding: browsers ask for brotli, so a page rendered for its
 * first reader is compressed once, not twice (gzip at level 9 was a tenth of a first render's cost).
 */

type Encoding = 'br' | 'gzip'

/** A body and the compressed copies made of it so far. */
export interface Encoded {
  identity: Uint8Array
  /** False: not worth compressing (not text-like, or too short); no copies are made. */
  compressible: boolean
  /**
   * A file of the built site: it is compressed once for the life of its build, so at brotli's best quality
   * (11: a page's HTML ~10% smaller than at 6, which the first round trip of a new connection feels).
   */
  built?: boolean
  br?: Buffer
  gzip?: Buffer
}

/** Below this a compressed copy saves nothing worth a header (the app's compression uses the same). */
const compressFrom = 1024

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

const compressors: Record<Encoding, (body: Uint8Array, built: boolean) => Promise<Buffer>> = {
  gzip: (body) => gzipAsync(body, { level: 9 }),
  // A rendered page is compressed for its first reader, at a quality that costs ~1 ms.
  br: (body, built) =>
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: built ? zlibConstants.BROTLI_MAX_QUALITY : 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        // A window no larger than the body: the encoder's buffers scale with it (16 MB at the default 22).
        [zlibConstants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.byteLength)))),
      },
    }),
}

/**
 * `body`, to be compressed on demand when `contentType` is text-like and the body is large enough; `built`
 * for a file of the built site.
 */
export function encode(body: Uint8Array, contentType: string, built = false): Encoded {
  return {
    identity: body,
    compressible: body.byteLength >= compressFrom && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType),
    built,
  }
}

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0). */
function chooseEncoding(acceptEncoding: string | null): Encoding | null {
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

/** Copies under way, so requests arriving together compress once. */
const making = new WeakMap<Encoded, Partial<Record<Encoding, Promise<Buffer>>>>()

/**
 * Makes the copy `request` prefers when no earlier request asked for that encoding; true when it was made
 * now (the holder of `encoded` may count its new size).
 */
export async function prepareCopy(request: Request, encoded: Encoded): Promise<boolean> {
  const encoding = encoded.compressible ? chooseEncoding(request.headers.get('Accept-Encoding')) : null
  if (!encoding || encoded[encoding]) return false
  const pending = making.get(encoded) ?? {}
  making.set(encoded, pending)
  const copy = (pending[encoding] ??= compressors[encoding](encoded.identity, encoded.built ?? false))
  try {
    encoded[encoding] = await copy
  } catch (err) {
    delete pending[encoding] // a failed copy is tried again by the next request, not remembered
    throw err
  }
  return true
}

/** Bytes held by `encoded`: the body and its copies. */
export const encodedBytes = (encoded: Encoded): number =>
  encoded.identity.byteLength + (encoded.gzip?.byteLength ?? 0) + (encoded.br?.byteLength ?? 0)

/**
 * The answer to `request` with `encoded`: the copy its Accept-Encoding prefers, with `Content-Encoding`,
 * `Content-Length` and `Vary` (the app's per-request compression then leaves it alone); no body for HEAD.
 */
export async function encodedResponse(
  request: Request,
  encoded: Encoded,
  headers: HeadersInit,
  status = 200,
): Promise<Response> {
  await prepareCopy(request, encoded)
  const all = new Headers(headers)
  let body = encoded.identity
  if (encoded.compressible) {
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
