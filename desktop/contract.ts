import { z } from 'zod'
import {
  adminStatusFilters,
  blogInputSchema,
  type BlogFields,
  type BlogListItem,
  type BlogRow,
} from '../shared/schemas/blog.ts'
import { leadStatuses, leadUpdateSchema, type LeadRecord } from '../shared/schemas/lead.ts'
import type { InsightsReport } from '../shared/schemas/insights.ts'
import { editorRoleSchema, inviteSchema, type EditorRole, type Person } from '../shared/schemas/people.ts'
import { previewLinkRequestSchema, type PreviewLink } from '../shared/schemas/preview-link.ts'
import {
  newsletterSendRequestSchema,
  subscriberQuerySchema,
  type NewsletterPostStatus,
  type NewsletterSendProgress,
  type NewsletterSendResult,
  type SubscriberPage,
} from '../shared/schemas/newsletter-send.ts'
import type { Revision, RevisionSummary } from '../shared/data/revisions.ts'
import type { EmailServiceHealth, TestEmailResult } from './main/services/email-test.ts'

/**
 * The desktop seam, declared once: every method `window.meridian` offers, the zod schema of its arguments
 * as they cross IPC, and its result type. Main's handlers (`main/api-handlers.ts`), the preload (which
 * forwards every argument of every method it finds here), the renderer's `DesktopApi` type and the test
 * harness are all derived from this object. No Electron in here.
 *
 * A method marked `progress` takes an `onProgress(percent)` listener as its last argument in the renderer;
 * functions cannot cross IPC, so the preload sends a progress id in its place and main reports on
 * `events.progress` under that id.
 */

// ---- shared shapes --------------------------------------------------------------------------------------

/** A post's editable fields as the desktop sends them (the admin form's output). */
export type PostInput = BlogFields

/** How a post stands on this computer. */
export type PostSyncState = 'synced' | 'pending' | 'conflict' | 'attention'

/**
 * A post as the editor sees it on the desktop: the server copy with any local change laid over it.
 * `version` is the server version the local copy builds on (0: never on the server).
 */
export type LocalPost = BlogRow & { syncState: PostSyncState }

/** As in the browser admin: create refuses a slug in use; update names the post and the version it started from. */
export type SaveTarget = { mode: 'create' } | { mode: 'update'; id: string; version: number }

/** The post list's query: search, order, status filter and page (the schema `listQuery` below). */
export type ListQuery = z.input<typeof listQuery>

/** A row of the post list: the list columns (no bodies) and the sync state. */
export type LocalListItem = BlogListItem & { syncState: PostSyncState }

export interface PostList {
  items: LocalListItem[]
  total: number
}

/** An edit that lost a race with someone else's: both versions, for the editor to choose. */
export interface ConflictView {
  postId: string
  /** The editor's version (null: the editor deleted the post). */
  mine: PostInput | null
  /** The server's version (null: deleted on the server). */
  theirs: BlogRow | null
  detectedAt: string
}

/** Why the server refused a change, in words; the change waits here until it is edited or discarded. */
export type AttentionReason = 'slug_taken' | 'not_allowed' | 'invalid_input'

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

export interface EditorSession {
  signedIn: boolean
  email: string | null
  userId: string | null
  /** What the editor may do (row-level security enforces it); remembered for offline use. */
  role?: EditorRole | null
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

export type { EmailServiceHealth, TestEmailResult }

// ---- argument schemas -----------------------------------------------------------------------------------

const postId = z.string().trim().min(1).max(200)
const slug = z.string().trim().min(1).max(200)
const imageFile = z.object({
  bytes: z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength > 0 && b.byteLength <= 50 * 1024 * 1024, 'Images up to 50 MB can be used.'),
  name: z.string().max(500),
  type: z.string().max(100),
})
const compressedImage = z.object({
  bytes: z
    .instanceof(Uint8Array)
    .refine(
      (b) => b.byteLength > 0 && b.byteLength <= 10 * 1024 * 1024,
      'Compressed images up to 10 MB can be uploaded.',
    ),
  extension: z.string().regex(/^[a-z0-9]{1,5}$/, 'Unsupported file extension.'),
  contentType: z.string().regex(/^image\/[a-z0-9.+-]+$/, 'The file given is not an image'),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
})
const version = z.number().int().min(0)
const saveTarget = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create') }),
  z.object({ mode: z.literal('update'), id: postId, version }),
])

