import { z } from 'zod'
import {
  adminEvents,
  adminMethods,
  bytesSchema,
  method,
  postIdSchema,
  progressIdSchema,
  type AdminListItem,
  type AdminPost,
  type ApiOf,
  type BlogRefusal,
  type CompressedImageBytes,
  type PostSyncState,
  type ProgressListener,
} from '../shared/admin/contract.ts'
import type { BlogFields, BlogRow } from '../shared/schemas/blog.ts'
import type { EmailServiceHealth, TestEmailResult } from './main/services/email-test.ts'

/**
 * The desktop seam: every method `window.meridian` offers. The admin operations are the shared admin
 * contract's (`shared/admin/contract.ts`, implemented once in `shared/admin/operations.ts`); what follows
 * them here is the desktop's own (sync, conflicts, images through sharp, the email test, settings, updates).
 * Main's dispatch (`main/api-handlers.ts`), the preload (which forwards every argument of every method it finds here), the
 * renderer's `DesktopApi` type and the test harness are all derived from this object. No Electron in here.
 *
 * A method marked `progress` takes an `onProgress(percent)` listener as its last argument in the renderer;
 * functions cannot cross IPC, so the preload sends a progress id in its place and main reports on
 * `events.progress` under that id.
 */

// ---- shapes ---------------------------------------------------------------------------------------------

export type {
  CompressedImageBytes,
  EditorSession,
  ListQuery,
  PostSyncState,
  SaveTarget,
  UploadedImage,
} from '../shared/admin/contract.ts'

/** A post's editable fields as the desktop sends them (the admin form's output). */
export type PostInput = BlogFields

/**
 * A post as the editor sees it on the desktop: the server copy with any local change laid over it.
 * `version` is the server version the local copy builds on (0: never on the server).
 */
export type LocalPost = AdminPost & { syncState: PostSyncState }

/** A row of the post list with its sync state. */
export type LocalListItem = AdminListItem & { syncState: PostSyncState }

/** An edit that lost a race with someone else's: both versions, for the editor to choose. */
export interface ConflictView {
  postId: string
  /** The editor's version (null: the editor deleted the post). */
  mine: PostInput | null
  /** The server's version (null: deleted on the server). */
  theirs: BlogRow | null
  detectedAt: string
}

/** Why the server refused a change; the change waits here until it is edited or discarded. */
export type AttentionReason = BlogRefusal

export interface AttentionItem {
  postId: string
  /** The change the server refused (null: a delete). */
  mine: PostInput | null
  /** The post's slug and title as the editor last saw them. */
  slug: string
  title: string
  reason: AttentionReason
  message: string
  detectedAt: string
}

/** What the status bar shows. Each count is what it says; nothing is called saved that is not. */
export interface SyncStatus {
  online: boolean
  syncing: boolean
  signedIn: boolean
  /** Changes (saves, deletes, image uploads) waiting to be sent. */
  pending: number
  conflicts: number
  attention: number
  lastSyncAt: string | null
  lastError: string | null
}

export interface DesktopSettings {
  /** The site the app works with; `/config.json` there names the backend. */
  siteUrl: string
  connected: boolean
  /** Why the last connection attempt failed, in words (null when connected). */
  connectionError: string | null
  emailServiceUrl: string | null
  /** Where the site publishes the desktop app's installers and updates (null: not published). */
  releasesUrl: string | null
}

/**
 * The desktop app's own updates: `off` unless the connected site publishes its releases; a newer version
 * downloads in the background and is `ready` to install on "Restart to update" (or the next quit).
 */
export interface UpdateState {
  status: 'off' | 'idle' | 'checking' | 'current' | 'downloading' | 'ready' | 'error'
  currentVersion: string
  /** The version being downloaded or ready to install. */
  version: string | null
  percent: number | null
  /** Why a restart was refused, or what failed, in words. */
  message: string | null
  releasesUrl: string | null
}

export type { EmailServiceHealth, TestEmailResult }

// ---- the desktop's own methods --------------------------------------------------------------------------

