import type { SupabaseClient } from '../../shared/data/client.ts'
import { brand } from '../../shared/config/brand.ts'
import { getPublishedPostMeta } from '../../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { excerptForPost } from '../../shared/lib/excerpt.ts'
import type { ServerContext } from '../context.ts'

const anonClients = new WeakMap<ServerContext, SupabaseClient>()

/** Reads as a visitor would (anon key): RLS hides drafts, so a draft gets the same 404 as a missing post. */
function anonClient(ctx: ServerContext): SupabaseClient {
  let client = anonClients.get(ctx)
  if (!client) {
    client = createNodeSupabaseClient(ctx.supabase.url, ctx.supabase.anonKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    anonClients.set(ctx, client)
  }
  return client
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

function absoluteUrl(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/**
 * The `<head>` tags of `/post/{slug}`: escaped title, description (the excerpt), Open Graph image and the
 * canonical URL. 404 for an unknown slug or a draft. When the backend cannot be reached the page is still
 * served (200, the site's generic head): the browser then shows its retry message.
 */
export async function renderPostHead(
  ctx: ServerContext,
  slug: string,
): Promise<{ status: 200 | 404; head: string }> {
  const base = ctx.publicUrl.replace(/\/+$/, '')
  let post
  try {
    post = await getPublishedPostMeta(anonClient(ctx), slug)
  } catch (err) {
    ctx.logger.warn({ err, slug }, 'post head: loading the post failed')
    return { status: 200, head: '' }
  }
  if (!post) return { status: 404, head: '' }

  const title = `${post.title} | ${brand.name}`
  const description = excerptForPost(post.excerpt, post.content ?? '')
  const canonical = `${base}/post/${encodeURIComponent(post.slug)}`
  const image = (post.cover_image_url && absoluteUrl(post.cover_image_url, base)) ?? `${base}/og-image.png`
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(post.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
  ]
  return { status: 200, head: tags.join('\n    ') }
}

/** The shell's own page tags, replaced by the post's (title, description, Open Graph, Twitter, robots, canonical). */
const shellPageTags =
  /\s*(<title>[\s\S]*?<\/title>|<meta\s+(?:name="(?:description|robots|twitter:[^"]*)"|property="og:[^"]*")[^>]*>|<link\s+rel="canonical"[^>]*>)/g

/** Puts a post's head tags into the app shell in place of the shell's generic ones. */
export function withPostHead(shellHtml: string, head: string): string {
  if (!head) return shellHtml
  return shellHtml.replace(shellPageTags, '').replace('</head>', `    ${head}\n  </head>`)
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

/**
 * `/post/{slug}` served from the app shell: 404 (the caller serves the not-found page) or the shell with
 * the post's head. Null for any other path.
 */
export async function renderPostPage(
  ctx: ServerContext,
  requestPath: string,
  shell: Uint8Array,
): Promise<{ status: 200 | 404; body: Uint8Array } | null> {
  const slug = postSlugFromPath(requestPath)
  if (slug === null) return null
  const { status, head } = await renderPostHead(ctx, slug)
  if (status === 404) return { status, body: new Uint8Array() }
  return { status, body: new TextEncoder().encode(withPostHead(new TextDecoder().decode(shell), head)) }
}
