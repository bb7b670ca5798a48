import { createHash } from 'node:crypto'
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import type { Sharp } from 'sharp'
import { z } from 'zod'
import {
  defaultVariantQuality,
  imagesPublicPrefix,
  isVariantQuality,
  isVariantWidth,
  siteCoverName,
  variantFormats,
  type VariantFormat,
  type VariantSourceKind,
} from '../../shared/lib/image-variants.ts'
import { contentTypeForExtension } from '../../shared/lib/content-types.ts'
import { maxImagePixels } from '../../shared/lib/image-limits.ts'
import type { ServerContext } from '../context.ts'
import { imageJob, loadSharp } from '../media/image-jobs.ts'
import { clientHolds, writeCacheFile } from './http-cache.ts'
import {
  InvalidKeyError,
  rawTargetLooksLikeTraversal,
  validateObjectKey,
} from '../local-supabase/storage-path.ts'

/**
 * Responsive variants of covers, in the shape of Supabase's image transformation endpoint:
 * `GET /media/images/<key>?width=&quality=&format=` for an object of the public `images` bucket and
 * `GET /media/covers/<name>` for a cover shipped with the site (`SITE_DIR/covers`). Never an open proxy: the
 * original is read from the configured Supabase storage (hosted, or the embedded backend on this origin;
 * hosted projects need no image transformations add-on) or from the site's folder, nowhere else.
 *
 * Variants are made by sharp on first request and kept under `DATA_DIR/media-cache/`, keyed by source, the
 * original's ETag and the parameters, so a changed original makes new variants and several instances can
 * share the folder (each file is written to a temporary name and renamed into place).
 */

/** Bumped when the encoder settings change, so old cached variants are not served again. */
const pipelineVersion = 1
/** The images bucket allows 10 MiB; anything larger is not one of ours. */
const maxOriginalBytes = 12 * 1024 * 1024
const longCache = 'public, max-age=31536000, immutable'
const shortCache = 'public, max-age=3600'

const optionalNumber = (schema: z.ZodNumber) =>
  z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number')
    .transform(Number)
    .pipe(schema)
    .optional()

/** The query of a variant request; every parameter is optional, as in Supabase's endpoint. */
export const variantQuerySchema = z.object({
  width: optionalNumber(z.number()).refine((w) => w === undefined || isVariantWidth(w), {
    message: 'must be one of 320, 480, 640, 960, 1280, 1600',
  }),
  quality: optionalNumber(z.number()).refine((q) => q === undefined || isVariantQuality(q), {
    message: 'must be one of 50, 60, 75, 85, 95',
  }),
  format: z.enum(variantFormats, { error: 'must be avif, webp, jpeg or png' }).optional(),
  v: z
    .string()
    .regex(/^[0-9a-fA-F]{8,64}$/, 'must be 8 to 64 hex digits')
    .transform((v) => v.toLowerCase())
    .optional(),
})

/** AVIF, then WebP, then JPEG: the best format the client says it takes (`Accept`). */
export function negotiateFormat(accept: string | undefined): VariantFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim())
      const q = params.find((p) => p.startsWith('q='))
      return { type, q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((t) => t.q > 0)
    .map((t) => t.type)
  if (types.includes('image/avif')) return 'avif'
  if (types.includes('image/webp')) return 'webp'
  return 'jpeg'
}

/** An ETag's opaque value, unquoted and lower-cased (`W/"abc"` → `abc`). */
function etagValue(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase()
}

/** Whether a URL's `v` names the original's current version: a prefix of its content MD5 (its ETag). */
export function versionMatches(version: string | undefined, etag: string): boolean {
  return !!version && version.length >= 8 && etagValue(etag).startsWith(version)
}

export class MediaFailure extends Error {
  constructor(
    readonly status: 400 | 404 | 422 | 502,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface Original {
  etag: string
  /** Null when the store said the copy we know is current (304): read it again only if needed. */
  bytes: Buffer | null
}

/** Resizes and encodes one variant; throws MediaFailure(422) for bytes that are not a usable image. */
export async function makeVariant(bytes: Buffer, options: VariantParams): Promise<Buffer> {
  const sharp = await loadSharp()
  try {
    // Refused before it is decoded: a picture larger than any upload may be (a flat PNG of 50 megapixels
    // is 160 KB on disk, 200 MB in memory).
    let image: Sharp = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' }).rotate()
    // Never wider than the original, and never beyond the largest variant when no width is asked for.
    image = image.resize({ width: options.width ?? 1600, withoutEnlargement: true })
    const { quality } = options
    switch (options.format) {
      case 'avif':
        image = image.avif({ quality: Math.max(20, quality - 20), effort: 2 })
        break
      case 'webp':
        image = image.webp({ quality, effort: 4 })
        break
      case 'png':
        image = image.png({ palette: true, quality, effort: 7 })
        break
      default:
        image = image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true })
    }
    return await image.toBuffer()
  } catch (err) {
    throw new MediaFailure(422, 'The image could not be processed.', { cause: err })
  }
}

