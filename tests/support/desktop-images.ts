import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

/**
 * Test and benchmark photos made with sharp. Random noise keeps them from compressing trivially, so
 * reaching ≤ 1 MB really exercises the quality and size steps.
 */

/** Noise with a smooth gradient under it: looks like a photo to an encoder (12 megapixels, 4000×3000). */
export async function largeNoisyJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const noise = randomBytes(width * height * 3)
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}

/** A screenshot-like PNG: flat panels and text-like noise strips, with an alpha channel (2880×1800). */
export async function largeNoisyPng(width = 2880, height = 1800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4)
  const noise = randomBytes(width * height)
  for (let y = 0; y < height; y++) {
    const band = Math.floor(y / 120) % 3
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const n = noise[y * width + x]
      // Every third band is noisy "content"; the others are flat panels with a little noise.
      const v = band === 0 ? n : 230 + (n & 7)
      pixels[i] = v
      pixels[i + 1] = band === 1 ? 240 : v
      pixels[i + 2] = band === 2 ? 250 : (v * 3) & 255
      pixels[i + 3] = x < 40 ? 0 : 255
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer()
}

/** A 4032×3024 phone photo stored landscape with EXIF orientation 6 (view rotated 90° clockwise). */
export async function phonePhotoRotated(width = 4032, height = 3024): Promise<Buffer> {
  const noise = randomBytes(width * height * 3)
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}
