import type { BlogInput, BlogRow } from '../../shared/schemas/blog.ts'
import type { LeadRecord } from '../../shared/schemas/lead.ts'

/**
 * `window.meridian`: the only thing the desktop renderer can reach. The preload fills it with IPC calls to
 * main; the end-to-end test fills it with bindings to the same main-process handlers. Values are plain
 * data (structured-clone safe); bytes travel as Uint8Array.
 */

export type PostInput = BlogInput & { slug: string }

/** A post as the editor sees it on the desktop: the server copy with any local change laid over it. */
export type LocalPost = BlogRow & {
  /** synced: as on the server · pending: a local change waits in the outbox · conflict: the editor must choose. */
  syncState: 'synced' | 'pending' | 'conflict'
}

/** As in the browser admin: create refuses a slug in use; update targets the edited post by id. */
export type SaveTarget = { mode: 'create' } | { mode: 'update'; id?: string }

export interface ListQuery {
  search?: string
  ascending?: boolean
  page?: number
  pageSize?: number
}

export interface PostList {
  items: LocalPost[]
  total: number
}

export interface ConflictView {
  slug: string
  /** The editor's version (null: the editor deleted the post). */
  mine: PostInput | null
  /** The server's version (null: deleted on the server). */
  theirs: BlogRow | null
  detectedAt: string
}

/** What the status bar shows: online or offline, pending changes, last good sync, the last error in words. */
export interface SyncStatus {
  online: boolean
  syncing: boolean
  pending: number
  conflicts: number
  lastSyncAt: string | null
  lastError: string | null
}

export interface EditorSession {
  signedIn: boolean
  email: string | null
  userId: string | null
}

export interface DesktopSettings {
  /** The site the app works with; `/config.json` there names the backend. */
  siteUrl: string
  connected: boolean
  /** Why the last connection attempt failed, in words (null when connected). */
  connectionError: string | null
  emailServiceUrl: string | null
}

export interface ImageFile {
  bytes: Uint8Array
  name: string
  type: string
}

export interface CompressedImageBytes {
  bytes: Uint8Array
  extension: string
  contentType: string
  width: number
  height: number
}

export interface UploadedImage {
  url: string
  /** True while the bytes wait in the outbox (offline); the URL becomes live once they are sent. */
  pending: boolean
}

export interface LeadList {
  leads: LeadRecord[]
  total: number
  page: number
  pageCount: number
}

export type { EmailServiceHealth, TestEmailResult } from '../main/services/email-test.ts'
import type { EmailServiceHealth, TestEmailResult } from '../main/services/email-test.ts'

export interface DesktopApi {
  readonly kind: 'desktop'
  // posts (offline-first: answered from the offline store, sent through the outbox)
  listPosts(query: ListQuery): Promise<PostList>
  getPost(slug: string): Promise<LocalPost | null>
  savePost(input: PostInput, target?: SaveTarget): Promise<LocalPost>
  deletePost(slug: string): Promise<void>
  /** Queues already-compressed bytes for `images/{folder}/{timestamp}.{extension}`; the URL comes back at once. */
  uploadImage(
    image: CompressedImageBytes,
    folder: 'blog-covers' | 'blog-content',
    onProgress?: (percent: number) => void,
  ): Promise<UploadedImage>
  compressImage(file: ImageFile, onProgress?: (percent: number) => void): Promise<CompressedImageBytes>
  listConflicts(): Promise<ConflictView[]>
  resolveConflict(slug: string, keep: 'mine' | 'theirs'): Promise<void>
  // session
  getSession(): Promise<EditorSession>
  signIn(email: string, password: string): Promise<EditorSession>
  signOut(): Promise<EditorSession>
  /** Pushed by main when the session changes (signed in, refreshed, expired); returns an unsubscribe function. */
  onSessionChange(listener: (session: EditorSession) => void): () => void
  // sync
  getSyncStatus(): Promise<SyncStatus>
  syncNow(): Promise<SyncStatus>
  /** Pushed by main whenever the status changes; returns an unsubscribe function. */
  onSyncStatus(listener: (status: SyncStatus) => void): () => void
  // staff tools
  listLeads(query: { search?: string; page?: number }): Promise<LeadList>
  checkEmailService(): Promise<EmailServiceHealth>
  sendTestEmail(to: string): Promise<TestEmailResult>
  // settings and platform
  getSettings(): Promise<DesktopSettings>
  saveSettings(settings: { siteUrl: string }): Promise<DesktopSettings>
  openExternal(url: string): Promise<void>
}

declare global {
  interface Window {
    meridian: DesktopApi
  }
}
