import type { BlogImageFolder, PostPage } from '../data/blogs.ts'
import type { BlogInput, BlogListItem, BlogRow } from '../schemas/blog.ts'

/**
 * What the admin components need from the outside world. The site implements it over supabase-js
 * (`site/src/features/blog/web-blog-store.ts`), the desktop over IPC to its main process. Every method
 * rejects with an `Error` whose message a person can act on (shown in the status line).
 */

/** The signed-in editor. */
export interface AdminSession {
  userId: string
  email: string
}

/** Sign-in for editors (email + password through Supabase auth). */
export interface AdminAuth {
  getSession(): Promise<AdminSession | null>
  signIn(email: string, password: string): Promise<AdminSession>
  signOut(): Promise<void>
  /** Called on sign-in, sign-out and session expiry; returns an unsubscribe function. */
  onAuthChange(listener: (session: AdminSession | null) => void): () => void
}

export interface AdminListQuery {
  /** Case-insensitive substring of title, slug or author ('' for all). */
  search: string
  /** Oldest first when true. */
  ascending: boolean
  /** 1-based. */
  page: number
  pageSize: number
}

/** Create refuses an existing slug; update targets the post being edited. */
export type SaveTarget = { mode: 'create' } | { mode: 'update'; id: string }

export interface UploadImageOptions {
  folder: BlogImageFolder
  /** Without the dot, e.g. "jpg". */
  extension: string
  contentType: string
  /** 0–100 for the upload itself. */
  onProgress?: (percent: number) => void
}

export interface BlogStore extends AdminAuth {
  listPosts(query: AdminListQuery): Promise<PostPage<BlogListItem>>
  getBySlug(slug: string): Promise<BlogRow | null>
  save(input: BlogInput, target: SaveTarget): Promise<BlogRow>
  delete(slug: string): Promise<void>
  /** Uploads to the images bucket and returns the public URL. */
  uploadImage(image: Blob, options: UploadImageOptions): Promise<string>
}
