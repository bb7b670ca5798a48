import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { brand } from '../../shared/config/brand.ts'
import { getPublishedPostCard, type PostCard } from '../../shared/data/published-blogs.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { variantSourceOf } from '../../shared/lib/image-variants.ts'
import { coverArt, coverPalettes } from '../../shared/lib/cover-art.ts'
import { blogTypeLabel } from '../../shared/lib/post-types.ts'
import { slugPattern } from '../../shared/schemas/blog.ts'
import type { ServerContext } from '../context.ts'
import { clientHolds, writeCacheFile } from './http-cache.ts'
import { createMediaStore, markUsed, schedulePruning, type MediaStore } from './media.ts'
import { visitorClient } from '../supabase-clients.ts'
import { loadSharp } from '../media/image-jobs.ts'

/**
 * A generated Open Graph image per post: `GET /og/post/<slug>.png`, 1200×630, the title in Inter over the
 * post type's colours with the brand, and the post's cover beside it when it has one in our images bucket or
 * shipped with the site. Read with the anon key, so a draft or an unknown slug is a 404. Drawn once per
 * version of the post and kept under `DATA_DIR/og-cache/`.
 */

const ogImageSize = { width: 1200, height: 630 } as const

/** The address of a post's Open Graph image, for `og:image` and `twitter:image`. */
export function ogImageUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/og/post/${encodeURIComponent(slug)}.png`
}

/** Bumped when the drawing changes, so every cached image is drawn again. */
const drawingVersion = 3
const fontFile = path.join(import.meta.dirname, 'fonts/Inter-SemiBold.otf')
const cacheControl = 'public, max-age=0, s-maxage=60'

/**
 * Text in Inter, wrapped to `width` (between words; a word longer than the line, such as a long URL, breaks
 * between its letters); returns the PNG and its size.
 */
async function text(markup: string, size: number, width: number, spacing = 0) {
  const sharp = await loadSharp()
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `Inter SemiBold ${size}`,
      fontfile: fontFile,
      width,
      rgba: true,
      wrap: 'word-char',
      dpi: 72,
      spacing,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** A drawn block made to fit `width` × `height` (scaled down, never up): whatever it holds, it fits its place. */
async function fitted(block: Awaited<ReturnType<typeof text>>, width: number, height: number) {
  if (block.width <= width && block.height <= height) return block
  const sharp = await loadSharp()
  const { data, info } = await sharp(block.data)
    .resize(width, height, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * A title as text the drawing can hold: control characters, unpaired surrogates and non-characters (which
 * the text markup refuses) become spaces.
 */
function drawableText(title: string): string {
  return title
    .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The title as large as fits in `width` × `maxHeight` (64 px down to 34 px; a very long title is cut, and
 * whatever still does not fit is scaled down).
 */
async function titleBlock(title: string, width: number, maxHeight: number) {
  // "12-Person" stays on one line: hyphens inside words become non-breaking.
  title = drawableText(title).replace(/(?<=\w)-(?=\w)/g, '\u2011')
  for (const size of [64, 58, 52, 46, 40, 34]) {
    const block = await text(
      `<span foreground="#ffffff" letter_spacing="-1200">${escapeHtml(title)}</span>`,
      size,
      width,
      Math.round(size * 0.18),
    )
    if (block.height <= maxHeight && block.width <= width) return block
  }
  const chars = [...title]
  const short = chars.length > 120 ? `${chars.slice(0, 117).join('').trimEnd()}…` : title
  return fitted(
    await text(`<span foreground="#ffffff">${escapeHtml(short)}</span>`, 34, width, 6),
    width,
    maxHeight,
  )
}

/** Draws one Open Graph image (PNG). `cover`: the post's cover as image bytes, or null. */
async function drawOgImage(
  post: Pick<PostCard, 'title' | 'type'>,
  cover: Buffer | null,
  host: string,
): Promise<Buffer> {
  const sharp = await loadSharp()
  const { width: W, height: H } = ogImageSize
  const p = coverPalettes[post.type ?? 'blog']
  const coverWidth = cover ? 520 : 0
  const textWidth = cover ? W - coverWidth - 72 - 56 : W - 72 * 2 - 80

  // The drawn cover's backdrop; without a post cover its rings fill the right-hand side.
  const rings = [
    { x: 1120, y: 700, r: 360, stroke: 0.09 },
    { x: 1120, y: 700, r: 240, stroke: 0.13 },
    { x: 1120, y: 700, r: 120, fill: 0.06 },
  ]
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    ${coverArt({
      from: p.deep,
      to: p.mid,
      glow: { color: p.glow, x: cover ? 420 : 980, y: 120, r: 620, opacity: 0.38 },
      dots: { spacing: 22, r: 1.5, opacity: 0.18, fade: 0.6, from: 'top left' },
      rings: cover ? [] : rings,
    })}
    <rect x="72" y="64" width="44" height="44" rx="11" fill="#4f46e5"/>
    <path d="M83 97V75l11 12.4L105 75v22" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`

  const layers: { input: Buffer; left: number; top: number }[] = []
  if (cover) {
    // The cover fills the right-hand side.
    // An alpha ramp over its left edge lets the background show through, so there is no seam.
    const ramp = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${coverWidth}" height="${H}"><defs><linearGradient id="e" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".45" stop-color="#fff"/></linearGradient></defs><rect width="${coverWidth}" height="${H}" fill="url(#e)"/></svg>`,
    )
    const photo = await sharp(
      await sharp(cover)
        .resize(coverWidth, H, { fit: 'cover', position: 'attention' })
        .ensureAlpha()
        .toBuffer(),
    )
      .composite([{ input: ramp, blend: 'dest-in' }])
      .png()
      .toBuffer()
    layers.push({ input: photo, left: W - coverWidth, top: 0 })
  }

  const name = await text(`<span foreground="#ffffff">${escapeHtml(brand.name)}</span>`, 30, 400)
  layers.push({ input: name.data, left: 132, top: 86 - Math.round(name.height / 2) })

  const title = await titleBlock(post.title, textWidth, 300)
  layers.push({ input: title.data, left: 72, top: Math.round(150 + (330 - title.height) / 2) })

  const label = await text(
    `<span foreground="${p.deep}">${escapeHtml(blogTypeLabel(post.type))}</span>`,
    22,
    300,
  )
  const pill = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${label.width + 36}" height="40"><rect width="${label.width + 36}" height="40" rx="20" fill="${p.pale}"/></svg>`,
  )
  layers.push(
    { input: pill, left: 72, top: 520 },
    { input: label.data, left: 90, top: 540 - Math.round(label.height / 2) },
  )
  const site = await text(`<span foreground="${p.pale}">${escapeHtml(host)}</span>`, 22, 400)
  layers.push({ input: site.data, left: 72 + label.width + 36 + 20, top: 540 - Math.round(site.height / 2) })

  // A band of the type's colour along the bottom edge, over the cover too.
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="8"><rect width="${W}" height="8" fill="${p.glow}" fill-opacity=".85"/></svg>`,
  )
  layers.push({ input: band, left: 0, top: H - 8 })
  return sharp(Buffer.from(background))
    .composite(layers)
    .png({ palette: true, quality: 90, effort: 8, dither: 1 })
    .toBuffer()
}

/**
 * The brand's card (its name and tagline, no cover): what a post's image falls back to when drawing it
 * failed; a plain card of the brand's colours should even that fail.
 */
async function drawBrandCard(host: string): Promise<Buffer> {
  try {
    return await drawOgImage({ title: brand.tagline, type: 'blog' }, null, host)
  } catch {
    const { width, height } = ogImageSize
    const sharp = await loadSharp()
    return sharp({ create: { width, height, channels: 3, background: coverPalettes.blog.deep } })
      .png()
      .toBuffer()
  }
}

/** `/og/post/<slug>.png`: mounted before the site's routes. `draw` is how a post's image is drawn. */
export function createOgImageRoutes(
  ctx: ServerContext,
  options: { media?: MediaStore; cacheDir?: string; draw?: typeof drawOgImage } = {},
) {
  const draw = options.draw ?? drawOgImage
  const app = new Hono()
  const projectRoot = path.resolve(import.meta.dirname, '../..')
  const cacheDir = options.cacheDir ?? path.resolve(projectRoot, ctx.env.DATA_DIR, 'og-cache')
  const media = options.media ?? createMediaStore(ctx)
  const inFlight = new Map<string, Promise<Buffer>>()
  const host = new URL(ctx.env.PUBLIC_URL ?? brand.siteUrl).host
  schedulePruning(ctx, cacheDir)

  /** The post's cover as JPEG bytes, when it is one of ours; null otherwise or when it cannot be read. */
  async function coverBytes(coverUrl: string | null): Promise<Buffer | null> {
    const source = variantSourceOf(coverUrl)
    if (!source) return null
    try {
      const original = await media.readOriginal(source.kind, source.path)
      const { body } = await media.variant(source.kind, source.path, original, {
        width: 960,
        quality: 85,
        format: 'jpeg',
      })
      return body
    } catch (err) {
      ctx.logger.info({ err, coverUrl }, 'og image: drawn without the cover')
      return null
    }
  }

  async function imageFor(post: PostCard, id: string): Promise<Buffer> {
    const file = path.join(cacheDir, `${id}.png`)
    const cached = await readFile(file).catch(() => null)
    if (cached) {
      markUsed(file)
      return cached
    }
    let pending = inFlight.get(id)
    if (!pending) {
      pending = (async () => {
        const cover = await coverBytes(post.cover_image_url)
        // Crawlers ask again and again: a post whose image cannot be drawn gets the brand's card, kept
        // like a drawn image (until the post changes), rather than an error drawn anew on every request.
        const png = await draw(post, cover, host).catch((err: unknown) => {
          ctx.logger.error({ err, slug: post.slug }, 'og image: drawing failed, the brand card is served')
          return drawBrandCard(host)
        })
        await writeCacheFile(file, png).catch((err: unknown) =>
          ctx.logger.warn({ err, file }, 'og image: could not store the image'),
        )
        return png
      })().finally(() => inFlight.delete(id))
      inFlight.set(id, pending)
    }
    return pending
  }

  app.get('/og/post/:file', async (c) => {
    const file = c.req.param('file')
    const slug = file.endsWith('.png') ? file.slice(0, -4) : ''
    const notFound = () => {
      c.header('Cache-Control', cacheControl)
      return c.text('Not found', 404)
    }
    if (!slug || slug.length > 200 || !slugPattern.test(slug)) return notFound()

    let post: PostCard | null
    try {
      post = await getPublishedPostCard(visitorClient(ctx), slug)
    } catch (err) {
      ctx.logger.warn({ err, slug }, 'og image: loading the post failed')
      c.header('Cache-Control', 'no-store')
      return c.text('The post could not be loaded.', 502)
    }
    if (!post) return notFound()

    const id = createHash('sha256')
      .update(
        [drawingVersion, post.slug, post.version, post.updated_at, post.cover_image_url, host].join('\0'),
      )
      .digest('hex')
    const etag = `"${id.slice(0, 32)}"`
    const headers: Record<string, string> = { ETag: etag, 'Cache-Control': cacheControl }
    if (clientHolds(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

    const png = await imageFor(post, id)
    headers['Content-Type'] = 'image/png'
    headers['Content-Length'] = String(png.length)
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
    return new Response(new Uint8Array(png), { status: 200, headers })
  })

  return app
}
