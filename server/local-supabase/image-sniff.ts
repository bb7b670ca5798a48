/**
 * Recognises raster image formats from their first bytes. The storage API trusts these bytes, never the
 * Content-Type a client declares: a text or HTML file sent as `image/png` must not become a public "image"
 * served back with an image type (or, worse, sniffed as HTML by a browser).
 *
 * A byte check rather than sharp's metadata: an upload does not otherwise run sharp (variants are made
 * later, by server/web/media.ts, which does decode with it), and libvips cannot read BMP or ICO, which the
 * images bucket accepts, while it does read SVG, which the bucket refuses.
 */

export type SniffedImageType =
  'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/bmp' | 'image/x-icon'

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const GIF87 = ascii('GIF87a')
const GIF89 = ascii('GIF89a')
const RIFF = ascii('RIFF')
const WEBP = ascii('WEBP')
const BMP = ascii('BM')
const ICO = [0x00, 0x00, 0x01, 0x00]

/** The image type the bytes really are, or null when they are not one of the raster formats we accept. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, PNG)) return 'image/png'
  if (startsWith(bytes, JPEG)) return 'image/jpeg'
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif'
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp'
  // "BM" alone is too weak (plain text can start with it): also require the BITMAPFILEHEADER's
  // reserved fields to be zero and a known DIB header size.
  if (startsWith(bytes, BMP) && bytes.length >= 18) {
    const reservedZero = bytes[6] === 0 && bytes[7] === 0 && bytes[8] === 0 && bytes[9] === 0
    const dibSize = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24)
    if (reservedZero && [12, 40, 52, 56, 64, 108, 124].includes(dibSize)) return 'image/bmp'
  }
  // ICO: reserved 0, type 1, then at least one directory entry.
  if (startsWith(bytes, ICO) && bytes.length >= 6 && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'image/x-icon'
  return null
}

/** Aliases browsers and tools use for the same formats, mapped to the names buckets list. */
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/ico': 'image/x-icon',
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
}

/** `image/JPG; charset=x` → `image/jpeg`. */
export function normaliseMimeType(value: string | null | undefined): string {
  const bare = (value ?? '').split(';')[0]!.trim().toLowerCase()
  return MIME_ALIASES[bare] ?? bare
}

/**
 * Whether a bucket's `allowed_mime_types` admits a type. Supabase allows wildcards like `image/*`;
 * an empty or missing list admits everything.
 */
export function mimeTypeAllowed(allowed: readonly string[] | null | undefined, type: string): boolean {
  if (!allowed || allowed.length === 0) return true
  const wanted = normaliseMimeType(type)
  return allowed.some((entry) => {
    const pattern = normaliseMimeType(entry)
    if (pattern.endsWith('/*')) return wanted.startsWith(pattern.slice(0, -1))
    return pattern === wanted
  })
}
