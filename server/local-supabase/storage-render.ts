import { readFile } from 'node:fs/promises'
import type { Context } from 'hono'
import { z } from 'zod'
import { maxImagePixels } from '../../shared/lib/image-limits.ts'
import { imageJob, loadSharp } from '../media/image-jobs.ts'
import { storageError, type ObjectRow } from './storage-http.ts'
import type { ObjectFiles } from './storage-objects.ts'

/**
 * Supabase's image transformation (`/render/image/...`): resize (`width`, `height`, `resize` cover |
 * contain | fill) and re-encode (`quality`, `format=origin`) with the same sharp the server's cover variants
 * use; the result keeps the original's format, as Storage does for clients that do not ask for WebP.
 */
const intParam = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(min).max(max).optional(),
  )

export const transformSchema = z.object({
  width: intParam(1, 2500),
  height: intParam(1, 2500),
  quality: intParam(20, 100),
  resize: z.enum(['cover', 'contain', 'fill']).optional(),
  format: z.enum(['origin']).optional(),
})
export type Transform = z.output<typeof transformSchema>

// imgproxy's names, which Storage reports in `X-Transformations`.
const resizingType = { cover: 'fill', contain: 'fit', fill: 'force' } as const
const fit = { cover: 'cover', contain: 'inside', fill: 'fill' } as const

/** The transformation a query (or a signed URL's stored query) asks for; a 400 reply when it is not one. */
export function parseTransform(c: Context, query: Record<string, string | undefined>): Transform | Response {
  const parsed = transformSchema.safeParse(query)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  return storageError(
    c,
    400,
    'InvalidRequest',
    `Invalid transformation ${issue.path.join('.')}: ${issue.message}`,
  )
}

/** The transformation as query parameters (what a signed render URL carries in its token). */
export function transformQuery(transform: Transform): string {
  const entries = Object.entries(transform).filter(([, v]) => v !== undefined)
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()
}

/** Renders an object's image with the transformation and answers it. */
export async function renderObject(c: Context, files: ObjectFiles, row: ObjectRow, transform: Transform) {
  const bytes = await readFile(files.path(row.bucket_id, row.name)).catch(() => null)
  if (!bytes) return storageError(c, 404, 'not_found', 'Object not found')
  const sharp = await loadSharp()
  const resize = transform.resize ?? 'cover'
  let output: { data: Buffer; info: { format: string } }
  try {
    let image = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' }).rotate()
    if (transform.width || transform.height)
      image = image.resize({ width: transform.width, height: transform.height, fit: fit[resize] })
    const quality = transform.quality ?? 80
    const { format } = await image.metadata()
    if (format === 'jpeg') image = image.jpeg({ quality, mozjpeg: true })
    else if (format === 'webp') image = image.webp({ quality })
    else if (format === 'heif') image = image.avif({ quality })
    else image = image.png()
    // In one of the process's image slots, shared with the cover variants (`imageJob` in media/image-jobs.ts).
    output = await imageJob(() => image.toBuffer({ resolveWithObject: true }))
  } catch {
    return storageError(c, 422, 'InvalidRequest', 'The object is not an image that can be transformed')
  }
  const applied = [
    transform.height ? `height:${transform.height}` : null,
    transform.width ? `width:${transform.width}` : null,
    `resizing_type:${resizingType[resize]}`,
    transform.quality ? `quality:${transform.quality}` : null,
  ].filter(Boolean)
  return new Response(new Uint8Array(output.data), {
    status: 200,
    headers: {
      'Content-Type': `image/${output.info.format === 'heif' ? 'avif' : output.info.format}`,
      'Content-Length': String(output.data.byteLength),
      'Cache-Control': row.metadata?.cacheControl ?? 'max-age=3600',
      'X-Transformations': applied.join(','),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
