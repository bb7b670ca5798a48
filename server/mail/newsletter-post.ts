import { brand } from '../../shared/config/brand.ts'
import { longDate } from '../../shared/lib/dates.ts'
import { excerptForPost } from '../../shared/lib/excerpt.ts'
import { variantSourceOf, variantUrl } from '../../shared/lib/image-variants.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { headerSafe, type RenderedMail } from './templates.ts'

/**
 * A published post as a newsletter issue: its title, date and author, cover, excerpt and a button to the
 * whole post on `/post/{slug}`. Mail clients fetch images from the open internet, so every address is
 * absolute on the site's public origin; covers the server can resize go as a 1280 px JPEG (what every mail
 * client shows), scaled down to the column. The per-reader unsubscribe footer is added per recipient by
 * `renderNewsletterIssue`.
 */

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '')

/** The post's address on the public site. */
export function postUrl(publicUrl: string, slug: string): string {
  return `${origin(publicUrl)}/post/${encodeURIComponent(slug)}`
}

/** The cover as an absolute URL a mail client can load, or null (no cover, or not an http(s) address). */
export function mailCoverUrl(coverUrl: string | null | undefined, publicUrl: string): string | null {
  if (!coverUrl) return null
  const source = variantSourceOf(coverUrl)
  if (source) return `${origin(publicUrl)}${variantUrl(source, 1280, { format: 'jpeg', quality: 75 })}`
  try {
    const url = new URL(coverUrl, `${origin(publicUrl)}/`)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export function renderNewsletterPost(
  post: Pick<BlogRow, 'title' | 'slug' | 'excerpt' | 'content' | 'author' | 'cover_image_url' | 'created_at'>,
  publicUrl: string,
): RenderedMail {
  const subject = headerSafe(post.title)
  const link = postUrl(publicUrl, post.slug)
  const excerpt = excerptForPost(post.excerpt, post.content ?? '')
  const byline = `${longDate(post.created_at)} · By ${post.author?.trim() || brand.defaultAuthor}`
  const cover = mailCoverUrl(post.cover_image_url, publicUrl)
  const html = `<p style="margin:0 0 8px;color:#4f46e5;font-size:13px;font-weight:600;letter-spacing:.02em;text-transform:uppercase">New on the ${escapeHtml(brand.name)} blog</p>
<h1 style="margin:0 0 8px;font-size:26px;line-height:1.25;color:#0f172a"><a href="${escapeHtml(link)}" style="color:#0f172a;text-decoration:none">${escapeHtml(post.title)}</a></h1>
<p style="margin:0 0 20px;color:#64748b;font-size:13px">${escapeHtml(byline)}</p>
${
  cover
    ? `<a href="${escapeHtml(link)}"><img src="${escapeHtml(cover)}" alt="${escapeHtml(post.title)}" width="544" style="display:block;width:100%;max-width:544px;height:auto;border:0;border-radius:10px;margin:0 0 20px"></a>\n`
    : ''
}<p style="margin:0 0 24px;font-size:16px;line-height:1.6">${escapeHtml(excerpt)}</p>
<p style="margin:0 0 8px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Read the full post</a></p>`
  const text = [
    `New on the ${brand.name} blog`,
    '',
    post.title,
    byline,
    '',
    excerpt,
    '',
    `Read the full post: ${link}`,
  ].join('\n')
  return { subject, html, text }
}
