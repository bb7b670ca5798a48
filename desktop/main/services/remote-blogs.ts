import {
  BlogDataError,
  PostConflictError,
  blogImagePublicUrl,
  createPost,
  deletePost,
  getPostById,
  listDeletedSince,
  listPostsChangedSince,
  updatePost,
  uploadBlogImageAt,
  type BlogRefusal,
  type SyncCursor,
  type SyncPage,
  type Tombstone,
} from '../../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../../shared/data/client.ts'
import type { BlogInput, BlogRow } from '../../../shared/schemas/blog.ts'

/**
 * What the sync engine needs from the server, in the sync engine's words. The real implementation goes
 * through supabase-js and the blogs data module (the same `blogs` table and `images` bucket as the browser
 * admin). Every write is conditional on the version it builds on.
 */
export interface RemoteBlogs {
  /** A keyset page of rows changed after `cursor`, in server (updated_at, id) order. */
  changedSince(cursor: SyncCursor | null): Promise<SyncPage<BlogRow>>
  /** A keyset page of deletes after `cursor`. */
  deletedSince(cursor: SyncCursor | null): Promise<SyncPage<Tombstone>>
  byId(id: string): Promise<BlogRow | null>
  /** Inserts a new post with the id chosen here (`post_exists` if it is there already; never overwrites). */
  create(input: BlogInput, id: string): Promise<BlogRow>
  /** Updates post `id` only if it is still at `version` (else `PostConflictError`). */
  update(input: BlogInput, id: string, version: number): Promise<BlogRow>
  /** Deletes post `id` only if it is still at `version`; already gone counts as done. */
  remove(id: string, version: number): Promise<void>
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
    /** For a refusal: which kind, so the editor is told in plain words. */
    readonly reason: BlogRefusal = 'invalid_input',
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
  if (e.code === 'slug_taken') return new RemoteError(message, 'rejected', 'slug_taken')
  if (e.code === 'not_allowed') return new RemoteError(message, 'rejected', 'not_allowed')
  if (e.code === 'invalid_input') return new RemoteError(message, 'rejected', 'invalid_input')
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
  // Postgres check and type errors: a field the server does not accept.
  return new RemoteError(`The server did not accept a field: ${message}`, 'rejected', 'invalid_input')
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
      // A lost race and an id already taken are answers the sync engine acts on, not failures.
      if (err instanceof RemoteError || err instanceof PostConflictError) throw err
      if (err instanceof BlogDataError && err.code === 'post_exists') throw err
      throw classifyRemoteError(err)
    }
  }
  return {
    changedSince: (cursor) => remote(() => listPostsChangedSince(client, cursor)),
    deletedSince: (cursor) => remote(() => listDeletedSince(client, cursor)),
    byId: (id) => remote(() => getPostById(client, id)),
    create: (input, id) => remote(() => createPost(client, input, { id })),
    update: (input, id, version) => remote(() => updatePost(client, input, { id, version })),
    remove: (id, version) => remote(() => deletePost(client, { id, version })),
    upload: (path, data, contentType) =>
      remote(() => uploadBlogImageAt(client, path, Buffer.from(data), contentType, { upsert: true })),
    publicUrl: (path) => blogImagePublicUrl(client, path),
  }
}
