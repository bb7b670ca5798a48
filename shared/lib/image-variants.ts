/**
 * Responsive variants of cover images: which covers the server can resize (`/media/...`, made by sharp and
 * cached on disk), the widths it makes, and the `srcset` that asks for them. Pure and dependency-free: public
 * pages import it, so it must not pull in zod or supabase-js.
 *
 * Two kinds of source, never an arbitrary address:
 * - `images`: an object of the public `images` bucket, from its public URL
 *   (`<supabaseUrl>/storage/v1/object/public/images/<key>`), served as `/media/images/<key>`;
 * - `covers`: a cover shipped with the site (`/covers/<name>.webp`), served as `/media/covers/<name>.webp`.
 *
 * A cover URL may carry its version, `?v=<the first 8 or more hex digits of the MD5 of its bytes>` (what
 * Supabase Storage puts in an object's ETag). The variant URL keeps it, and the server caches such a variant
 * for a year when the version is the object's current one.
 */

/** Widths the server makes (any other `width` is refused), narrowest first. */
export const variantWidths = [320, 480, 640, 960, 1280, 1600] as const
export type VariantWidth = (typeof variantWidths)[number]

/** Output formats; without `format` the server picks AVIF, WebP or JPEG from the request's `Accept`. */
export const variantFormats = ['avif', 'webp', 'jpeg', 'png'] as const
export type VariantFormat = (typeof variantFormats)[number]

/**
 * Qualities the server encodes at (any other `quality` is refused): a few steps rather than every number, so
 * the variants of one image, and the disk and time they cost, stay bounded whoever asks.
 */
export const variantQualities = [50, 60, 75, 85, 95] as const
export type VariantQuality = (typeof variantQualities)[number]
export const defaultVariantQuality: VariantQuality = 75
export const mediaRoutePrefix = '/media'

/** The path of a public object of the `images` bucket in Supabase Storage (hosted or embedded). */
export const imagesPublicPath = '/storage/v1/object/public/images/'

export type VariantSourceKind = 'images' | 'covers'

/** A cover the server can resize: where it comes from, its key there, and its version when the URL says. */
export interface VariantSource {
  kind: VariantSourceKind
  /** Object key in the bucket, or the file name under the site's `covers/`. */
  path: string
  /** Lower-case hex (8–64 digits) from the cover URL's `v`, or null. */
  version: string | null
}

/** File names of covers shipped with the site: `site/public/covers/<name>.<ext>`. */
export const siteCoverName = /^[a-z0-9][a-z0-9-]{0,100}\.(webp|png|jpe?g)$/
const versionPattern = /^[0-9a-f]{8,64}$/

/** `<supabaseUrl>/storage/v1/object/public/images/`: the prefix of every public URL of the bucket. */
export function imagesPublicPrefix(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}${imagesPublicPath}`
}

/** A version from a URL's `v` parameter, lower-cased, when it looks like one. */
export function versionParam(value: string | null | undefined): string | null {
  const v = value?.toLowerCase() ?? ''
  return versionPattern.test(v) ? v : null
}

const relativeBase = 'http://relative.invalid'

/**
 * Which resizable source a post's `cover_image_url` names, or null (another host, another bucket, not a URL):
 * such covers are shown as they are. `storageUrl` (the public config's `supabaseUrl`) limits bucket covers
 * to that project; without it any Supabase public URL of an `images` bucket counts (a site has one project,
 * and in local mode the stored address names whichever host the editor used).
 */
export function variantSourceOf(
  coverUrl: string | null | undefined,
  options: { storageUrl?: string } = {},
): VariantSource | null {
  if (!coverUrl) return null
  const relative = coverUrl.startsWith('/') && !coverUrl.startsWith('//')
  let url: URL
  try {
    url = new URL(coverUrl, relativeBase)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const version = versionParam(url.searchParams.get('v'))

  if (relative && url.pathname.startsWith('/covers/')) {
    const name = url.pathname.slice('/covers/'.length)
    return siteCoverName.test(name) ? { kind: 'covers', path: name, version } : null
  }

  if (!url.pathname.startsWith(imagesPublicPath)) return null
  if (!relative && options.storageUrl) {
    let storage: URL
    try {
      storage = new URL(options.storageUrl)
    } catch {
      return null
    }
    if (storage.origin !== url.origin) return null
  }
  let key: string
  try {
    key = decodeURIComponent(url.pathname.slice(imagesPublicPath.length))
  } catch {
    return null
  }
  if (!key || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return null
  return { kind: 'images', path: key, version }
}

/** The address of one variant: `/media/<kind>/<key>?width=…[&quality=…][&format=…][&v=…]`. */
export function variantUrl(
  source: VariantSource,
  width: VariantWidth,
  options: { quality?: VariantQuality; format?: VariantFormat } = {},
): string {
  const path = source.path.split('/').map(encodeURIComponent).join('/')
  const query = [`width=${width}`]
  if (options.quality !== undefined) query.push(`quality=${options.quality}`)
  if (options.format) query.push(`format=${options.format}`)
  if (source.version) query.push(`v=${source.version}`)
  return `${mediaRoutePrefix}/${source.kind}/${path}?${query.join('&')}`
}

/** `srcset` over the given widths (every width the server makes by default). */
export function variantSrcSet(
  source: VariantSource,
  widths: readonly VariantWidth[] = variantWidths,
  options: { quality?: VariantQuality; format?: VariantFormat } = {},
): string {
  return widths.map((w) => `${variantUrl(source, w, options)} ${w}w`).join(', ')
}

/** Whether a number is one of the qualities the server encodes at. */
export function isVariantQuality(quality: number): quality is VariantQuality {
  return (variantQualities as readonly number[]).includes(quality)
}

/** Whether a number is one of the widths the server makes. */
export function isVariantWidth(width: number): width is VariantWidth {
  return (variantWidths as readonly number[]).includes(width)
}
