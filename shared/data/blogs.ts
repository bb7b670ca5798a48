import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { excerptForPost } from '../lib/excerpt.ts'
import { likeContainsPattern, quotedFilterValue } from '../lib/postgrest-values.ts'
import {
  blogInputSchema,
  blogListColumns,
  blogListItemSchema,
  blogRowSchema,
  blogFieldNames,
  type BlogFieldName,
  type BlogFields,
  type BlogInput,
  type BlogListItem,
  type AdminStatusFilter,
  type BlogRow,
  type BlogType,
} from '../schemas/blog.ts'
import { selectColumns } from '../schemas/columns.ts'
import { DataError, oneOrNull } from './results.ts'

/**
 * The blogs data module: the only code that reads or writes `public.blogs` and blog images.
 * Plain async functions over a supabase-js client (browser, server, desktop main); they throw on error.
 */

const imagesBucket = 'images'
export type BlogImageFolder = 'blog-covers' | 'blog-content'
export const adminPageSize = 5

export interface PostPage<T> {
  rows: T[]
  /** Total matching rows (exact count), for "Page X of Y" and "load more". */
  total: number
}

/** A data error with the message a person can act on (shown in the admin status line). */
export class BlogDataError extends DataError {
  /** HTTP status of the failed call (0 when no reply arrived), so callers can tell offline from refused. */
  readonly status: number | undefined
  constructor(message: string, code?: string, status?: number) {
    super(message, code)
    this.name = 'BlogDataError'
    this.status = status
  }
}

const parseBlogRow = (row: unknown): BlogRow => blogRowSchema.parse(row)

/** Throws the `BlogDataError` a failed call means (a refusal by row-level security in its own words). */
export function fail(
  error: PostgrestError | { message: string; code?: string; statusCode?: string | number },
  status?: number,
): never {
  const fromStorage = 'statusCode' in error ? Number(error.statusCode) : undefined
  // Row-level security refused a signed-in caller (401 is a signed-out one): their role does not allow it.
  if (error.code === '42501' && (status ?? fromStorage) === 403) throw roleRefusal()
  throw new BlogDataError(error.message, error.code, status ?? fromStorage)
}

function roleRefusal(): BlogDataError {
  return new BlogDataError(
    'Your role does not allow this change: a contributor saves drafts of their own posts, and an editor publishes, schedules and deletes them.',
    'not_allowed',
    403,
  )
}

const listItems = z.array(blogListItemSchema)

function rangeOf(page: number, pageSize: number): [number, number] {
  const size = Math.max(1, Math.floor(pageSize))
  const from = (Math.max(1, Math.floor(page)) - 1) * size
  return [from, from + size - 1]
}

interface PublishedPostsQuery {
  search?: string
  /** 'all' or undefined: every type. */
  type?: BlogType | 'all'
  page?: number
  pageSize?: number
}

/** The number of all matches, on every row `search_published_posts` returns. */
const searchTotals = z.array(z.object({ total: z.coerce.number().int() }))

/**
 * Resources page: published posts, list columns only (never the bodies), newest first; with `search`, the
 * posts whose title or body match its words (full-text: English stemming, "quoted phrases", `or`, `-word`;
 * the last word also as the beginning of a word, as one types), title matches first, then the newest. Reads
 * the `published_blogs` view (only what a visitor may read); a search goes through `search_published_posts`
 * and its full-text index (see the migrations that create and reshape it).
 */
export async function listPublishedPosts(
  client: SupabaseClient,
  query: PublishedPostsQuery = {},
): Promise<PostPage<BlogListItem>> {
  const [from, to] = rangeOf(query.page ?? 1, query.pageSize ?? 9)
  const type = query.type && query.type !== 'all' ? query.type : null
  const search = query.search?.trim()
  if (search) {
    const page = async (offset: number, limit: number) => {
      const { data, error } = await client.rpc('search_published_posts', {
        search,
        post_type: type,
        page_offset: offset,
        page_limit: limit,
      })
      if (error) fail(error)
      return { rows: listItems.parse(data), total: searchTotals.parse(data)[0]?.total }
    }
    const found = await page(from, to - from + 1)
    // Past the last match the page is empty and carries no total: ask for the first match's row.
    const total = found.total ?? (from > 0 ? ((await page(0, 1)).total ?? 0) : 0)
    return { rows: found.rows, total }
  }
  let request = client.from('published_blogs').select(blogListColumns, { count: 'exact' })
  if (type) request = request.eq('type', type)
  const { data, error, count } = await request
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, to)
  if (error) fail(error)
  return { rows: listItems.parse(data), total: count ?? 0 }
}