/** A progress listener's id on the wire. */
export const progressIdSchema = z.string().max(100).optional()

/** Declares one method: its result type, then its arguments (a tuple) and whether it reports progress. */
function method<Result>() {
  return <Args extends z.ZodTuple, Progress extends boolean = false>(
    args: Args,
    options: { progress?: Progress } = {},
  ) => ({
    args,
    progress: (options.progress ?? false) as Progress,
    result: undefined as unknown as Result,
  })
}

const listQuery = z.object({
  search: z.string().max(200).optional(),
  ascending: z.boolean().optional(),
  /** As the browser admin's filter: published (live), scheduled for later, drafts, or all. */
  status: z.enum(adminStatusFilters).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
})

const leadQuery = z.object({
  search: z.string().max(200).optional(),
  status: z.enum([...leadStatuses, 'all']).optional(),
  owner: z.string().max(100).optional(),
})

export const desktopMethods = {
  // posts (offline-first: answered from the offline store, sent through the outbox)
  listPosts: method<PostList>()(z.tuple([listQuery])),
  getPost: method<LocalPost | null>()(z.tuple([slug])),
  savePost: method<LocalPost>()(z.tuple([blogInputSchema, saveTarget])),
  /** Deletes the post `id` as it was at `version` (0: a post that never reached the server). */
  deletePost: method<void>()(z.tuple([postId, version])),
  /** Queues already-compressed bytes for `images/{folder}/{timestamp}.{extension}`; the URL comes back at once. */
  uploadImage: method<UploadedImage>()(z.tuple([compressedImage, z.enum(['blog-covers', 'blog-content'])]), {
    progress: true,
  }),
  compressImage: method<CompressedImageBytes>()(z.tuple([imageFile]), { progress: true }),
  listConflicts: method<ConflictView[]>()(z.tuple([])),
  /** Keep mine (sent over theirs), keep theirs (mine dropped), or keep both (mine saved as a copy). */
  resolveConflict: method<LocalPost | null>()(z.tuple([postId, z.enum(['mine', 'theirs', 'both'])])),
  /** Changes the server refused, with the reason in words. */
  listAttention: method<AttentionItem[]>()(z.tuple([])),
  /** Drops a refused change (the post stays as the server has it). */
  discardChange: method<void>()(z.tuple([postId])),
  // history and sharing (read from the server: they need a connection)
  /** A post's saved versions on the server, newest first. */
  listRevisions: method<RevisionSummary[]>()(z.tuple([postId])),
  getRevision: method<Revision | null>()(z.tuple([z.number().int().min(1)])),
  /** A signed, expiring link to the post's preview that anyone can open without signing in. */
  createPreviewLink: method<PreviewLink>()(z.tuple([previewLinkRequestSchema])),
  // session
  getSession: method<EditorSession>()(z.tuple([])),
  signIn: method<EditorSession>()(
    z.tuple([
      z.string().trim().min(1, 'Enter your email.').max(254),
      z.string().min(1, 'Enter your password.').max(1000),
    ]),
  ),
  signOut: method<EditorSession>()(z.tuple([])),
  // sync
  getSyncStatus: method<SyncStatus>()(z.tuple([])),
  syncNow: method<SyncStatus>()(z.tuple([])),
  // staff tools
  listLeads: method<LeadList>()(
    z.tuple([leadQuery.extend({ page: z.number().int().min(1).max(100_000).optional() })]),
  ),
  /** Status, notes or owner of a lead (editors and administrators). */
  updateLead: method<LeadRecord>()(z.tuple([z.string().uuid(), leadUpdateSchema])),
  /** Every lead the filters match, as CSV. */
  exportLeadsCsv: method<string>()(z.tuple([leadQuery])),
  listLeadOwners: method<{ userId: string; email: string }[]>()(z.tuple([])),
  /** The Insights report of the last days (editors and administrators). */
  loadInsights: method<InsightsReport>()(z.tuple([z.number().int().min(1).max(366)])),
  checkEmailService: method<EmailServiceHealth>()(z.tuple([])),
  // people (administrators; the site's /api/people does the service-role parts) and password resets
  listPeople: method<Person[]>()(z.tuple([])),
  invitePerson: method<Person>()(z.tuple([inviteSchema])),
  changePersonRole: method<Person>()(z.tuple([z.string().uuid(), editorRoleSchema])),
  removePerson: method<void>()(z.tuple([z.string().uuid()])),
  /** Mails a reset link for the account; the same answer whether or not it exists. */
  requestPasswordReset: method<void>()(z.tuple([z.string().trim().max(254)])),
  sendTestEmail: method<TestEmailResult>()(z.tuple([z.string().max(254)])),
  // the newsletter (through the site: it sends, and holds the service role)
  /** How many would receive the post now, and its send if it went out already. */
  getNewsletterStatus: method<NewsletterPostStatus>()(z.tuple([newsletterSendRequestSchema.shape.slug])),
  /** Sends a published post to every confirmed subscriber, once per post. */
  sendNewsletter: method<NewsletterSendResult>()(z.tuple([newsletterSendRequestSchema.shape.slug])),
  /** The post as readers will get it, to the signed-in editor alone. */
  sendNewsletterTest: method<{ to: string }>()(z.tuple([newsletterSendRequestSchema.shape.slug])),
  listNewsletterSends: method<NewsletterSendProgress[]>()(z.tuple([])),
  listSubscribers: method<SubscriberPage>()(z.tuple([subscriberQuerySchema.partial()])),
  exportSubscribersCsv: method<string>()(z.tuple([subscriberQuerySchema.partial()])),
  /** Removes an address from the list for good (administrators). */
  removeSubscriber: method<void>()(z.tuple([z.string().uuid()])),
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
  onSyncStatus: { channel: 'meridian:event:sync-status', payload: undefined as unknown as SyncStatus },
  onSessionChange: { channel: 'meridian:event:session', payload: undefined as unknown as EditorSession },
  onUpdateState: { channel: 'meridian:event:update', payload: undefined as unknown as UpdateState },
}

