import sharp from 'sharp'
import type { SniffedImageType } from './image-sniff.ts'

/**
 * How many pixels an image declares, read from its header alone (nothing is decoded): an upload is refused
 * above the pixel limit before anything could allocate the image. Where a file declares several sizes (a
 * GIF's frames may reach past its screen, an icon holds several images), the largest counts, since that is
 * what a browser may allocate.
 *
 * JPEG and WebP headers are read by sharp (the same libjpeg and libwebp browsers use); PNG, GIF, BMP and ICO
 * by hand: libvips cannot read BMP or ICO, and reports a GIF's first frame rather than its largest extent.
 */

export interface Dimensions {
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const DIB_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124]

/** The largest size the header declares, or null when it cannot be read (such a file cannot be shown either). */
export async function declaredDimensions(
  bytes: Uint8Array,
  type: SniffedImageType,
): Promise<Dimensions | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  switch (type) {
    case 'image/png':
      return pngSize(bytes, view, 0)
    case 'image/gif':
      return gifSize(bytes, view)
    case 'image/bmp':
      return dibSize(view, 14, false)
    case 'image/x-icon':
      return icoSize(bytes, view)
    case 'image/jpeg':
    case 'image/webp':
      try {
        // Header only; without the option sharp refuses to even read the header of a very large image.
        const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata()
        return width && height ? { width, height } : null
      } catch {
        return null
      }
  }
}

const larger = (a: Dimensions | null, b: Dimensions | null): Dimensions | null =>
  !a ? b : !b ? a : { width: Math.max(a.width, b.width), height: Math.max(a.height, b.height) }

/** A PNG's IHDR (always its first chunk), at `start` (an icon may embed a PNG). */
function pngSize(bytes: Uint8Array, view: DataView, start: number): Dimensions | null {
  if (view.byteLength < start + 24) return null
  if (!PNG_SIGNATURE.every((b, i) => bytes[start + i] === b)) return null
  if (String.fromCharCode(...bytes.subarray(start + 12, start + 16)) !== 'IHDR') return null
  return { width: view.getUint32(start + 16), height: view.getUint32(start + 20) }
}

/** A BMP's DIB header at `start`; in an icon the height counts the image and its mask, so it is halved. */
function dibSize(view: DataView, start: number, inIcon: boolean): Dimensions | null {
  if (view.byteLength < start + 12) return null
  const headerSize = view.getUint32(start, true)
  if (!DIB_HEADER_SIZES.includes(headerSize)) return null
  if (headerSize === 12) {
    const height = view.getUint16(start + 6, true)
    return { width: view.getUint16(start + 4, true), height: inIcon ? height / 2 : height }
  }
  // Negative sizes mean top-down rows; the size is the same.
  const height = Math.abs(view.getInt32(start + 8, true))
  return { width: Math.abs(view.getInt32(start + 4, true)), height: inIcon ? height / 2 : height }
}

/** Every image of an icon: its directory entry (0 means 256) and the PNG or BMP header it points to. */
function icoSize(bytes: Uint8Array, view: DataView): Dimensions | null {
  if (view.byteLength < 6) return null
  let size: Dimensions | null = null
  const count = view.getUint16(4, true)
  for (let i = 0; i < count && 6 + 16 * (i + 1) <= view.byteLength; i++) {
    const entry = 6 + 16 * i
    size = larger(size, { width: bytes[entry] || 256, height: bytes[entry + 1] || 256 })
    const offset = view.getUint32(entry + 12, true)
    size = larger(size, pngSize(bytes, view, offset) ?? dibSize(view, offset, true))
  }
  return size
}

/** A GIF's logical screen, widened to every frame's extent. */
function gifSize(bytes: Uint8Array, view: DataView): Dimensions | null {
  if (view.byteLength < 13) return null
  let size: Dimensions = { width: view.getUint16(6, true), height: view.getUint16(8, true) }
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  // Data sub-blocks: a length byte, that many bytes, until a zero length.
  const skipSubBlocks = (from: number) => {
    let at = from
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1
    return at + 1
  }
  let at = 13 + colourTable(bytes[10]!)
  while (at < bytes.length) {
    const block = bytes[at]
    if (block === 0x21) {
      at = skipSubBlocks(at + 2) // extension: introducer, label, sub-blocks
    } else if (block === 0x2c && at + 10 <= bytes.length) {
      const [left, top] = [view.getUint16(at + 1, true), view.getUint16(at + 3, true)]
      const [width, height] = [view.getUint16(at + 5, true), view.getUint16(at + 7, true)]
      size = larger(size, { width: left + width, height: top + height })!
      at = skipSubBlocks(at + 10 + colourTable(bytes[at + 9]!) + 1) // descriptor, colours, LZW code size
    } else {
      break // trailer (0x3b) or damage: what was read so far is what a decoder could show
    }
  }
  return size
}
