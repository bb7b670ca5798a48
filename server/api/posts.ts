import { Hono, type Context } from 'hono'
import { resourcesPageSize } from '../../shared/lib/resource-query.ts'
import { postListQuerySchema, postSlugSchema } from '../../shared/schemas/post-query.ts'
import type { ServerContext } from '../context.ts'
import { pageCacheFor } from '../web/page-cache.ts'
import { publicPostWithRelated, publicPosts } from '../web/public-pages.ts'
import { etagMatches, renderedPageCache, strongEtag } from '../web/render.ts'
import { refuse, validUrl } from '../http/pipeline.ts'

/**
 * The read endpoint of the public blog, for the browser's navigation, search and "Load more" (the pages
 * themselves arrive rendered):
 *
 * - `GET /api/posts?type=all|blog|case-study|ebook&q=<search>&page=<1..50>` → `{ posts, total, page, pageSize }`
 *   (list columns only, newest first, 9 a page);
 * - `GET /api/posts/<slug>` → `{ post, related }`: the post with its body sanitised and up to 3 posts to read
 *   next (list columns), or 404.
 *
 * Read as a visitor (anon key), so row-level security decides: drafts and posts scheduled for later are
 * never returned. The query is checked with the shared schema: bad input is a 400 with a message per field.
 * Cached like the pages (a CDN may keep an answer for 60 s) with a strong ETag.
 */
export function createPostRoutes(ctx: ServerContext): Hono {
  const posts = new Hono()

  const json = (request: Request, value: unknown) => {
    const body = JSON.stringify(value)
    const etag = strongEtag(body)
    const headers = { 'Cache-Control': renderedPageCache, ETag: etag }
    if (etagMatches(request.headers.get('If-None-Match'), etag))
      return new Response(null, { status: 304, headers })
    return new Response(body, {
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    })
  }

  const unavailable = (c: Context, err: unknown) => {
    ctx.logger.warn({ err, path: c.req.path }, 'posts endpoint: reading posts failed')
    c.header('Cache-Control', 'no-store')
    return refuse(c, 503, 'The posts could not be loaded. Please try again.')
  }

  // Answers are kept per version of the posts, like the pages (page-cache.ts).
  const pages = pageCacheFor(ctx)

  const listQuery = validUrl(postListQuerySchema, (c) => c.req.query())
  const slugParam = validUrl(postSlugSchema, (c) => c.req.param('slug'))

  posts.get('/', listQuery, async (c) => {
    const query = c.get('input')
    const key = `api posts ${JSON.stringify([query.type, query.q, query.page])}`
    const answer = await pages.respond(c.req.raw, key, async (request) => {
      try {
        const result = await publicPosts(ctx, query)
        return json(request, {
          posts: result.rows,
          total: result.total,
          page: query.page,
          pageSize: resourcesPageSize,
        })
      } catch (err) {
        return unavailable(c, err)
      }
    })
    return answer!
  })

  posts.get('/:slug', slugParam, async (c) => {
    const slug = c.get('input')
    const answer = await pages.respond(c.req.raw, `api post ${slug}`, async (request) => {
      try {
        const found = await publicPostWithRelated(ctx, slug)
        if (!found) {
          return Response.json(
            { message: 'There is no published post with this slug.' },
            { status: 404, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60' } },
          )
        }
        return json(request, { post: found.row, related: found.related })
      } catch (err) {
        return unavailable(c, err)
      }
    })
    return answer!
  })

  return posts
}