export const channelPrefix = 'meridian:'
export const progressChannel = 'meridian:event:progress'

// ---- derived types --------------------------------------------------------------------------------------

export type DesktopMethods = typeof desktopMethods
export type DesktopMethod = keyof DesktopMethods
export type ProgressListener = (percent: number) => void

/** The arguments a renderer passes: the schema's input, plus the progress listener where the method has one. */
export type MethodArgs<M extends DesktopMethod> = DesktopMethods[M]['progress'] extends true
  ? [...z.input<DesktopMethods[M]['args']>, ProgressListener | undefined] | z.input<DesktopMethods[M]['args']>
  : z.input<DesktopMethods[M]['args']>

/** The arguments main's handler receives: validated, with defaults filled in, then the progress id if any. */
export type HandlerArgs<M extends DesktopMethod> = DesktopMethods[M]['progress'] extends true
  ? [...z.output<DesktopMethods[M]['args']>, string | undefined]
  : z.output<DesktopMethods[M]['args']>

export type MethodResult<M extends DesktopMethod> = DesktopMethods[M]['result']

type Events = typeof desktopEvents
export type DesktopApi = { readonly kind: 'desktop' } & {
  [M in DesktopMethod]: (...args: MethodArgs<M>) => Promise<MethodResult<M>>
} & {
  [E in keyof Events]: (listener: (payload: Events[E]['payload']) => void) => () => void
}

/** The tuple main validates: the method's arguments, then its progress id when it reports progress. */
export function wireSchema(name: DesktopMethod): z.ZodTuple {
  const spec = desktopMethods[name]
  return spec.progress ? z.tuple([...spec.args.def.items, progressIdSchema]) : spec.args
}

export function isDesktopMethod(name: string): name is DesktopMethod {
  return Object.hasOwn(desktopMethods, name)
}
