import { resourcesSearch, type ResourcesQuery } from '@shared/lib/resource-query.ts'
import type { BlogListItem, BlogRow } from '@shared/schemas/blog.ts'

/**
 * The browser's reads of published posts, from the server's JSON endpoint (`/api/posts`, see
 * server/api/posts.ts) rather than supabase-js: the public pages stay small, and the server answers as a
 * visitor, so row-level security decides what is public.
 */

export interface PostListResponse {
  posts: BlogListItem[]
  total: number
  page: number
  pageSize: number
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<{ status: number; body: T | null }> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal })
  if (res.status === 404) return { status: 404, body: null }
  if (!res.ok) throw new Error(`GET ${url} failed with status ${res.status}`)
  return { status: res.status, body: (await res.json()) as T }
}

/** One page (`query.page`) of cards for a type and search. */
export async function fetchPostList(query: ResourcesQuery, signal?: AbortSignal): Promise<PostListResponse> {
  const { body } = await getJson<PostListResponse>(`/api/posts${resourcesSearch(query)}`, signal)
  if (!body) throw new Error('The posts endpoint is missing')
  return body
}

export interface PostResponse {
  post: BlogRow
  /** Up to 3 posts to read next. */
  related: BlogListItem[]
}

/** A published post with its body sanitised by the server and the posts to read next, or null (unknown slug, a draft). */
export async function fetchPost(slug: string, signal?: AbortSignal): Promise<PostResponse | null> {
  const { body } = await getJson<PostResponse>(`/api/posts/${encodeURIComponent(slug)}`, signal)
  return body ? { post: body.post, related: body.related ?? [] } : null
}
