import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { blogListItemSchema, blogRowSchema, type BlogRow } from '../schemas/blog.ts'
import { selectColumns } from '../schemas/columns.ts'
import { fail, type RelatedCandidates } from './blogs.ts'
import { oneOrNull } from './results.ts'

/**
 * What the server's public documents read of `public.published_blogs` (the posts visitors may see): a post
 * page (one call), a post's Open Graph card, the RSS feed and the sitemap. The posts themselves, their lists
 * and their search are in blogs.ts.
 */

const postPageSchema = z.object({
  post: blogRowSchema,
  prepared_html: z.string().nullable(),
  by_tag: z.array(blogListItemSchema),
  by_type: z.array(blogListItemSchema),
  newest: z.array(blogListItemSchema),
})

/** What a post page shows, read at once: the post, its prepared body and the candidates for "Read next". */
interface PublicPostPage {
  row: BlogRow
  /** The body as the server's sanitiser left it for this version under `sanitizer`; null: not prepared. */
  preparedHtml: string | null
  candidates: RelatedCandidates
}

/**
 * A post page's data in one database round trip (`public_post_page`), or null when no public post has
 * `slug` (unknown, a draft, scheduled for later). `sanitizer` is the sanitiser's version: a body prepared
 * under other rules, or for another version of the post, is not returned.
 */
export async function getPublicPostPage(
  client: SupabaseClient,
  slug: string,
  sanitizer: string,
  related: { limit: number; minimum: number },
): Promise<PublicPostPage | null> {
  // A GET: it only reads.
  const { data, error } = await client.rpc(
    'public_post_page',
    { post_slug: slug, sanitizer, related_limit: related.limit, related_minimum: related.minimum },
    { get: true },
  )
  if (error) fail(error)
  if (data === null) return null
  const page = postPageSchema.parse(data)
  return {
    row: page.post,
    preparedHtml: page.prepared_html,
    candidates: { byTag: page.by_tag, byType: page.by_type, newest: page.newest },
  }
}

/** A post whose body the server prepares (sanitises) for its current version. */
const postToPrepareSchema = z.object({
  id: z.string(),
  version: z.coerce.number().int(),
  content: z.string().nullable(),
})
export type PostToPrepare = z.infer<typeof postToPrepareSchema>

/** Up to `batchSize` public or scheduled posts whose body is not prepared for their version under `sanitizer` (service role). */
export async function listPostsAwaitingPreparation(
  client: SupabaseClient,
  sanitizer: string,
  batchSize: number,
): Promise<PostToPrepare[]> {
  const { data, error } = await client.rpc('posts_awaiting_preparation', { sanitizer, batch_size: batchSize })
  if (error) fail(error)
  return z.array(postToPrepareSchema).parse(data)
}

/**
 * Stores prepared bodies in one transaction (service role); each is kept only while its post still has the
 * version it was prepared from. Returns how many were stored.
 */
export async function storePreparedPostHtml(
  client: SupabaseClient,
  items: Array<{ post_id: string; post_version: number; sanitizer_version: string; html: string }>,
): Promise<number> {
  if (items.length === 0) return 0
  const { data, error } = await client.rpc('store_prepared_post_html', { items })
  if (error) fail(error)
  return z.number().int().parse(data)
}

/** The published post `slug`, the columns `schema` has (null: unknown slug, a draft, or not yet due). */
async function publishedPost<S extends z.ZodObject>(
  client: SupabaseClient,
  slug: string,
  schema: S,
): Promise<z.infer<S> | null> {
  return oneOrNull(
    client.from('published_blogs').select(selectColumns(schema)).eq('slug', slug).maybeSingle(),
    (row) => schema.parse(row),
    fail,
  )
}

/** What a post's Open Graph image shows, and what tells whether the post changed since it was drawn. */
const postCardSchema = blogRowSchema.pick({
  title: true,
  slug: true,
  type: true,
  cover_image_url: true,
  updated_at: true,
  version: true,
})
export type PostCard = z.infer<typeof postCardSchema>

/** One public post's card (null: unknown slug, a draft, or scheduled and not yet due). */
export function getPublishedPostCard(client: SupabaseClient, slug: string): Promise<PostCard | null> {
  return publishedPost(client, slug, postCardSchema)
}

/** An item of the RSS feed. */
const feedPostSchema = blogRowSchema.pick({
  title: true,
  slug: true,
  type: true,
  excerpt: true,
  content: true,
  author: true,
  created_at: true,
  updated_at: true,
  publish_at: true,
})
export type FeedPost = z.infer<typeof feedPostSchema>

/** The RSS feed: the newest public posts (published, or scheduled and due) with their bodies. */
export async function listFeedPosts(client: SupabaseClient, limit = 20): Promise<FeedPost[]> {
  const { data, error } = await client
    .from('published_blogs')
    .select(selectColumns(feedPostSchema))
    .order('created_at', { ascending: false })
    .order('id')
    .limit(limit)
  if (error) fail(error)
  return z.array(feedPostSchema).parse(data)
}

const sitemapEntrySchema = blogRowSchema.pick({ slug: true, updated_at: true, publish_at: true })
const sitemapEntries = z.array(sitemapEntrySchema)
export type SitemapEntry = z.infer<typeof sitemapEntries>[number]

/**
 * The sitemap: slug and last change of published posts, one keyset page (by slug) after `afterSlug`; a page
 * shorter than `limit` is the last. `limit` stays within the API's `max_rows` (1000).
 */
export async function listPublishedSlugs(
  client: SupabaseClient,
  afterSlug: string | null,
  limit = 1000,
): Promise<SitemapEntry[]> {
  let query = client.from('published_blogs').select(selectColumns(sitemapEntrySchema))
  if (afterSlug !== null) query = query.gt('slug', afterSlug)
  const { data, error } = await query.order('slug').limit(limit)
  if (error) fail(error)
  return sitemapEntries.parse(data)
}
