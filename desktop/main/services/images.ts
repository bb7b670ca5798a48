import sharp, { type Metadata } from 'sharp'

/** Spec §9: covers are at most 1 MB and 1200 px on the longest side; up to 10 shrinking steps. */
export const coverLimits = { maxBytes: 1024 * 1024, maxSide: 1200, maxSteps: 10 } as const

export interface CompressedCover {
  data: Buffer
  /** Extension without the dot, matching the format (used in `blog-covers/{timestamp}.{ext}`). */
  extension: 'jpg' | 'webp' | 'png'
  contentType: 'image/jpeg' | 'image/webp' | 'image/png'
  width: number
  height: number
}

export class ImageInputError extends Error {}

type Encoding = {
  extension: CompressedCover['extension']
  contentType: CompressedCover['contentType']
  quality: number
}

async function encode(input: Buffer, side: number, encoding: Encoding, palette: boolean) {
  // rotate() applies the EXIF orientation before it is stripped (sharp drops metadata unless asked to keep it).
  const pipeline = sharp(input, { failOn: 'none' })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
  const out =
    encoding.extension === 'jpg'
      ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: encoding.quality, mozjpeg: true })
      : encoding.extension === 'webp'
        ? pipeline.webp({ quality: encoding.quality, effort: 4 })
        : pipeline.png({ palette, quality: encoding.quality, compressionLevel: 9, effort: 7 })
  const { data, info } = await out.toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Compresses a cover or content image natively: EXIF rotation applied, metadata stripped, longest side
 * ≤ 1200 px, ≤ 1 MB. Photos become JPEG; images with transparency first try a palette PNG (crisp for
 * screenshots and logos) and fall back to WebP, because a plain PNG of a large screenshot can stay over 1 MB.
 */
export async function compressCover(
  input: Uint8Array,
  onProgress?: (percent: number) => void,
): Promise<CompressedCover> {
  if (input.byteLength === 0) throw new ImageInputError('The file given is not an image')
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  let meta: Metadata
  try {
    meta = await sharp(buffer, { failOn: 'none' }).metadata()
  } catch {
    throw new ImageInputError('The file given is not an image')
  }
  if (!meta.width || !meta.height) throw new ImageInputError('The file given is not an image')

  const lossless = meta.format === 'png' || meta.format === 'gif'
  const candidates: Encoding[] = lossless
    ? [
        { extension: 'png', contentType: 'image/png', quality: 90 },
        { extension: 'webp', contentType: 'image/webp', quality: 85 },
      ]
    : [{ extension: 'jpg', contentType: 'image/jpeg', quality: 82 }]
  const withAlpha = meta.hasAlpha === true
  // A photo-like PNG without transparency is smaller as JPEG than as WebP at the same look in most viewers' eyes.
  if (lossless && !withAlpha) candidates.push({ extension: 'jpg', contentType: 'image/jpeg', quality: 82 })

  let side: number = Math.min(coverLimits.maxSide, Math.max(meta.width, meta.height))
  let best: (Awaited<ReturnType<typeof encode>> & Encoding) | null = null
  const steps = coverLimits.maxSteps
  for (let step = 0; step < steps; step++) {
    onProgress?.(Math.round((step / steps) * 90))
    for (const candidate of candidates) {
      const quality =
        candidate.extension === 'png' ? candidate.quality : Math.round(candidate.quality * 0.95 ** step)
      const result = await encode(buffer, side, { ...candidate, quality }, candidate.extension === 'png')
      if (!best || result.data.byteLength < best.data.byteLength) best = { ...result, ...candidate, quality }
      if (result.data.byteLength <= coverLimits.maxBytes) {
        onProgress?.(100)
        return {
          data: result.data,
          extension: candidate.extension,
          contentType: candidate.contentType,
          width: result.width,
          height: result.height,
        }
      }
    }
    // Still too large at this size: shrink the dimensions as the browser compressor does (×0.95 per step).
    side = Math.max(1, Math.floor(side * 0.95))
  }
  throw new ImageInputError(
    `The image could not be compressed below 1 MB (smallest attempt ${Math.round((best?.data.byteLength ?? 0) / 1024)} KB)`,
  )
}