/**
 * What the public pages show, as one short text that changes with every change a visitor could see (an
 * edit, publish, unpublish or delete of a public post, a scheduled post coming due); pages rendered from the
 * posts are kept under it.
 */
export async function getPublishedPostsStamp(client: SupabaseClient): Promise<string> {
  // A GET: it only reads (a POST reads like a write to anyone watching the API).
  const { data, error } = await client.rpc('published_posts_stamp', {}, { get: true })
  if (error) fail(error)
  return z.string().parse(data)
}

/**
 * Post page: one public post (published, or scheduled and due by the database's clock), or null when there
 * is none (drafts and posts scheduled for later are not public).
 */
export async function getPublishedPostBySlug(client: SupabaseClient, slug: string): Promise<BlogRow | null> {
  return oneOrNull(
    client.from('published_blogs').select('*').eq('slug', slug).maybeSingle(),
    parseBlogRow,
    fail,
  )
}

/**
 * Ranks candidates for a post's "Read next": most tags in common first, then the same type, then the newest;
 * never the post itself, each post once. Pure, so the order is unit-tested without a database.
 */
export function rankRelatedPosts(
  post: Pick<BlogListItem, 'slug' | 'type' | 'tags'>,
  candidates: BlogListItem[],
  limit: number,
): BlogListItem[] {
  const tags = new Set((post.tags ?? []).map((t) => t.toLowerCase()))
  const score = (c: BlogListItem) =>
    (c.tags ?? []).filter((t) => tags.has(t.toLowerCase())).length * 2 +
    ((c.type ?? 'blog') === (post.type ?? 'blog') ? 1 : 0)
  const unique = new Map(candidates.filter((c) => c.slug !== post.slug).map((c) => [c.slug, c]))
  return [...unique.values()]
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || b.c.created_at.localeCompare(a.c.created_at))
    .slice(0, limit)
    .map(({ c }) => c)
}

/** The candidates for a post's "Read next", as the post page's one read returns them (see published-blogs.ts). */
export interface RelatedCandidates {
  /** The newest posts sharing a tag with the post (up to 12). */
  byTag: BlogListItem[]
  /** The newest posts of the post's type (up to `limit`). */
  byType: BlogListItem[]
  /** The newest other posts (up to `limit + minimum`). */
  newest: BlogListItem[]
}

/**
 * Post page: up to `limit` published posts to read next, those that share the post's tags or type first
 * (see `rankRelatedPosts`). When fewer than `minimum` share either, the newest other posts fill in, so a
 * post never ends without somewhere to go.
 */
export function chooseRelatedPosts(
  post: Pick<BlogListItem, 'slug' | 'type' | 'tags'>,
  { byTag, byType, newest }: RelatedCandidates,
  { limit = 3, minimum = 2 }: { limit?: number; minimum?: number } = {},
): BlogListItem[] {
  const related = rankRelatedPosts(post, [...byTag, ...byType], limit)
  if (related.length >= minimum) return related
  const seen = new Set(related.map((r) => r.slug))
  return [...related, ...newest.filter((n) => !seen.has(n.slug))].slice(0, minimum)
}

interface AdminPostsQuery {
  /** Case-insensitive substring of title, slug or author. */
  search?: string
  /** Oldest first when true; newest first by default. */
  ascending?: boolean
  /** Posts that are published (live), scheduled for later or drafts now; 'all' or undefined: every post. */
  status?: AdminStatusFilter
  page?: number
  pageSize?: number
}

/**
 * The status filter as PostgREST filters. `now` is Postgres's special input value for the current time: the
 * database's clock decides whether a scheduled post is live yet, as its read rule does.
 */
const statusFilters: Record<Exclude<AdminStatusFilter, 'all'>, string> = {
  published: 'status.eq.published,and(status.eq.scheduled,publish_at.lte.now)',
  scheduled: 'and(status.eq.scheduled,publish_at.gt.now)',
  draft: 'status.eq.draft',
}

/** Admin list: every post (drafts too; RLS lets only editors see them), paginated on the server. */
export async function listPostsForAdmin(
  client: SupabaseClient,
  query: AdminPostsQuery = {},
): Promise<PostPage<BlogListItem>> {
  const [from, to] = rangeOf(query.page ?? 1, query.pageSize ?? adminPageSize)
  // author_id: the admin offers a contributor only their own drafts (not in the public view).
  let request = client.from('blogs').select(selectColumns(blogListItemSchema), { count: 'exact' })
  const search = query.search?.trim()
  if (search) {
    const value = quotedFilterValue(likeContainsPattern(search))
    request = request.or(`title.ilike.${value},slug.ilike.${value},author.ilike.${value}`)
  }
  if (query.status && query.status !== 'all') request = request.or(statusFilters[query.status])
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
  return oneOrNull(client.from('blogs').select('*').eq('slug', slug).maybeSingle(), parseBlogRow, fail)
}

