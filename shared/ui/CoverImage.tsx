import type { BlogType } from '../schemas/blog.ts'
import {
  variantSourceOf,
  variantSrcSet,
  variantUrl,
  variantWidths,
  type VariantWidth,
} from '../lib/image-variants.ts'
import { cx } from './cx.ts'
import { GeneratedCover } from './GeneratedCover.tsx'

export interface CoverImageProps {
  /** The post's `cover_image_url`; null or empty draws a cover from the title and type instead. */
  coverUrl: string | null | undefined
  title: string
  type: BlogType | null | undefined
  /** The `sizes` attribute: how wide the image is shown, e.g. `(min-width: 1024px) 384px, 100vw`. */
  sizes: string
  /**
   * Widths offered in the `srcset` (every width the server makes by default). A card never shown wider than
   * about 400 CSS px can stop at 960 (enough for a 2× screen) and keep its HTML shorter.
   */
  widths?: readonly VariantWidth[]
  /** The page's main image (the post page's cover): loaded at once with high priority instead of lazily. */
  priority?: boolean
  /** Defaults to "Cover image for {title}"; pass "" where the title is already next to it (cards). */
  alt?: string
  /** Intrinsic size, for the aspect ratio the browser reserves before the image arrives (16:9 by default). */
  width?: number
  height?: number
  className?: string
  /**
   * The public config's `supabaseUrl`: when given, only covers of that project are resized by the site;
   * other addresses are shown as they are.
   */
  storageUrl?: string
  /**
   * Prefix for site-relative addresses (`/covers/…`, `/media/…`) where the page is not on the site's origin
   * (the desktop app). Empty on the site itself.
   */
  siteUrl?: string
}

/**
 * Every post cover (resource cards, the post page, the admin preview). A cover in the `images` bucket or
 * shipped with the site gets a `srcset` of server-made variants (AVIF/WebP/JPEG by `Accept`, see
 * `/media`); another address is shown as it is; no cover draws one from the title and type.
 */
export function CoverImage({
  coverUrl,
  title,
  type,
  sizes,
  widths = variantWidths,
  priority = false,
  alt,
  width = 1600,
  height = 900,
  className,
  storageUrl,
  siteUrl = '',
}: CoverImageProps) {
  if (!coverUrl) return <GeneratedCover title={title} type={type} className={className} />

  const source = variantSourceOf(coverUrl, { storageUrl })
  const site = siteUrl.replace(/\/+$/, '')
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${site}${url}` : url)
  const fallbackWidth: VariantWidth = widths.includes(960) ? 960 : (widths.at(-1) ?? 960)
  const src = source ? absolute(variantUrl(source, fallbackWidth)) : absolute(coverUrl)
  const srcSet = source
    ? variantSrcSet(source, widths)
        .split(', ')
        .map((entry) => absolute(entry))
        .join(', ')
    : undefined

  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt ?? `Cover image for ${title}`}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cx('bg-slate-100 object-cover', className)}
    />
  )
}
