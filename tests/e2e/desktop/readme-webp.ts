import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const screenshotsDir = path.resolve(import.meta.dirname, '../../../docs/screenshots')

/** The documentation's budget for one screenshot. */
export const readmeShotBytes = 80 * 1024

/**
 * Writes `docs/screenshots/<name>.webp` from a PNG: WebP at `quality`, stepped down (to 50 at the least)
 * until it fits the documentation's budget. Gives back the bytes written.
 */
export async function writeReadmeWebp(name: string, png: Buffer, quality: number): Promise<Buffer> {
  mkdirSync(screenshotsDir, { recursive: true })
  let webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer()
  while (webp.byteLength > readmeShotBytes && quality > 50) {
    quality -= 6
    webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer()
  }
  writeFileSync(path.join(screenshotsDir, `${name}.webp`), webp)
  return webp
}