const dayMs = 24 * 60 * 60 * 1000

/**
 * Keeps a disk cache bounded: removes files not used for `unusedMs` (a hit refreshes a file's time, see
 * `markUsed`) and temporary files a crashed write left behind. Returns how many files it removed.
 */
export async function pruneCache(dir: string, unusedMs: number, now = Date.now()): Promise<number> {
  let removed = 0
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const info = await stat(file).catch(() => null)
    if (!info) continue
    const limit = entry.name.endsWith('.tmp') ? 60 * 60 * 1000 : unusedMs
    if (now - info.mtimeMs > limit) {
      await rm(file, { force: true })
      removed++
    }
  }
  return removed
}

/** Records that a cached file was just used (at most once a day per file, to spare the disk). */
export function markUsed(file: string): void {
  void stat(file)
    .then((info) => {
      if (Date.now() - info.mtimeMs > dayMs) return utimes(file, new Date(), new Date())
    })
    .catch(() => undefined)
}

/** Prunes `dir` a minute after start and then daily; the timers never keep the process alive. */
export function schedulePruning(ctx: ServerContext, dir: string, unusedDays = 30): void {
  const run = () => {
    pruneCache(dir, unusedDays * dayMs)
      .then((removed) => {
        if (removed) ctx.logger.info({ dir, removed }, 'cache: removed files unused for a month')
      })
      .catch((err: unknown) => ctx.logger.warn({ err, dir }, 'cache: pruning failed'))
  }
  setTimeout(run, 60_000).unref()
  setInterval(run, dayMs).unref()
}

export interface MediaOptions {
  /** Folder of the variant cache (default `DATA_DIR/media-cache`). */
  cacheDir?: string
}

export interface VariantParams {
  width: number | undefined
  quality: number
  format: VariantFormat
}

/** Reads originals and makes (or finds) their variants; shared by `/media` and the Open Graph images. */
export interface MediaStore {
  /** The original's current ETag (its bytes too when they were read). MediaFailure 404 when it is missing. */
  readOriginal(kind: VariantSourceKind, key: string): Promise<Original>
  /** The variant's identity: source, original ETag, parameters (its cache key and HTTP ETag). */
  variantId(kind: VariantSourceKind, key: string, original: Original, params: VariantParams): string
  /** The variant's bytes, from the disk cache or made now (and stored). */
  variant(
    kind: VariantSourceKind,
    key: string,
    original: Original,
    params: VariantParams,
  ): Promise<{ body: Buffer; hit: boolean }>
}

