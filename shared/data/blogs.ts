import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { excerptForPost } from '../lib/excerpt.ts'
import {
  blogInputSchema,
  blogListColumns,
  blogListItemSchema,
  blogRowSchema,
  type BlogInput,
  type BlogListItem,
  type BlogRow,
  type BlogType,
} from '../schemas/blog.ts'

/**
 * The blogs data module: the only code that reads or writes `public.blogs` and blog images.
 * Plain async functions over a supabase-js client (browser, server, desktop main); they throw on error.
 */

export const imagesBucket = 'images'
export type BlogImageFolder = 'blog-covers' | 'blog-content'
export const adminPageSize = 5

export interface PostPage<T> {
  rows: T[]
  /** Total matching rows (exact count), for "Page X of Y" and "load more". */
  total: number
}

/** A data error with the message a person can act on (shown in the admin status line). */
export class BlogDataError extends Error {
  readonly code: string | undefined
  /** HTTP status of the failed call (0 when no reply arrived), so callers can tell offline from refused. */
  readonly status: number | undefined
  constructor(message: string, code?: string, status?: number) {
    super(message)
    this.name = 'BlogDataError'
    this.code = code
    this.status = status
  }
}

function fail(
  error: PostgrestError | { message: string; code?: string; statusCode?: string | number },
  status?: number,
): never {
  const fromStorage = 'statusCode' in error ? Number(error.statusCode) : undefined
  throw new BlogDataError(error.message, error.code, status ?? fromStorage)
}

const listItems = z.array(blogListItemSchema)

/**
 * A `*.ilike.` value for PostgREST's `or=(…)` syntax that matches `text` literally, case-insensitively.
 * Commas and parentheses would split the filter, so the value is double-quoted (with `"` and `\`
 * backslash-escaped); `%` and `_` are LIKE wildcards, so they are escaped for LIKE; PostgREST turns `*`
 * into `%` with no escape, so a `*` becomes `_` (any one character, which includes `*`).
 */
export function ilikeContainsValue(text: string): string {
  const like = text.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '_')
  return `"%${like.replace(/["\\]/g, '\\$&')}%"`
}

function rangeOf(page: number, pageSize: number): [number, number] {
  const size = Math.max(1, Math.floor(pageSize))
  const from = (Math.max(1, Math.floor(page)) - 1) * size
  return [from, from + size - 1]
}

export interface PublishedPostsQuery {
  search?: string
  /** 'all' or undefined: every type. */
  type?: BlogType | 'all'
  page?: number
  pageSize?: number
}

/**
 * Resources page: published posts, newest first, list columns only (never the bodies). Reads the
 * `published_blogs` view rather than the table: under the table's row-level security an `ilike` filter
 * cannot use the trigram indexes (see the migration that creates the view), so every search scanned all posts.
 */
export async function listPublishedPosts(
  client: SupabaseClient,
  query: PublishedPostsQuery = {},
): Promise<PostPage<BlogListItem>> {
  const [from, to] = rangeOf(query.page ?? 1, query.pageSize ?? 9)
  let request = client.from('published_blogs').select(blogListColumns, { count: 'exact' })
  if (query.type && query.type !== 'all') request = request.eq('type', query.type)
  const search = query.search?.trim()
  if (search) {
    const value = ilikeContainsValue(search)
    request = request.or(`title.ilike.${value},content.ilike.${value}`)
  }
  const { data, error, count } = await request
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, to)
  if (error) fail(error)
  return { rows: listItems.parse(data), total: count ?? 0 }
}

/** Post page: one published post, or null when there is none (drafts are not public). */
export async function getPublishedPostBySlug(client: SupabaseClient, slug: string): Promise<BlogRow | null> {
  const { data, error } = await client
    .from('blogs')
    .select('*')
    .eq('slug', slug)
    .eq('status', 'published')
    .maybeSingle()
  if (error) fail(error)
  return data ? blogRowSchema.parse(data) : null
}

export interface AdminPostsQuery {
  /** Case-insensitive substring of title, slug or author. */
  search?: string
  /** Oldest first when true; newest first by default. */
  ascending?: boolean
  page?: number
  pageSize?: number
}

/** Admin list: every post (drafts too; RLS lets only editors see them), paginated on the server. */
export async function listPostsForAdmin(
  client: SupabaseClient,
  query: AdminPostsQuery = {},
): Promise<PostPage<BlogListItem>> {
  const [from, to] = rangeOf(query.page ?? 1, query.pageSize ?? adminPageSize)
  let request = client.from('blogs').select(blogListColumns, { count: 'exact' })
  const search = query.search?.trim()
  if (search) {
    const value = ilikeContainsValue(search)
    request = request.or(`title.ilike.${value},slug.ilike.${value},author.ilike.${value}`)
  }
  const ascending = query.ascending ?? false
  const { data, error, count } = await request
    .order('created_at', { ascending })
    .order('id', { ascending })
    .range(from, to)
  if (error) fail(error)
  return { rows: listItems.parse(data), total: count ?? 0 }
}

/** Any post by slug, drafts included (as far as the caller may see them). */
export async function getPostBySlug(client: SupabaseClient, slug: string): Promise<BlogRow | null> {
  const { data, error } = await client.from('blogs').select('*').eq('slug', slug).maybeSingle()
  if (error) fail(error)
  return data ? blogRowSchema.parse(data) : null
}

