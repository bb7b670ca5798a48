import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { blogRowSchema } from '../schemas/blog.ts'
import { selectColumns } from '../schemas/columns.ts'
import { fail } from './blogs.ts'
import { oneOrNull } from './results.ts'

/**
 * What the server's public documents read of `public.published_blogs` (the posts visitors may see): a post
 * page's head, a post's Open Graph card, the RSS feed and the sitemap. The posts themselves, their lists and
 * their search are in blogs.ts.
 */

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

/** What a post page's `<head>` needs (server-rendered title, description, image, canonical URL). */
export const postMetaSchema = blogRowSchema.pick({
  title: true,
  slug: true,
  excerpt: true,
  cover_image_url: true,
  content: true,
})
export type PostMeta = z.infer<typeof postMetaSchema>

/** Head data of one published post, or null (unknown slug or a draft). */
export function getPublishedPostMeta(client: SupabaseClient, slug: string): Promise<PostMeta | null> {
  return publishedPost(client, slug, postMetaSchema)
}

/** What a post's Open Graph image shows, and what tells whether the post changed since it was drawn. */
export const postCardSchema = blogRowSchema.pick({
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
export const feedPostSchema = blogRowSchema.pick({
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

const sitemapEntrySchema = z.object({
  slug: z.string(),
  updated_at: z.string().nullable(),
  publish_at: z.string().nullable().default(null),
})
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