const imageFile = z.object({
  bytes: bytesSchema.refine(
    (b) => b.byteLength > 0 && b.byteLength <= 50 * 1024 * 1024,
    'Images up to 50 MB can be used.',
  ),
  name: z.string().max(500),
  type: z.string().max(100),
})

export { progressIdSchema }

export const desktopMethods = {
  ...adminMethods,
  // posts (offline-first: the admin's post operations are answered from the offline store, sent through the
  // outbox; these are the desktop's own)
  compressImage: method<CompressedImageBytes>()(z.tuple([imageFile]), {
    progress: true,
  }),
  listConflicts: method<ConflictView[]>()(z.tuple([])),
  /** Keep mine (sent over theirs), keep theirs (mine dropped), or keep both (mine saved as a copy). */
  resolveConflict: method<LocalPost | null>()(z.tuple([postIdSchema, z.enum(['mine', 'theirs', 'both'])])),
  /** Changes the server refused, with the reason in words. */
  listAttention: method<AttentionItem[]>()(z.tuple([])),
  /** Drops a refused change (the post stays as the server has it). */
  discardChange: method<void>()(z.tuple([postIdSchema])),
  // sync
  getSyncStatus: method<SyncStatus>()(z.tuple([])),
  syncNow: method<SyncStatus>()(z.tuple([])),
  // staff tools
  checkEmailService: method<EmailServiceHealth>()(z.tuple([])),
  sendTestEmail: method<TestEmailResult>()(z.tuple([z.string().max(254)])),
  // settings and platform
  getSettings: method<DesktopSettings>()(z.tuple([])),
  saveSettings: method<DesktopSettings>()(
    z.tuple([z.object({ siteUrl: z.string().trim().min(1, 'Enter the site address.').max(2000) })]),
  ),
  openExternal: method<void>()(z.tuple([z.string().max(4000)])),
  // the app's own updates
  getUpdateState: method<UpdateState>()(z.tuple([])),
  checkForUpdates: method<UpdateState>()(z.tuple([])),
  /** Installs a downloaded update; refused (with the reason) while a change is unsent or being saved. */
  restartToUpdate: method<UpdateState>()(z.tuple([])),
}

/** Pushed by main to the renderer; the preload offers `on<Name>(listener)` for each, returning an unsubscribe. */
export const desktopEvents = {
  ...adminEvents,
  onSyncStatus: { channel: 'meridian:event:sync-status', payload: undefined as unknown as SyncStatus },
  onUpdateState: { channel: 'meridian:event:update', payload: undefined as unknown as UpdateState },
}

export const channelPrefix = 'meridian:'
export const progressChannel = 'meridian:event:progress'

// ---- derived types --------------------------------------------------------------------------------------

export type DesktopMethods = typeof desktopMethods
export type DesktopMethod = keyof DesktopMethods
export type { ProgressListener }

/** The arguments main's operation receives: validated, with defaults filled in, then the listener if any. */
export type OperationArgs<M extends DesktopMethod> = DesktopMethods[M]['progress'] extends true
  ? [...z.output<DesktopMethods[M]['args']>, onProgress?: ProgressListener]
  : z.output<DesktopMethods[M]['args']>

export type MethodResult<M extends DesktopMethod> = DesktopMethods[M]['result']

/** Main's operations: one async function per method, called with validated arguments. */
export type DesktopOperations = {
  [M in DesktopMethod]: (...args: OperationArgs<M>) => Promise<MethodResult<M>>
}

/** `window.meridian`: the admin contract and the desktop's own methods (so it is an `AdminApi` as it is). */
export type DesktopApi = { readonly kind: 'desktop' } & ApiOf<DesktopMethods, typeof desktopEvents>

/** The tuple main validates: the method's arguments, then its progress id when it reports progress. */
export function wireSchema(name: DesktopMethod): z.ZodTuple {
  const spec = desktopMethods[name]
  return spec.progress ? z.tuple([...spec.args.def.items, progressIdSchema]) : spec.args
}

export function isDesktopMethod(name: string): name is DesktopMethod {
  return Object.hasOwn(desktopMethods, name)
}