export async function getPostById(client: SupabaseClient, id: string): Promise<BlogRow | null> {
  return oneOrNull(client.from('blogs').select('*').eq('id', id).maybeSingle(), parseBlogRow, fail)
}

/** Where a sync stopped reading: the (server `updated_at`, id) of the last row it saw. */
export interface SyncCursor {
  at: string
  id: string
}

export interface SyncPage<T> {
  rows: T[]
  /** The position after this page's last row (null for an empty page): where the next page starts. */
  end: SyncCursor | null
  /** Whether more rows may follow (the page was full). */
  more: boolean
}

const nilUuid = '00000000-0000-0000-0000-000000000000'
const syncPageSize = 500

/**
 * One keyset page of `table` after `cursor`, in (`timeColumn`, id) order: any number of rows, including rows
 * written in one transaction (one timestamp), are read exactly once across pages. Values in PostgREST's
 * `or=(…)` are quoted (timestamps contain `:` and `.`; a cursor kept by the desktop app is read back as text).
 */
async function keysetPage<T>(
  client: SupabaseClient,
  table: 'blogs' | 'blog_tombstones',
  timeColumn: 'updated_at' | 'deleted_at',
  cursor: SyncCursor | null,
  parse: (rows: unknown[]) => T[],
): Promise<SyncPage<T>> {
  let query = client.from(table).select('*')
  if (cursor) {
    const at = quotedFilterValue(cursor.at)
    const id = quotedFilterValue(cursor.id)
    query = query.or(`${timeColumn}.gt.${at},and(${timeColumn}.eq.${at},id.gt.${id})`)
  }
  const { data, error, status } = await query
    .order(timeColumn, { ascending: true })
    .order('id', { ascending: true })
    .limit(syncPageSize)
  if (error) fail(error, status)
  const rows = (data ?? []) as Record<string, string>[]
  const last = rows.at(-1)
  return {
    rows: parse(rows),
    end: last ? { at: last[timeColumn], id: last.id } : null,
    more: rows.length === syncPageSize,
  }
}

/** Posts changed after `cursor`, by the server's `updated_at`: what a sync pulls. */
export function listPostsChangedSince(client: SupabaseClient, cursor: SyncCursor | null) {
  return keysetPage(client, 'blogs', 'updated_at', cursor, (rows) => rows.map(parseBlogRow))
}

const tombstonesSchema = z.array(z.object({ id: z.string(), deleted_at: z.string() }))
export type Tombstone = z.infer<typeof tombstonesSchema>[number]

/** Posts deleted after `cursor` (ids and times only): how a sync learns of deletes. */
export function listDeletedSince(client: SupabaseClient, cursor: SyncCursor | null) {
  return keysetPage(client, 'blog_tombstones', 'deleted_at', cursor, (rows) => tombstonesSchema.parse(rows))
}

/** A cursor moved back by `ms`: a sync re-reads a short window so a write committed late is not skipped. */
export function rewindCursor(cursor: SyncCursor | null, ms: number): SyncCursor | null {
  if (!cursor) return null
  const at = Date.parse(cursor.at)
  return Number.isNaN(at) ? null : { at: new Date(at - ms).toISOString(), id: nilUuid }
}

/**
 * A write that lost a race: the post was changed or deleted by someone else after this edit began.
 * `theirs` is the server's copy now (null: deleted). Nothing was written.
 */
export class PostConflictError extends BlogDataError {
  readonly theirs: BlogRow | null
  constructor(theirs: BlogRow | null) {
    super(
      theirs
        ? 'Someone else changed this post after you opened it.'
        : 'Someone else deleted this post after you opened it.',
      'conflict',
      409,
    )
    this.name = 'PostConflictError'
    this.theirs = theirs
  }
}

/** Why a write was refused, for a person: the slug is taken, a field is invalid, or the caller may not. */
export type BlogRefusal = 'slug_taken' | 'invalid_input' | 'not_allowed'

function slugTaken(slug: string): BlogDataError {
  return new BlogDataError(`A post with the slug “${slug}” already exists.`, 'slug_taken', 409)
}

function notAllowed(): BlogDataError {
  return new BlogDataError(
    'You are not allowed to change this post: sign in as an editor.',
    'not_allowed',
    403,
  )
}

/** A `23505` on the slug's unique constraint (the other one is the primary key). */
function isSlugClash(error: PostgrestError) {
  return /slug/.test(`${error.message} ${error.details ?? ''}`)
}

