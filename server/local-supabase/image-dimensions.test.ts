import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { declaredDimensions } from './image-dimensions.ts'
import { sniffImageType } from './image-sniff.ts'

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })

/** The size read from the bytes as the upload reads them (type sniffed first). */
const sizeOf = (bytes: Uint8Array) => declaredDimensions(bytes, sniffImageType(bytes)!)

const u16 = (n: number) => [n & 0xff, n >> 8]
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]

const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
/** A PNG's signature and IHDR (the checksum left zero), then `rest`: a header whose data cannot be decoded. */
const pngHeader = (width: number, height: number, rest = 'not pixel data') =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.from([...be32(width), ...be32(height), 8, 2, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from(rest),
  ])

/** A DIB header (BITMAPINFOHEADER) of the given size, and nothing after it. */
const dib = (width: number, height: number) => [
  ...u32(40),
  ...u32(width),
  ...u32(height),
  ...u16(1),
  ...u16(1),
]

describe('declaredDimensions', () => {
  it('reads real PNG, JPEG, WebP and GIF files', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      expect({ format, size: await sizeOf(await image(12, 7).toFormat(format).toBuffer()) }).toEqual({
        format,
        size: { width: 12, height: 7 },
      })
    }
  })

  it('reads the header only: a JPEG declaring 8000 × 6250 over 8 × 6 pixels of data', async () => {
    const jpeg = await image(8, 6).jpeg().toBuffer()
    // Patch the frame header (SOF0) to claim a larger picture than the data holds.
    let at = 2
    while (jpeg[at + 1] !== 0xc0) at += 2 + jpeg.readUInt16BE(at + 2)
    jpeg.writeUInt16BE(6250, at + 5)
    jpeg.writeUInt16BE(8000, at + 7)
    expect(await sizeOf(jpeg)).toEqual({ width: 8000, height: 6250 })
  })

  it('reads a PNG header over pixel data that could not be decoded, and past sharp’s own pixel limit', async () => {
    expect(await sizeOf(pngHeader(30000, 30000))).toEqual({ width: 30000, height: 30000 })
  })

  it('takes a GIF’s largest frame when it reaches past the logical screen', async () => {
    const gif = Buffer.from([
      ...Buffer.from('GIF89a'),
      ...u16(1),
      ...u16(1),
      0x80, // a global colour table of 2 colours
      0,
      0,
      ...[0, 0, 0, 255, 255, 255],
      ...[0x21, 0xf9, 4, 0, 0, 0, 0, 0], // graphic control extension
      ...[0x2c, ...u16(0), ...u16(0), ...u16(9000), ...u16(6000), 0], // a 9000 × 6000 frame
      ...[2, 2, 0x44, 0x01, 0], // LZW code size, one data sub-block, terminator
      0x3b,
    ])
    expect(await sizeOf(gif)).toEqual({ width: 9000, height: 6000 })
  })

  it('reads BMP headers (bottom-up and top-down) and the old 12-byte header', async () => {
    const bmp = (header: number[]) => Buffer.from([0x42, 0x4d, ...u32(0), 0, 0, 0, 0, ...u32(54), ...header])
    expect(await sizeOf(bmp(dib(8000, 6250)))).toEqual({ width: 8000, height: 6250 })
    expect(await sizeOf(bmp(dib(8000, -6250 >>> 0)))).toEqual({ width: 8000, height: 6250 })
    const core = [...u32(12), ...u16(4000), ...u16(3000), ...u16(1), ...u16(24)]
    expect(await sizeOf(bmp(core))).toEqual({ width: 4000, height: 3000 })
  })

  it('takes an icon’s largest image: its directory entry, or the PNG or BMP it holds', async () => {
    const png = pngHeader(9000, 5000)
    const entry = (offset: number) => [0, 0, 0, 0, ...u16(1), ...u16(32), ...u32(png.length), ...u32(offset)]
    const icon = (...entries: number[][]) =>
      Buffer.from([0, 0, 1, 0, ...u16(entries.length), ...entries.flat()])
    const small = [16, 16, 0, 0, ...u16(1), ...u16(32), ...u32(40), ...u32(22)]
    expect(await sizeOf(icon(small))).toEqual({ width: 16, height: 16 })
    const withPng = Buffer.concat([icon(small, entry(38)), png])
    expect(await sizeOf(withPng)).toEqual({ width: 9000, height: 5000 })
    const withBmp = Buffer.concat([icon(entry(22)), Buffer.from(dib(9000, 2 * 5000))])
    expect(await sizeOf(withBmp)).toEqual({ width: 9000, height: 5000 })
  })

  it('answers null for a header it cannot read', async () => {
    const truncated = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    expect(await declaredDimensions(truncated, 'image/png')).toBeNull()
    expect(await declaredDimensions(Buffer.from([0xff, 0xd8, 0xff, 0]), 'image/jpeg')).toBeNull()
  })
})