export function createMediaStore(ctx: ServerContext, options: MediaOptions = {}): MediaStore {
  const projectRoot = path.resolve(import.meta.dirname, '../..')
  const cacheDir = options.cacheDir ?? path.resolve(projectRoot, ctx.env.DATA_DIR, 'media-cache')
  const inFlight = new Map<string, Promise<Buffer>>()
  /** The last ETag seen per bucket object: later reads ask the store only whether it changed (304). */
  const knownEtags = new Map<string, string>()
  /** Site covers' content hashes, by file size and modification time. */
  const fileHashes = new Map<string, { stamp: string; etag: string }>()
  schedulePruning(ctx, cacheDir)

  async function readBucketObject(key: string, fresh: boolean): Promise<Original> {
    const url = `${imagesPublicPrefix(ctx.supabase.url)}${key.split('/').map(encodeURIComponent).join('/')}`
    const known = fresh ? undefined : knownEtags.get(key)
    let res: Response
    try {
      res = await (ctx.supabase.fetch ?? fetch)(url, {
        headers: known ? { 'If-None-Match': known } : {},
        signal: AbortSignal.timeout(15_000),
      })
    } catch (err) {
      ctx.logger.warn({ err, key }, 'media: the image store could not be reached')
      throw new MediaFailure(502, 'The image store could not be reached.')
    }
    if (res.status === 304 && known) return { etag: known, bytes: null }
    if (res.status >= 400 && res.status < 500) {
      await res.body?.cancel()
      knownEtags.delete(key)
      throw new MediaFailure(404, 'Image not found.')
    }
    if (!res.ok) {
      await res.body?.cancel()
      ctx.logger.warn({ key, status: res.status }, 'media: the image store answered with an error')
      throw new MediaFailure(502, 'The image store could not be reached.')
    }
    const declared = Number(res.headers.get('content-length') ?? 0)
    if (declared > maxOriginalBytes) {
      await res.body?.cancel()
      throw new MediaFailure(422, 'The image is too large to resize.')
    }
    const bytes = Buffer.from(await res.arrayBuffer())
    if (bytes.length > maxOriginalBytes) throw new MediaFailure(422, 'The image is too large to resize.')
    const etag = res.headers.get('etag') ?? `"${createHash('md5').update(bytes).digest('hex')}"`
    knownEtags.set(key, etag)
    return { etag, bytes }
  }

  async function readSiteCover(name: string): Promise<Original> {
    const file = path.join(ctx.siteDir, 'covers', name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) throw new MediaFailure(404, 'Image not found.')
    if (info.size > maxOriginalBytes) throw new MediaFailure(422, 'The image is too large to resize.')
    const stamp = `${info.size}:${info.mtimeMs}`
    const cached = fileHashes.get(name)
    if (cached?.stamp === stamp) return { etag: cached.etag, bytes: null }
    const bytes = await readFile(file)
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`
    fileHashes.set(name, { stamp, etag })
    return { etag, bytes }
  }

  function readOriginal(kind: VariantSourceKind, key: string, fresh = false): Promise<Original> {
    return kind === 'images' ? readBucketObject(key, fresh) : readSiteCover(key)
  }

  function variantId(kind: VariantSourceKind, key: string, original: Original, params: VariantParams) {
    return createHash('sha256')
      .update(
        [
          pipelineVersion,
          kind,
          key,
          original.etag,
          params.width ?? 'auto',
          params.quality,
          params.format,
        ].join('\0'),
      )
      .digest('hex')
  }

  async function variant(
    kind: VariantSourceKind,
    key: string,
    original: Original,
    params: VariantParams,
  ): Promise<{ body: Buffer; hit: boolean }> {
    const id = variantId(kind, key, original, params)
    const file = path.join(cacheDir, id.slice(0, 2), `${id}.${params.format}`)
    const existing = await readFile(file).catch(() => null)
    if (existing) {
      markUsed(file)
      return { body: existing, hit: true }
    }
    let pending = inFlight.get(file)
    if (!pending) {
      pending = (async () => {
        let bytes = original.bytes
        if (!bytes) {
          if (kind === 'covers') fileHashes.delete(key)
          const again = await readOriginal(kind, key, true)
          bytes = again.bytes
          // Changed between the two reads: the key names the older ETag, so make nothing under it.
          if (!bytes || again.etag !== original.etag) throw new MediaFailure(404, 'Image not found.')
        }
        const source = bytes
        const body = await imageJob(() => makeVariant(source, params))
        // The cache is an optimisation: a full or read-only disk still gets its image.
        await writeCacheFile(file, body).catch((err: unknown) =>
          ctx.logger.warn({ err, file }, 'media: could not store a variant'),
        )
        return body
      })().finally(() => inFlight.delete(file))
      inFlight.set(file, pending)
    }
    return { body: await pending, hit: false }
  }

  return { readOriginal: (kind, key) => readOriginal(kind, key), variantId, variant }
}

/** `/media/*`: mounted before the site's routes. */
export function createMediaRoutes(ctx: ServerContext, options: MediaOptions = {}): Hono {
  const app = new Hono()
  const store = createMediaStore(ctx, options)

  const fail = (c: Context, status: MediaFailure['status'], message: string) => {
    c.header('Cache-Control', status === 404 ? 'public, max-age=60' : 'no-store')
    return c.json({ message }, status)
  }

  app.get('/media/:kind/:key{.+}', async (c) => {
    const kind = c.req.param('kind')
    if (kind !== 'images' && kind !== 'covers') return fail(c, 404, 'Image not found.')
    const rawPath = new URL(c.req.url).pathname
    let key: string
    try {
      key = decodeURIComponent(c.req.param('key'))
      if (rawTargetLooksLikeTraversal(rawPath)) throw new InvalidKeyError(key)
      if (kind === 'images') validateObjectKey(key)
      else if (!siteCoverName.test(key)) throw new InvalidKeyError(key)
    } catch {
      return fail(c, 400, 'Invalid image path.')
    }

    const parsed = variantQuerySchema.safeParse(c.req.query())
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return fail(c, 400, `Invalid ${String(issue.path[0] ?? 'query')}: ${issue.message}.`)
    }
    const query = parsed.data
    const format = query.format ?? negotiateFormat(c.req.header('accept'))
    const params: VariantParams = {
      width: query.width,
      quality: query.quality ?? defaultVariantQuality,
      format,
    }

    try {
      const original = await store.readOriginal(kind, key)
      const id = store.variantId(kind, key, original, params)
      const etag = `"${id.slice(0, 32)}"`
      const headers: Record<string, string> = {
        ETag: etag,
        Vary: 'Accept',
        'Cache-Control': versionMatches(query.v, original.etag) ? longCache : shortCache,
      }
      if (clientHolds(c.req.header('if-none-match'), etag))
        return new Response(null, { status: 304, headers })

      const { body, hit } = await store.variant(kind, key, original, params)
      headers['Content-Type'] = contentTypeForExtension(format) ?? 'application/octet-stream'
      headers['Content-Length'] = String(body.length)
      headers['X-Media-Cache'] = hit ? 'hit' : 'miss'
      if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
      return new Response(new Uint8Array(body), { status: 200, headers })
    } catch (err) {
      if (err instanceof MediaFailure) return fail(c, err.status, err.message)
      throw err
    }
  })

  return app
}
