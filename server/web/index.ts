import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'
import { encodedResponse, type Encoded } from './encodings.ts'
import { createLeadFormRoutes } from './lead-form.ts'
import { postSlugFromPath } from './post-meta.ts'
import { pageCacheFor } from './page-cache.ts'
import { postPageResponse, resourcesPageResponse } from './public-pages.ts'
import {
  contentTypeFor,
  createFileReader,
  immutableCache,
  insideRoot,
  shortCache,
  shortFileCache,
} from './site-files.ts'
import { isClientOnlyRoute, pageKey } from '../http/site-routes.ts'

/**
 * The built site (SITE_DIR): /post/{slug} and /resources rendered once per version (public-pages.ts, page-cache.ts), prerendered marketing pages, hashed assets cached for a year, other files
 * briefly, the app shell for client-only routes, and HTTP 404 with the prerendered not-found page for
 * everything else. Page lookup is case-insensitive, so /SOLUTIONS serves /solutions.
 */
export function createSiteRoutes(ctx: ServerContext): Hono {
  const site = new Hono()
  const root = ctx.siteDir
  const readSiteFile = createFileReader()

  const html = (request: Request, page: Encoded, status: 200 | 404) =>
    encodedResponse(
      request,
      page,
      { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': shortCache },
      status,
    )

  const notFound = async (request: Request) => {
    const page = await readSiteFile(`${root}/404.html`)
    if (page) return html(request, page, 404)
    return new Response('Not found. The site has not been built yet: run `npm run build`.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }

  site.route('/', createLeadFormRoutes(ctx))

  site.get('*', async (c) => {
    const requestPath = c.req.path

    // A real file (assets, favicon, robots.txt, sitemap.xml) wins. Asset names are case-sensitive hashes.
    if (!requestPath.endsWith('/') && !requestPath.endsWith('.html')) {
      const file = insideRoot(root, safeDecode(requestPath) ?? '')
      const body = file ? await readSiteFile(file) : null
      if (file && body) {
        const hashed = requestPath.startsWith('/assets/')
        return encodedResponse(c.req.raw, body, {
          'Content-Type': contentTypeFor(file),
          'Cache-Control': hashed ? immutableCache : shortFileCache,
        })
      }
      if (requestPath.startsWith('/assets/')) return c.text('Not found', 404)
    }

    const key = pageKey(requestPath)
    if (key === null) return notFound(c.req.raw)

    // Rendered on the server once per version of what they show (page-cache.ts); null: a build without the
    // render bundle.
    const slug = postSlugFromPath(requestPath)
    const pages = pageCacheFor(ctx)
    const rendered =
      slug !== null
        ? await pages.respond(c.req.raw, `post ${slug}`, (request) => postPageResponse(ctx, request, slug))
        : key === '/resources'
          ? await pages.respond(c.req.raw, `resources ${new URL(c.req.url).search}`, (request) =>
              resourcesPageResponse(ctx, request),
            )
          : null
    if (rendered) return rendered

    const prerendered = key === '/' ? `${root}/index.html` : insideRoot(root, `${key}/index.html`)
    const page = prerendered ? await readSiteFile(prerendered) : null
    if (page) return html(c.req.raw, page, 200)

    if (isClientOnlyRoute(key)) {
      const shell = await readSiteFile(`${root}/_shell.html`)
      if (shell) return html(c.req.raw, shell, 200)
    }
    return notFound(c.req.raw)
  })

  return site
}

function safeDecode(p: string): string | null {
  try {
    return decodeURIComponent(p)
  } catch {
    return null
  }
}
