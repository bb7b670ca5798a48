import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { compressCover, coverLimits, ImageInputError } from '../../desktop/main/services/images.ts'
import { largeNoisyJpeg, largeNoisyPng, phonePhotoRotated } from '../support/desktop-images.ts'

describe('desktop cover compression (sharp)', { timeout: 90_000 }, () => {
  /** A large image squeezed to the cover limits: under 1 MB and 1200 px on its longer side. */
  async function compressedLarge(input: Buffer) {
    expect(input.byteLength).toBeGreaterThan(coverLimits.maxBytes)
    const out = await compressCover(input)
    expect(out.data.byteLength).toBeLessThanOrEqual(coverLimits.maxBytes)
    expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(1200)
    return { out, meta: await sharp(out.data).metadata() }
  }

  it('brings a large 12-megapixel JPEG under 1 MB and 1200 px as a JPEG without metadata', async () => {
    const { out, meta } = await compressedLarge(await largeNoisyJpeg())
    expect(out.extension).toBe('jpg')
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(Math.max(meta.width!, meta.height!)).toBe(1200)
  })

  it('brings a large noisy PNG with transparency under 1 MB and 1200 px', async () => {
    const { meta } = await compressedLarge(await largeNoisyPng())
    // Transparency survives: PNG (palette) or WebP, never JPEG.
    expect(['png', 'webp']).toContain(meta.format)
    expect(meta.hasAlpha).toBe(true)
  })

  it('applies the EXIF orientation of a phone photo and strips it', async () => {
    const input = await phonePhotoRotated()
    const before = await sharp(input).metadata()
    expect(before.orientation).toBe(6)
    expect(before.width).toBeGreaterThan(before.height!)
    const out = await compressCover(input)
    const meta = await sharp(out.data).metadata()
    // Orientation 6 means "rotate 90° clockwise to view": the stored landscape frame becomes portrait.
    expect(meta.height).toBe(1200)
    expect(meta.width).toBeLessThan(meta.height!)
    expect(meta.orientation).toBeUndefined()
  })

  it('reports progress up to 100', async () => {
    const seen: number[] = []
    await compressCover(await phonePhotoRotated(), (p) => seen.push(p))
    expect(seen.at(-1)).toBe(100)
  })

  it('refuses bytes that are not an image with the admin helper message', async () => {
    await expect(compressCover(new TextEncoder().encode('not an image at all'))).rejects.toThrow(
      ImageInputError,
    )
    await expect(compressCover(new TextEncoder().encode('not an image at all'))).rejects.toThrow(
      'The file given is not an image',
    )
  })
})
