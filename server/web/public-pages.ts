import { chooseRelatedPosts, listPublishedPosts, type PostPage } from '../../shared/data/blogs.ts'
import { getPublicPostPage } from '../../shared/data/published-blogs.ts'
import { responsiveBodyImages } from '../../shared/lib/responsive-body-images.ts'
import { sanitizerVersion } from '../../shared/lib/sanitize-html.node.ts'
import {
  resourcesPageSize,
  resourcesQueryFrom,
  resourceTypeParams,
  type ResourcesQuery,
} from '../../shared/lib/resource-query.ts'
import type { BlogListItem, BlogRow } from '../../shared/schemas/blog.ts'
import type { ServerContext } from '../context.ts'
import { ogImageUrl } from './og-image.ts'
import { headTags } from './page-html.ts'
import { postHead } from './post-meta.ts'
import { sanitiseAndStore } from './prepared-posts.ts'
import { loadSiteMeta, renderSitePage } from './render.ts'
import { visitorClient } from '../supabase-clients.ts'

/**
 * The public blog pages, rendered on the server per request from what a visitor may read (anon key: row-level
 * security hides drafts and posts scheduled for later), so a published save shows at once:
 * `/post/{slug}` and `/resources?type=&q=&page=`. The JSON read endpoint (server/api/posts.ts) serves the
 * same data to the browser for navigation, search and "Load more".
 */

/** How many posts a post page offers to read next, and how many at least. */
const relatedPosts = { limit: 3, minimum: 2 }

/**
 * A public post and the posts to read after it (one database round trip), or null when there is no such
 * public post. The body is the one prepared when the post was saved (prepared-posts.ts), or sanitised now
 * when it was not prepared for this version or these rules; either way no editor-only markdown.
 */
export async function publicPostWithRelated(
  ctx: ServerContext,
  slug: string,
): Promise<{ row: BlogRow; related: BlogListItem[] } | null> {
  const page = await getPublicPostPage(visitorClient(ctx), slug, sanitizerVersion, relatedPosts)
  if (!page) return null
  const { row } = page
  const body = page.preparedHtml ?? (await sanitiseAndStore(ctx, row))
  return {
    // Images in the body from the images bucket get the server's variants (srcset), as covers do.
    row: { ...row, content: responsiveBodyImages(body), content_markdown: null },
    related: chooseRelatedPosts(row, page.candidates, relatedPosts),
  }
}

/** One page (`page`) of published posts matching `type` and `q`; `pages` pages from the first when given. */
export function publicPosts(
  ctx: ServerContext,
  query: ResourcesQuery,
  pages = 1,
): Promise<PostPage<BlogListItem>> {
  return listPublishedPosts(visitorClient(ctx), {
    type: resourceTypeParams[query.type] ?? 'all',
    search: query.q,
    page: pages > 1 ? 1 : query.page,
    pageSize: resourcesPageSize * pages,
  })
}

const baseUrl = (ctx: ServerContext) => ctx.publicUrl.replace(/\/+$/, '')

/**
 * `/post/{slug}`: the post, or 404 with the not-found page (unknown slug, draft, scheduled for later). Null
 * when the build has no render bundle (an older build): the caller serves the app shell instead.
 */
export async function postPageResponse(
  ctx: ServerContext,
  request: Request,
  slug: string,
): Promise<Response | null> {
  const meta = await loadSiteMeta(ctx)
  if (!meta) return null
  const pathname = `/post/${encodeURIComponent(slug)}`
  let found: Awaited<ReturnType<typeof publicPostWithRelated>>
  try {
    found = await publicPostWithRelated(ctx, slug)
  } catch (err) {
    // The page still arrives (header, footer); the browser asks again and offers to retry.
    ctx.logger.warn({ err, slug }, 'post page: loading the post failed')
    return renderSitePage(ctx, {
      pathname,
      head: headTags(meta.notFoundMeta, null, baseUrl(ctx)),
      status: 503,
      cacheControl: 'no-store',
    })
  }
  if (!found) {
    return renderSitePage(ctx, {
      pathname,
      pageData: { post: { slug, row: null } },
      head: headTags(meta.notFoundMeta, null, baseUrl(ctx)),
      status: 404,
      cacheControl: 'public, max-age=0, s-maxage=60',
    })
  }
  const { row, related } = found
  return renderSitePage(ctx, {
    pathname,
    pageData: { post: { slug, row, related } },
    head: postHead(row, { baseUrl: baseUrl(ctx), imageUrl: ogImageUrl(baseUrl(ctx), row.slug) }),
    request,
  })
}

/**
 * `/resources?type=&q=&page=`: the first `page` pages of cards for the type and search in the query string
 * (forgiving: an unknown type is all, a bad page the first), so every state is a link that works without
 * JavaScript. Null without a render bundle (see `postPageResponse`).
 */
export async function resourcesPageResponse(ctx: ServerContext, request: Request): Promise<Response | null> {
  const meta = await loadSiteMeta(ctx)
  if (!meta) return null
  const url = new URL(request.url)
  const query = resourcesQueryFrom(url.searchParams)
  const head = headTags(meta.routeMeta['/resources'], '/resources', baseUrl(ctx))
  let result: PostPage<BlogListItem>
  try {
    result = await publicPosts(ctx, query, query.page)
  } catch (err) {
    ctx.logger.warn({ err }, 'resources page: loading the posts failed')
    return renderSitePage(ctx, {
      pathname: '/resources',
      search: url.search,
      head,
      status: 503,
      cacheControl: 'no-store',
    })
  }
  return renderSitePage(ctx, {
    pathname: '/resources',
    search: url.search,
    pageData: { resources: { query, posts: result.rows, total: result.total } },
    head,
    request,
  })
}
