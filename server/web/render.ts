import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageData } from '../../shared/schemas/page-data.ts'
import type { ServerContext } from '../context.ts'
import { type CriticalCss, criticalCss } from './critical-css.ts'
import { ssrDirFor, ssrEntryFile, templateFile } from './page-html.ts'

/**
 * Pages rendered on the server per request with the site's own React components (the render bundle the
 * build keeps in `ssrDirFor(siteDir)`), in the same template as the prerendered pages (the critical part of
 * the stylesheet inline, the rest and the app's scripts after the first paint), with the page's data embedded
 * for hydration.
 */

export type { PageData }

/**
 * Public pages rendered per request (/post/{slug}, /resources): a shared cache (CDN) may keep them for 60 s
 * and serve a stale copy for 60 s more while it revalidates, so a published change shows within 2 minutes
 * behind a CDN and at once without one; browsers revalidate every time (ETag, 304).
 */
export const renderedPageCache = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60'

interface PageMeta {
  title: string
  description: string
}

/** site/src/entry-server.tsx as built. */
interface ServerEntry {
  render(pathname: string, options?: { search?: string; pageData?: PageData }): Promise<{ html: string }>
  routeMeta: Record<string, PageMeta>
  notFoundMeta: PageMeta
}

interface Loaded {
  entry: ServerEntry
  template: string
  builtAt: number
  critical: CriticalCss
}

const loaded = new Map<string, Loaded>()

/**
 * How long a check that the build is unchanged holds: two file stats per page were a tenth of a first
 * render's cost, and a new build shows within a second either way.
 */
const buildCheckMs = 1000
const checked = new Map<string, { at: number; renderer: Loaded | null }>()

/** The render bundle and template of `siteDir`, loaded again whenever a build replaced them. */
async function loadRenderer(siteDir: string): Promise<Loaded | null> {
  const recent = checked.get(siteDir)
  if (recent && performance.now() - recent.at < buildCheckMs) return recent.renderer
  const renderer = await loadBuild(siteDir)
  checked.set(siteDir, { at: performance.now(), renderer })
  return renderer
}

async function loadBuild(siteDir: string): Promise<Loaded | null> {
  const dir = ssrDirFor(siteDir)
  const entryFile = path.join(dir, ssrEntryFile)
  let builtAt: number
  try {
    const [entryInfo, templateInfo] = await Promise.all([stat(entryFile), stat(path.join(dir, templateFile))])
    builtAt = Math.max(entryInfo.mtimeMs, templateInfo.mtimeMs)
  } catch {
    return null
  }
  const hit = loaded.get(dir)
  if (hit && hit.builtAt === builtAt) return hit
  const [entry, template] = await Promise.all([
    // A new URL per build: Node caches modules by URL. `tsx-namespace` keeps the TypeScript loader `npm
    // start` runs under (tsx) away from this plain JavaScript: it would rewrite the bundle's dynamic imports
    // and build a source map of its 4.6 MB, which took ~400 MB of the server's memory for good.
    import(
      `${pathToFileURL(entryFile).href}?v=${builtAt}&tsx-namespace=site-render-bundle`
    ) as Promise<ServerEntry>,
    readFile(path.join(dir, templateFile), 'utf8'),
  ])
  const fresh = { entry, template, builtAt, critical: criticalCss() }
  loaded.set(dir, fresh)
  return fresh
}

/** When the render bundle in use was built (null: the site is not built), to keep pages of one build apart. */
export async function siteBuildStamp(ctx: ServerContext): Promise<number | null> {
  return (await loadRenderer(ctx.siteDir))?.builtAt ?? null
}

/** The site's title and description per route and for the not-found page (null: not built yet). */
export async function loadSiteMeta(
  ctx: ServerContext,
): Promise<{ routeMeta: Record<string, PageMeta>; notFoundMeta: PageMeta } | null> {
  const renderer = await loadRenderer(ctx.siteDir)
  return renderer && { routeMeta: renderer.entry.routeMeta, notFoundMeta: renderer.entry.notFoundMeta }
}

export interface SitePageOptions {
  /** The route to render, e.g. `/post/my-post` or `/get-started`. */
  pathname: string
  /** The query string (with or without `?`), for pages that render from it (/resources). */
  search?: string
  /** Data the page renders with; embedded in the HTML so the browser hydrates without fetching it. */
  pageData?: PageData
  /** HTTP status (default 200). */
  status?: number
  /** Trusted `<head>` tags: title, description, canonical, Open Graph, JSON-LD (see page-html.ts `headTags`). */
  head: string
  /**
   * The request, for conditional GETs: with it, a 200 answer carries a strong ETag of its body and an
   * `If-None-Match` that matches gets 304.
   */
  request?: Request
  /** Default `renderedPageCache`; pass e.g. 'no-store' for a page made for one visitor (a form's errors). */
  cacheControl?: string
  /** Extra response headers. */
  headers?: Record<string, string>
}

/** The whole HTML of a server-rendered page (null: the site has no render bundle yet: run the build). */
export async function renderSiteHtml(
  ctx: ServerContext,
  options: Pick<SitePageOptions, 'pathname' | 'search' | 'pageData' | 'head'>,
): Promise<string | null> {
  const renderer = await loadRenderer(ctx.siteDir)
  if (!renderer) return null
  const { html } = await renderer.entry.render(options.pathname, {
    search: options.search,
    pageData: options.pageData,
  })
  return renderer.critical.page(renderer.template, options.head, html, options.pageData)
}

/** A strong validator of a body: the same bytes always give the same tag. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

/** Whether an `If-None-Match` header names `etag` (or is `*`). Weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

/**
 * A site page rendered on the server as a Response: the template with the rendered markup, the page's data
 * and `head`; `Cache-Control` (default `renderedPageCache`), a strong ETag and 304 for a matching
 * `If-None-Match` (when `request` is given and the status is 200). 503 when the site has not been built.
 */
export async function renderSitePage(ctx: ServerContext, options: SitePageOptions): Promise<Response> {
  const html = await renderSiteHtml(ctx, options)
  if (html === null) {
    return new Response('The site has not been built yet: run `npm run build`.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const status = options.status ?? 200
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': options.cacheControl ?? renderedPageCache,
    ...options.headers,
  }
  if (options.request && status === 200) {
    const etag = strongEtag(html)
    headers.ETag = etag
    if (etagMatches(options.request.headers.get('If-None-Match'), etag)) {
      return new Response(null, {
        status: 304,
        headers: { ETag: etag, 'Cache-Control': headers['Cache-Control'] },
      })
    }
  }
  return new Response(html, { status, headers })
}
