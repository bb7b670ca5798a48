import { Hono } from 'hono'
import { brand } from '../../shared/config/brand.ts'
import { getPostById } from '../../shared/data/blogs.ts'
import { formatPublishAt } from '../../shared/lib/publish-time.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import { previewSecret, verifyPreviewToken } from './preview-tokens.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from '../supabase-clients.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { renderPostPageHtml } from './preview-render.ts'

/**
 * `GET /preview/<token>`: a post's preview for anyone holding a share link, read-only and without signing
 * in. The token (see `server/api/preview-links.ts`) names the post and an expiry and is checked in constant
 * time; a bad, tampered or expired token is the site's 404. The post is read by id with the service role, so
 * drafts and posts scheduled for later show their current saved content. Never indexed: `X-Robots-Tag` and
 * a robots meta tag say noindex, and nothing is cached on the way.
 */

const noStore = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow, noarchive',
}

/** The preview's banner: what the reader is looking at, in words (placed at the top of the page). */
function previewBanner(post: Pick<BlogRow, 'status' | 'publish_at'>, expiresAt: Date): string {
  const state =
    post.status === 'draft'
      ? 'a draft, not public yet'
      : post.status === 'scheduled' && post.publish_at && Date.parse(post.publish_at) > Date.now()
        ? `a post scheduled for ${formatPublishAt(post.publish_at)}`
        : 'a published post'
  return (
    `<div role="note" data-testid="preview-banner" style="background:#fffbeb;color:#78350f;border-bottom:1px solid #fde68a;` +
    `font:500 14px/1.4 var(--font-sans);padding:10px 16px;text-align:center">` +
    `Preview of ${escapeHtml(state)}. This link stops working on ${escapeHtml(formatPublishAt(expiresAt.getTime()))}.` +
    `</div>`
  )
}

export function createPreviewRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  routes.get('/:token', async (c) => {
    const secret = previewSecret(ctx)
    const postId = secret ? verifyPreviewToken(secret, c.req.param('token')) : null
    const post = postId ? await getPostById(serviceClient(ctx), postId) : null
    if (!post) {
      const page = await renderPostPageHtml(ctx, null)
      return c.html(page, 404, noStore)
    }
    const expires = Number(c.req.param('token').split('.')[2]) * 1000
    const page = await renderPostPageHtml(ctx, post, {
      robots: 'noindex, nofollow, noarchive',
      banner: previewBanner(post, new Date(expires)),
      title: `Preview: ${post.title} | ${brand.name}`,
    })
    return c.html(page, 200, noStore)
  })

  return routes
}
