import {
  blogImagePublicUrl,
  deletePost,
  getPostById,
  getPostBySlug,
  listPostIds,
  listPostsChangedSince,
  updatePost,
  uploadBlogImageAt,
} from '../../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../../shared/data/client.ts'
import type { BlogInput, BlogRow } from '../../../shared/schemas/blog.ts'

/**
 * What the sync engine needs from the server, in the sync engine's words. The real implementation goes
 * through supabase-js (the same `blogs` table and `images` bucket as the browser admin).
 */
export interface RemoteBlogs {
  /** Rows changed after `cursor` (the largest `updated_at` already seen), oldest change first. */
  changedSince(cursor: string | null): Promise<BlogRow[]>
  /** Every post id on the server: deletes are found by comparing against the cache. */
  allIds(): Promise<Set<string>>
  bySlug(slug: string): Promise<BlogRow | null>
  byId(id: string): Promise<BlogRow | null>
  /** Updates the post with this id (its slug may change), or upserts on the slug when there is no id. */
  save(input: BlogInput & { slug: string }, id?: string): Promise<BlogRow>
  remove(slug: string): Promise<void>
  /** Stores bytes at `images/<path>`; returns the public URL. Safe to repeat for the same path. */
  upload(path: string, data: Uint8Array, contentType: string): Promise<string>
  publicUrl(path: string): string
}

/** Why a call to the server failed, so the outbox knows whether to wait for the network or the editor. */
export type RemoteFailure = 'offline' | 'signed-out' | 'rejected'

export class RemoteError extends Error {
  constructor(
    message: string,
    readonly failure: RemoteFailure,
  ) {
    super(message)
  }
}

interface ErrorLike {
  message?: string
  code?: string
  status?: number
  statusCode?: string | number
  name?: string
}

/** Turns a supabase-js error object into words an editor can act on. */
export function classifyRemoteError(error: unknown, status?: number): RemoteError {
  const e = (error ?? {}) as ErrorLike
  const message = e.message ?? String(error)
  const code = Number(e.statusCode ?? e.status ?? status ?? NaN)
  if (
    (status ?? e.status) === 0 ||
    /fetch failed|FetchError|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|network|socket|aborted|terminated/i.test(
      message,
    ) ||
    e.name === 'AuthRetryableFetchError' ||
    e.name === 'StorageUnknownError'
  ) {
    return new RemoteError('The server cannot be reached.', 'offline')
  }
  if (
    code === 401 ||
    code === 403 ||
    e.code === 'PGRST301' ||
    e.code === '42501' ||
    /JWT|not authorized|row-level security/i.test(message)
  ) {
    return new RemoteError(`The server refused the change: sign in as an editor (${message}).`, 'signed-out')
  }
  if (code >= 500 && code !== 501) return new RemoteError(`The server had a problem (${message}).`, 'offline')
  return new RemoteError(message, 'rejected')
}

/**
 * The sync engine's view of the server, through the blogs data module (the same `blogs` table and `images`
 * bucket as the browser admin). The upload path is chosen when the image is queued, so the post can refer
 * to its final URL while offline, and a retried upload overwrites its own partial attempt.
 */
export function createRemoteBlogs(client: SupabaseClient): RemoteBlogs {
  /** Every call's failure becomes a `RemoteError` the outbox understands. */
  const remote = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (err) {
      throw err instanceof RemoteError ? err : classifyRemoteError(err)
    }
  }
  return {
    changedSince: (cursor) => remote(() => listPostsChangedSince(client, cursor)),
    allIds: () => remote(() => listPostIds(client)),
    bySlug: (slug) => remote(() => getPostBySlug(client, slug)),
    byId: (id) => remote(() => getPostById(client, id)),
    save: (input, id) => remote(() => updatePost(client, input, id ? { id } : {})),
    remove: (slug) => remote(() => deletePost(client, slug)),
    upload: (path, data, contentType) =>
      remote(() => uploadBlogImageAt(client, path, Buffer.from(data), contentType, { upsert: true })),
    publicUrl: (path) => blogImagePublicUrl(client, path),
  }
}
