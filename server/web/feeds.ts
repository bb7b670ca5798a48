import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { brand } from '../../shared/config/brand.ts'
import {
  listFeedPosts,
  listPublishedSlugs,
  type FeedPost,
  type SitemapEntry,
} from '../../shared/data/published-blogs.ts'
import { excerptForPost } from '../../shared/lib/excerpt.ts'
import { blogTypeLabel } from '../../shared/lib/post-types.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { sanitizeHtml } from '../../shared/lib/sanitize-html.node.ts'
import type { ServerContext } from '../context.ts'
import { marketingRoutes } from '../http/site-routes.ts'
import { clientHolds } from './http-cache.ts'
import { visitorClient } from '../supabase-clients.ts'

/**
 * `/rss.xml` (RSS 2.0: the 20 newest published posts, excerpt and sanitised body) and `/sitemap.xml` (the
 * marketing pages the build lists plus every published post with its last change). Both are read with the
 * anon key, so drafts never appear, and built on every request: a publish shows at once. `ETag` and
 * `s-maxage=60` let a CDN in front serve them for at most a minute.
 */

const feedSize = 20
const sitemapPageSize = 1000
const cacheControl = 'public, max-age=0, s-maxage=60'

/** What XML 1.0 cannot carry at all dropped: control characters but tab and line breaks, lone surrogates, U+FFFE/U+FFFF. */
function stripInvalidXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
  )
}

/** Text for XML: the five special characters escaped, characters XML cannot carry dropped. */
export function escapeXml(text: string): string {
  return escapeHtml(stripInvalidXml(text))
}

/** HTML inside CDATA: a `]]>` in it would end the section early, so it is split across two sections. */
export function cdata(html: string): string {
  return `<![CDATA[${stripInvalidXml(html).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
}

/** Site-relative links and images in a post made absolute: a feed reader has no page to resolve them against. */
export function absoluteLinks(html: string, base: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${base}/`)
}

/**
 * When a post last changed for a reader, as an ISO timestamp: its last edit, or the moment a scheduled post
 * went public if that came later.
 */
function lastChange(updatedAt: string | null, publishAt: string | null): string | null {
  const times = [updatedAt, publishAt]
    .map((t) => (t ? Date.parse(t) : Number.NaN))
    .filter((t) => !Number.isNaN(t))
  return times.length ? new Date(Math.max(...times)).toISOString() : null
}

/** RFC 822 date for RSS (`Tue, 03 Jun 2026 09:15:00 GMT`). */
const rssDate = (iso: string) => new Date(iso).toUTCString()

/** The RSS 2.0 document for these posts (newest first). */
export function rssXml(posts: (FeedPost & { html: string })[], base: string): string {
  const items = posts.map((post) => {
    const link = `${base}/post/${encodeURIComponent(post.slug)}`
    const description = excerptForPost(post.excerpt, post.content ?? '')
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rssDate(post.publish_at ?? post.created_at)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author?.trim() || brand.defaultAuthor)}</dc:creator>`,
      `      <category>${blogTypeLabel(post.type)}</category>`,
      `      <description>${escapeXml(description)}</description>`,
      `      <content:encoded>${cdata(absoluteLinks(post.html, base))}</content:encoded>`,
      '    </item>',
    ].join('\n')
  })
  const newest = posts
    .map((p) => lastChange(p.updated_at ?? p.created_at, p.publish_at))
    .sort()
    .at(-1)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${brand.name}: Resources & Insights`)}</title>`,
    `    <link>${escapeXml(`${base}/resources`)}</link>`,
    `    <description>${escapeXml('Articles, case studies and ebooks on building a tech capacity centre in India.')}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${rssDate(newest)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** The sitemap document: marketing routes, then every published post with `lastmod`. */
export function sitemapXml(routes: string[], posts: SitemapEntry[], base: string): string {
  const urls = [
    ...routes.map((route) => `  <url><loc>${escapeXml(`${base}${route}`)}</loc></url>`),
    ...posts.map((post) => {
      const loc = `${base}/post/${encodeURIComponent(post.slug)}`
      const changed = lastChange(post.updated_at, post.publish_at)
      const lastmod = changed ? `<lastmod>${changed}</lastmod>` : ''
      return `  <url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`
    }),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function createFeedRoutes(ctx: ServerContext): Hono {
  const app = new Hono()
  // Read per request: with PORT=0 the public URL is known only once the listener is up.
  const baseUrl = () => ctx.publicUrl.replace(/\/+$/, '')

  /** A document with its ETag; 304 when the client (or CDN) already holds this exact one. */
  const send = (c: Context, body: string, contentType: string) => {
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
    const headers = { ETag: etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' }
    if (clientHolds(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    return new Response(c.req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...headers, 'Content-Type': contentType },
    })
  }

  const unavailable = (c: Context, err: unknown, what: string) => {
    ctx.logger.warn({ err }, `${what}: loading the posts failed`)
    c.header('Cache-Control', 'no-store')
    return c.text('The posts could not be loaded. Please try again shortly.', 502)
  }

  app.get('/rss.xml', async (c) => {
    let posts: FeedPost[]
    try {
      posts = await listFeedPosts(visitorClient(ctx), feedSize)
    } catch (err) {
      return unavailable(c, err, 'rss')
    }
    // Sanitised again on the way out, as on the post page: content can also arrive through the API.
    const withHtml = await Promise.all(
      posts.map(async (post) => ({ ...post, html: await sanitizeHtml(post.content ?? '') })),
    )
    return send(c, rssXml(withHtml, baseUrl()), 'application/rss+xml; charset=utf-8')
  })

  app.get('/sitemap.xml', async (c) => {
    const routes = await marketingRoutes(ctx.siteDir)
    const posts: SitemapEntry[] = []
    try {
      // Keyset pages by slug, each within the API's max_rows, until a short page: any number of posts.
      for (let after: string | null = null; ;) {
        const page = await listPublishedSlugs(visitorClient(ctx), after, sitemapPageSize)
        posts.push(...page)
        if (page.length < sitemapPageSize) break
        after = page.at(-1)!.slug
      }
    } catch (err) {
      return unavailable(c, err, 'sitemap')
    }
    return send(c, sitemapXml(routes, posts, baseUrl()), 'application/xml; charset=utf-8')
  })

  return app
}
