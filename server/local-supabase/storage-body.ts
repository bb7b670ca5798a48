import { readBodyUpTo } from '../request-body.ts'

/**
 * Reading an upload: the whole body is buffered (buckets cap files at a few MiB), but never more than
 * `maxBytes`, so a client cannot make the server hold an arbitrarily large request in memory.
 */

export class BodyTooLargeError extends Error {
  constructor() {
    super('The object exceeded the maximum allowed size')
    this.name = 'BodyTooLargeError'
  }
}

export class MalformedUploadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedUploadError'
  }
}

/** Reads a request body up to `maxBytes`; throws BodyTooLargeError as soon as it is exceeded. */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const body = await readBodyUpTo(request, maxBytes)
  if (!body) throw new BodyTooLargeError()
  return body
}

export interface UploadedFile {
  bytes: Uint8Array
  /** The type the client declared (multipart part type or Content-Type); only advisory. */
  declaredType: string
  /** Seconds, from the `cacheControl` form field or a `Cache-Control: max-age=N` header. */
  cacheControlSeconds: number
  /** The `metadata` form field (the user metadata as JSON), when the body is multipart. */
  metadataField: string | null
}

const DEFAULT_CACHE_SECONDS = 3600

function parseCacheSeconds(value: string | null | undefined): number {
  const match = /(\d+)/.exec(value ?? '')
  if (!match) return DEFAULT_CACHE_SECONDS
  return Math.min(Number(match[1]), 31_536_000)
}

/**
 * The file of an upload as storage-js sends it: a Blob becomes multipart (a `cacheControl` field and one
 * file part, named ""), anything else is the raw body with `Content-Type` and `Cache-Control: max-age=N`.
 */
export async function parseUpload(headers: Headers, body: Uint8Array): Promise<UploadedFile> {
  const contentType = headers.get('content-type') ?? ''
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData
    try {
      // The platform's multipart parser (undici), fed the already size-checked bytes.
      form = await new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': contentType },
      }).formData()
    } catch {
      throw new MalformedUploadError('The multipart body could not be parsed')
    }
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string')
    if (files.length !== 1) throw new MalformedUploadError('Expected exactly one file in the multipart body')
    const file = files[0]!
    const cache = form.get('cacheControl')
    const metadata = form.get('metadata')
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      declaredType: file.type,
      cacheControlSeconds: parseCacheSeconds(typeof cache === 'string' ? cache : null),
      metadataField: typeof metadata === 'string' ? metadata : null,
    }
  }
  return {
    bytes: body,
    declaredType: contentType,
    cacheControlSeconds: parseCacheSeconds(headers.get('cache-control')),
    metadataField: null,
  }
}

/** SVG can carry script; it is never stored, whatever a bucket allows. */
export function looksLikeSvg(bytes: Uint8Array, declaredType: string): boolean {
  if (/svg/i.test(declaredType)) return true
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).toLowerCase()
  return head.includes('<svg')
}
