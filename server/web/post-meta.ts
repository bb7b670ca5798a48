import { brand } from '../../shared/config/brand.ts'
import { excerptForPost } from '../../shared/lib/excerpt.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { scriptJson } from './page-html.ts'

function absoluteUrl(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, `${base}/`)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** When a post went public: its publish time when it was scheduled, else when it was created. */
function publishedAt(post: Pick<BlogRow, 'status' | 'publish_at' | 'created_at'>): string {
  return post.status === 'scheduled' && post.publish_at ? post.publish_at : post.created_at
}

export interface PostHeadOptions {
  /** The site's public origin, e.g. https://meridian.example (no trailing slash needed). */
  baseUrl: string
  /** The post's Open Graph image; the post's cover (absolute) or the site's image when not given. */
  imageUrl?: string
}

/**
 * The `<head>` tags of `/post/{slug}`: title, description (the excerpt), canonical URL, Open Graph and
 * Twitter tags, and `Article` and `BreadcrumbList` JSON-LD. Every value is escaped (attributes) or
 * serialised with `<` escaped (JSON-LD), so a post's text cannot add markup.
 */
export function postHead(post: BlogRow, options: PostHeadOptions): string {
  const base = options.baseUrl.replace(/\/+$/, '')
  const title = `${post.title} | ${brand.name}`
  const description = excerptForPost(post.excerpt, post.content ?? '')
  const canonical = `${base}/post/${encodeURIComponent(post.slug)}`
  const image =
    options.imageUrl ??
    (post.cover_image_url && absoluteUrl(post.cover_image_url, base)) ??
    `${base}/og-image.png`
  const published = publishedAt(post)
  const author = post.author?.trim() || brand.defaultAuthor

  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description,
    image: [image],
    datePublished: published,
    dateModified: post.updated_at ?? published,
    author: { '@type': post.author?.trim() ? 'Person' : 'Organization', name: author },
    publisher: {
      '@type': 'Organization',
      name: brand.name,
      url: `${base}/`,
      logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    url: canonical,
  }
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Resources', item: `${base}/resources` },
      { '@type': 'ListItem', position: 3, name: post.title, item: canonical },
    ],
  }

  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(post.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="article:published_time" content="${escapeHtml(published)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(post.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<script type="application/ld+json">${scriptJson(article)}</script>`,
    `<script type="application/ld+json">${scriptJson(breadcrumbs)}</script>`,
  ]
  return tags.join('\n    ')
}

/** The slug of a `/post/{slug}` request path (as sent, not lower-cased), or null for any other path. */
export function postSlugFromPath(requestPath: string): string | null {
  const match = /^\/post\/([^/]+)\/?$/i.exec(requestPath)
  if (!match) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}
