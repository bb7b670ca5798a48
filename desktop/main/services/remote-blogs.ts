import { deletePost, getPostBySlug, imagesBucket, updatePost } from '../../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../../shared/data/client.ts'
import { blogRowSchema, type BlogInput, type BlogRow } from '../../../shared/schemas/blog.ts'

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
    status === 0 ||
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
 * Reads and writes go through the blogs data module; only the two sync queries (changes by `updated_at`,
 * the id list) and the upload live here. The upload path is chosen when the image is queued, so the
 * post can refer to its final URL while offline, and a retried upload overwrites its own partial attempt.
 */
export function createRemoteBlogs(client: SupabaseClient): RemoteBlogs {
  const parse = (rows: unknown[]) => rows.map((r) => blogRowSchema.parse(r))
  return {
    async changedSince(cursor) {
      let query = client.from('blogs').select('*').order('updated_at', { ascending: true })
      if (cursor) query = query.gt('updated_at', cursor)
      const { data, error, status } = await query
      if (error) throw classifyRemoteError(error, status)
      return parse(data ?? [])
    },
    async allIds() {
      const { data, error, status } = await client.from('blogs').select('id')
      if (error) throw classifyRemoteError(error, status)
      return new Set((data ?? []).map((r: { id: string }) => String(r.id)))
    },
    async bySlug(slug) {
      try {
        return await getPostBySlug(client, slug)
      } catch (err) {
        throw classifyRemoteError(err)
      }
    },
    async byId(id) {
      const { data, error, status } = await client.from('blogs').select('*').eq('id', id).maybeSingle()
      if (error) throw classifyRemoteError(error, status)
      return data ? blogRowSchema.parse(data) : null
    },
    async save(input, id) {
      try {
        return await updatePost(client, input, id ? { id } : {})
      } catch (err) {
        throw classifyRemoteError(err)
      }
    },
    async remove(slug) {
      try {
        await deletePost(client, slug)
      } catch (err) {
        throw classifyRemoteError(err)
      }
    },
    async upload(path, data, contentType) {
      // upsert: a retry after an upload that reached the server but whose reply was lost must not fail.
      const { error } = await client.storage
        .from(imagesBucket)
        .upload(path, Buffer.from(data), { contentType, upsert: true })
      if (error) throw classifyRemoteError(error)
      return this.publicUrl(path)
    },
    publicUrl(path) {
      return client.storage.from(imagesBucket).getPublicUrl(path).data.publicUrl
    },
  }
}