/**
 * A post's fields as they are stored: validated with the shared schema, defaults filled in, and an excerpt
 * derived from the content when the editor left it empty (cards need one).
 */
export function postValues(input: BlogInput): BlogFields {
  const parsed = blogInputSchema.safeParse(input)
  if (!parsed.success)
    throw new BlogDataError(parsed.error.issues.map((i) => i.message).join(' '), 'invalid_input', 400)
  const { status, publish_at } = parsed.data
  return {
    ...parsed.data,
    excerpt: excerptForPost(parsed.data.excerpt, parsed.data.content) || null,
    // Only a scheduled post has a publish time; stored in UTC.
    publish_at: status === 'scheduled' && publish_at ? new Date(publish_at).toISOString() : null,
  }
}

/** A stored post's (or a revision's) editable fields, as a save sends them: a restore saves exactly these. */
export function postFields(source: Partial<Record<BlogFieldName, unknown>>): BlogFields {
  const fields = Object.fromEntries(blogFieldNames.map((name) => [name, source[name]])) as BlogFields
  return { ...fields, tags: fields.tags ?? [] }
}

function fieldValue(source: Partial<Record<BlogFieldName, unknown>>, field: BlogFieldName): string {
  const value = source[field]
  if (field === 'tags') return JSON.stringify(value ?? [])
  // The same instant reads differently from the server ("+00:00") and a form ("Z"): compare the instant.
  if (field === 'publish_at' && value) return String(Date.parse(String(value)))
  return value === null || value === undefined ? '' : String(value)
}

/** The fields (of every field an editor can change) in which a stored post and an edit differ. */
export function changedFields(
  row: Partial<Record<BlogFieldName, unknown>>,
  fields: Partial<Record<BlogFieldName, unknown>>,
): BlogFieldName[] {
  return blogFieldNames.filter((field) => fieldValue(row, field) !== fieldValue(fields, field))
}

/** True when the server's post already holds exactly this edit (every field compared). */
export function holdsEdit(row: BlogRow, input: BlogInput): boolean {
  return changedFields(row, postValues(input)).length === 0
}

/**
 * Creates a post (with the given id when the caller chose one, so a retried create is recognised). Never
 * overwrites: a slug in use is refused with `slug_taken`; an id in use with `post_exists`.
 */
export async function createPost(
  client: SupabaseClient,
  input: BlogInput,
  options: { id?: string } = {},
): Promise<BlogRow> {
  const values = postValues(input)
  const row: Record<string, unknown> = options.id ? { ...values, id: options.id } : values
  const { data, error, status } = await client.from('blogs').insert(row).select('*').single()
  if (error) {
    if (error.code === '23505') {
      if (isSlugClash(error)) throw slugTaken(values.slug)
      throw new BlogDataError('A post with this id already exists.', 'post_exists', 409)
    }
    fail(error, status)
  }
  return blogRowSchema.parse(data)
}

/** After a conditional write touched no row: a conflict, or (same version still there) a refusal. */
async function explainNoRow(client: SupabaseClient, id: string, version: number): Promise<never> {
  const current = await getPostById(client, id)
  if (current && current.version === version) throw notAllowed()
  throw new PostConflictError(current)
}

/**
 * Saves an edit of the post `id` that started from `version`. The update is conditional (`id` and
 * `version`): if anyone changed or deleted the post since, nothing is written and `PostConflictError`
 * carries their copy. The slug may change; a slug taken by another post is refused (`slug_taken`).
 */
export async function updatePost(
  client: SupabaseClient,
  input: BlogInput,
  base: { id: string; version: number },
): Promise<BlogRow> {
  const values = postValues(input)
  const { data, error, status } = await client
    .from('blogs')
    .update(values)
    .eq('id', base.id)
    .eq('version', base.version)
    .select('*')
  if (error) {
    if (error.code === '23505') throw slugTaken(values.slug)
    fail(error, status)
  }
  const [row] = data ?? []
  if (!row) return explainNoRow(client, base.id, base.version)
  return blogRowSchema.parse(row)
}

/**
 * Deletes the post `id` if it is still at `version` (by id, so a rename elsewhere does not dodge it).
 * Already gone counts as done; changed since is a `PostConflictError`.
 */
export async function deletePost(
  client: SupabaseClient,
  base: { id: string; version: number },
): Promise<void> {
  const { data, error, status } = await client
    .from('blogs')
    .delete()
    .eq('id', base.id)
    .eq('version', base.version)
    .select('id')
  if (error) fail(error, status)
  if ((data ?? []).length > 0) return
  const current = await getPostById(client, base.id)
  if (!current) return
  await explainNoRow(client, base.id, base.version)
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
function blogImagePath(folder: BlogImageFolder, extension: string): string {
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