export async function getPostById(client: SupabaseClient, id: string): Promise<BlogRow | null> {
  const { data, error, status } = await client.from('blogs').select('*').eq('id', id).maybeSingle()
  if (error) fail(error, status)
  return data ? blogRowSchema.parse(data) : null
}

/** Every post changed after `cursor` (an `updated_at` already seen), oldest change first: what a sync pulls. */
export async function listPostsChangedSince(
  client: SupabaseClient,
  cursor: string | null,
): Promise<BlogRow[]> {
  let query = client.from('blogs').select('*').order('updated_at', { ascending: true })
  if (cursor) query = query.gt('updated_at', cursor)
  const { data, error, status } = await query
  if (error) fail(error, status)
  return (data ?? []).map((row) => blogRowSchema.parse(row))
}

/** The id of every post the caller may see: a sync finds deletes by comparing with its cache. */
export async function listPostIds(client: SupabaseClient): Promise<Set<string>> {
  const { data, error, status } = await client.from('blogs').select('id')
  if (error) fail(error, status)
  return new Set((data ?? []).map((row: { id: string }) => String(row.id)))
}

function slugTaken(slug: string): BlogDataError {
  return new BlogDataError(`A post with the slug “${slug}” already exists.`, '23505')
}

function parseInput(input: BlogInput) {
  const parsed = blogInputSchema.safeParse(input)
  if (!parsed.success)
    throw new BlogDataError(parsed.error.issues.map((i) => i.message).join(' '), 'invalid_input')
  // Cards need an excerpt; an editor who leaves it empty gets one derived from the content.
  return { ...parsed.data, excerpt: excerptForPost(parsed.data.excerpt, parsed.data.content) || null }
}

/** Creates a post. A slug that already exists is refused (never silently overwrites another post). */
export async function createPost(client: SupabaseClient, input: BlogInput): Promise<BlogRow> {
  const values = parseInput(input)
  const { data, error } = await client.from('blogs').insert(values).select('*').single()
  if (error) {
    if (error.code === '23505') throw slugTaken(values.slug)
    fail(error)
  }
  return blogRowSchema.parse(data)
}

/**
 * Saves an existing post: by id when known (the slug may change; a slug taken by another post is refused),
 * else an upsert on the slug (spec §7).
 */
export async function updatePost(
  client: SupabaseClient,
  input: BlogInput,
  options: { id?: string } = {},
): Promise<BlogRow> {
  const values = parseInput(input)
  const request = options.id
    ? client
        .from('blogs')
        .update({ ...values, updated_at: new Date().toISOString() })
        .eq('id', options.id)
        .select('*')
        .maybeSingle()
    : client
        .from('blogs')
        .upsert({ ...values, updated_at: new Date().toISOString() }, { onConflict: 'slug' })
        .select('*')
        .maybeSingle()
  const { data, error } = await request
  if (error) {
    if (error.code === '23505') throw slugTaken(values.slug)
    fail(error)
  }
  // RLS hides rows a caller may not write, so "nothing updated" means not found or not allowed.
  if (!data)
    throw new BlogDataError('The post was not found, or you are not allowed to change it.', 'not_found')
  return blogRowSchema.parse(data)
}

/** Deletes the post with this slug. */
export async function deletePost(client: SupabaseClient, slug: string): Promise<void> {
  const { error } = await client.from('blogs').delete().eq('slug', slug)
  if (error) fail(error)
}

/** Uploads an image to `images/{folder}/{timestamp}.{ext}` (spec §7) and returns its public URL. */
export async function uploadBlogImage(
  client: SupabaseClient,
  folder: BlogImageFolder,
  bytes: Blob | ArrayBuffer | Uint8Array,
  extension: string,
  contentType: string,
): Promise<string> {
  return uploadBlogImageAt(client, blogImagePath(folder, extension), bytes, contentType)
}

/** `{folder}/{timestamp in ms}.{ext}` (spec §9), the key of a new image in the `images` bucket. */
export function blogImagePath(folder: BlogImageFolder, extension: string): string {
  const ext = extension.replace(/^\./, '').toLowerCase()
  if (!/^[a-z0-9]{1,5}$/.test(ext))
    throw new BlogDataError(`Unsupported file extension “${extension}”.`, 'invalid_input')
  return `${folder}/${Date.now()}.${ext}`
}

/**
 * Stores an image at a key chosen beforehand and returns its public URL. `upsert` lets a retried upload
 * (whose first reply was lost) overwrite its own earlier attempt; new uploads never overwrite.
 */
export async function uploadBlogImageAt(
  client: SupabaseClient,
  path: string,
  bytes: Blob | ArrayBuffer | Uint8Array,
  contentType: string,
  options: { upsert?: boolean } = {},
): Promise<string> {
  const { error } = await client.storage
    .from(imagesBucket)
    .upload(path, bytes, { contentType, upsert: options.upsert ?? false })
  if (error) fail(error)
  return blogImagePublicUrl(client, path)
}

export function blogImagePublicUrl(client: SupabaseClient, path: string): string {
  return client.storage.from(imagesBucket).getPublicUrl(path).data.publicUrl
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
export async function getPublishedPostMeta(client: SupabaseClient, slug: string): Promise<PostMeta | null> {
  const { data, error } = await client
    .from('blogs')
    .select('title,slug,excerpt,cover_image_url,content')
    .eq('slug', slug)
    .eq('status', 'published')
    .maybeSingle()
  if (error) fail(error)
  return data ? postMetaSchema.parse(data) : null
}
