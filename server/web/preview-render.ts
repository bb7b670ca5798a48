import { longDate } from '../../shared/lib/dates.ts'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brand } from '../../shared/config/brand.ts'
import { sanitizeHtml } from '../../shared/lib/sanitize-html.node.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { ServerContext } from '../context.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { renderSiteHtml } from './render.ts'

/**
 * The HTML of a post page for the preview route: the site's own post page rendered on the server
 * (`renderSiteHtml`, the same components, header and footer as `/post/{slug}`) with the post's body
 * sanitised, the site's stylesheet linked, and the page's scripts left out: a preview is read-only and
 * needs no app to boot (the app, at /preview/…, knows no such route and would ask for the post as a visitor).
 * Without a render bundle (a build from before server rendering) the shell is filled with the post's markup.
 * `null` gives the site's not-found page.
 */

export interface PreviewPageOptions {
  robots: string
  /** Trusted HTML put at the top of the body. */
  banner: string
  title: string
}

const scripts = /<script\b[\s\S]*?<\/script>\s*/gi
/** The stylesheet a page loads after its first paint (or from `<noscript>`): a preview links it outright. */
const deferredStylesheet = /<noscript>(<link rel="stylesheet"[^>]*>)<\/noscript>/
const pageTags =
  /\s*(<title>[\s\S]*?<\/title>|<meta\s+(?:name="(?:description|robots|twitter:[^"]*)"|property="og:[^"]*")[^>]*>|<link\s+rel="canonical"[^>]*>)/g

async function articleHtml(post: BlogRow): Promise<string> {
  const date = post.created_at
  const cover = post.cover_image_url
    ? `<img src="${escapeHtml(post.cover_image_url)}" alt="${escapeHtml(`Cover image for ${post.title}`)}" class="mt-8 max-h-[500px] w-full rounded-xl bg-ink-100 object-cover" />`
    : ''
  return [
    '<article class="mx-auto max-w-3xl px-6 py-12 sm:py-16">',
    '<header>',
    `<h1 class="text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">${escapeHtml(post.title)}</h1>`,
    `<p class="mt-4 text-ink-600"><time datetime="${escapeHtml(date)}">${escapeHtml(longDate(date))}</time>`,
    `<span aria-hidden="true"> · </span>By <span class="font-medium text-ink-800">${escapeHtml(post.author?.trim() || brand.defaultAuthor)}</span></p>`,
    '</header>',
    cover,
    `<div class="post-content mt-10" data-testid="post-content">${await sanitizeHtml(post.content ?? '')}</div>`,
    '</article>',
  ].join('')
}

async function siteFile(ctx: ServerContext, name: string): Promise<string | null> {
  try {
    return await readFile(path.join(ctx.siteDir, name), 'utf8')
  } catch {
    return null
  }
}

/** The site's own post page for `post`, ready to serve without its scripts (null: no render bundle). */
async function renderedPostPage(ctx: ServerContext, post: BlogRow, options: PreviewPageOptions) {
  const row = { ...post, content: await sanitizeHtml(post.content ?? ''), content_markdown: null }
  const robots = `<meta name="robots" content="${escapeHtml(options.robots)}" />`
  const html = await renderSiteHtml(ctx, {
    pathname: `/post/${encodeURIComponent(post.slug)}`,
    pageData: { post: { slug: post.slug, row } },
    head: `<title>${escapeHtml(options.title)}</title>\n    ${robots}`,
  })
  if (html === null) return null
  return html
    .replace(scripts, '')
    .replace(deferredStylesheet, '$1')
    .replace(/<body[^>]*>/, (tag) => `${tag}${options.banner}`)
}

export async function renderPostPageHtml(
  ctx: ServerContext,
  post: BlogRow | null,
  options?: PreviewPageOptions,
): Promise<string> {
  const robots = `<meta name="robots" content="${escapeHtml(options?.robots ?? 'noindex')}" />`
  if (!post || !options) {
    const page =
      (await siteFile(ctx, '404.html')) ?? '<!doctype html><html><head></head><body>Not found</body></html>'
    return page.replace(pageTags, '').replace('</head>', `  ${robots}\n  </head>`)
  }
  const rendered = await renderedPostPage(ctx, post, options)
  if (rendered !== null) return rendered
  const shell =
    (await siteFile(ctx, '_shell.html')) ??
    '<!doctype html><html lang="en"><head><meta charset="utf-8" /></head><body><div id="root"></div></body></html>'
  const head = `<title>${escapeHtml(options.title)}</title>\n    ${robots}`
  const body = `${options.banner}<main id="main">${await articleHtml(post)}</main>`
  return shell
    .replace(scripts, '')
    .replace(deferredStylesheet, '$1')
    .replace(pageTags, '')
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(/<div id="root">\s*<\/div>/, () => `<div id="root">${body}</div>`)
}
