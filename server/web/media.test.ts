import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import {
  makeVariant,
  MediaFailure,
  negotiateFormat,
  pruneCache,
  variantQuerySchema,
  versionMatches,
} from './media.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('variant requests', () => {
  it('picks AVIF, then WebP, then JPEG from Accept, ignoring types refused with q=0', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('avif')
    expect(negotiateFormat('image/avif;q=0,image/webp')).toBe('webp')
    expect(negotiateFormat('image/webp;q=0.5')).toBe('webp')
    expect(negotiateFormat('*/*')).toBe('jpeg')
    expect(negotiateFormat(undefined)).toBe('jpeg')
  })

  it('accepts only the allowed widths, qualities and formats', () => {
    expect(variantQuerySchema.safeParse({ width: '640', quality: '85', format: 'webp' }).success).toBe(true)
    expect(variantQuerySchema.safeParse({}).success).toBe(true)
    for (const bad of [
      { width: '641' },
      { width: '6e2' },
      { quality: '73' },
      { format: 'tiff' },
      { v: 'g1234567' },
    ])
      expect(variantQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('treats a version as current when it starts the original ETag (8 hex digits or more)', () => {
    const etag = '"9e107d9d372bb6826bd81d3542a419d6"'
    expect(versionMatches('9e107d9d37', etag)).toBe(true)
    expect(versionMatches('9e107d9d', `W/${etag}`)).toBe(true)
    expect(versionMatches('9e107d9', etag)).toBe(false)
    expect(versionMatches('0123456789', etag)).toBe(false)
    expect(versionMatches(undefined, etag)).toBe(false)
  })
})

describe('making a variant', () => {
  it('refuses a picture larger than an upload may be (40 megapixels) before decoding it', async () => {
    // 45.5 megapixels of one colour: 150 KB as a PNG, 136 MB once decoded.
    const png = await sharp({ create: { width: 7000, height: 6500, channels: 3, background: '#1d4ed8' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const made = makeVariant(png, { width: 320, quality: 60, format: 'webp' })
    await expect(made).rejects.toBeInstanceOf(MediaFailure)
    await expect(made).rejects.toMatchObject({ status: 422 })
    await expect(made).rejects.toHaveProperty('cause.message', expect.stringMatching(/pixel limit/i))
  })
})

describe('pruneCache', () => {
  it('removes files unused for the given time and stale temporary files, keeping the rest', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-'))
    dirs.push(dir)
    mkdirSync(path.join(dir, 'ab'))
    const now = Date.now()
    const file = (name: string, ageMs: number) => {
      const p = path.join(dir, 'ab', name)
      writeFileSync(p, 'x')
      const at = new Date(now - ageMs)
      utimesSync(p, at, at)
      return p
    }
    const day = 24 * 60 * 60 * 1000
    const fresh = file('fresh.webp', day)
    const old = file('old.webp', 40 * day)
    const tmpNew = file('new.webp.1.tmp', 60 * 1000)
    const tmpOld = file('old.webp.2.tmp', 2 * 60 * 60 * 1000)
    expect(await pruneCache(dir, 30 * day, now)).toBe(2)
    expect([fresh, old, tmpNew, tmpOld].map((p) => existsSync(p))).toEqual([true, false, true, false])
    expect(statSync(fresh).isFile()).toBe(true)
    expect(await pruneCache(path.join(dir, 'missing'), day)).toBe(0)
  })
})
