import { z } from 'zod'
import type { BlogRefusal } from '../data/blogs.ts'
import type { LeadPage } from '../data/leads.ts'
import type { Revision, RevisionSummary } from '../data/revisions.ts'
import { adminStatusFilters, blogInputSchema, type BlogListItem, type BlogRow } from '../schemas/blog.ts'
import type { InsightsReport } from '../schemas/insights.ts'
import { leadStatuses, leadUpdateSchema, type LeadRecord } from '../schemas/lead.ts'
import {
  newsletterSendRequestSchema,
  subscriberQuerySchema,
  type NewsletterPostStatus,
  type NewsletterSendProgress,
  type NewsletterSendResult,
  type SubscriberPage,
} from '../schemas/newsletter-send.ts'
import { editorRoleSchema, inviteSchema, type EditorSession, type Person } from '../schemas/people.ts'
import { previewLinkRequestSchema, type PreviewLink } from '../schemas/preview-link.ts'
import {
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookIdSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../schemas/webhooks.ts'

/**
 * The admin operations, declared once: every method the admin components call, the zod schema of its
 * arguments and its result type. `operations.ts` implements them once over supabase-js and the site's /api:
 * the browser uses that as it is; the desktop app declares this table plus its own methods
 * (`desktop/contract.ts`), from which its main process, generated preload, renderer types and test bridges
 * derive, and its main process lays its offline engine's own operations over the shared ones. Every method
 * rejects with an `Error` whose message a person can act on.
 *
 * A method marked `progress` takes an `onProgress(percent)` listener as its last argument; functions cannot
 * cross the desktop's IPC, so its preload sends a progress id in its place.
 */

// ---- shapes ---------------------------------------------------------------------------------------------

/** How a post stands on the desktop's computer (the browser writes straight to the server: no state). */
export type PostSyncState = 'synced' | 'pending' | 'conflict' | 'attention'

/** A post as the editor sees it: on the desktop, the server copy with any local change laid over it. */
export type AdminPost = BlogRow & { syncState?: PostSyncState }

/** A row of the post list: the list columns (no bodies), and the sync state on the desktop. */
export type AdminListItem = BlogListItem & { syncState?: PostSyncState }

export interface PostList {
  items: AdminListItem[]
  total: number
}

/** The post list's query: search, order, status filter and page (the schema `listQuery` below). */
export type ListQuery = z.input<typeof listQuery>

/**
 * Create refuses a slug in use; update names the post and the version the edit started from, so a save that
 * lost a race is refused with a `PostConflictError` (shared/data/blogs.ts) carrying the other copy.
 */
export type SaveTarget = z.output<typeof saveTarget>

/** Why the server refused a change to a post, in a word (the words for people come with it). */
export type { BlogRefusal }

/** The signed-in editor, or nobody (`signedIn: false`). */
export type { EditorSession }

/** Image bytes ready for the images bucket (compressed, or a GIF or icon as it was). */
export interface CompressedImageBytes {
  bytes: Uint8Array
  extension: string
  contentType: string
  width: number
  height: number
}

export interface UploadedImage {
  url: string
  /** True while the bytes wait in the desktop's outbox (offline); the URL becomes live once they are sent. */
  pending: boolean
}

export type { LeadPage }

// ---- argument schemas -----------------------------------------------------------------------------------

/** Bytes of any backing buffer (Node's Buffer too): the class check is Uint8Array's. */
export const bytesSchema = z.instanceof(Uint8Array as new () => Uint8Array)

export const postIdSchema = z.string().trim().min(1).max(200)
const slug = z.string().trim().min(1).max(200)
const version = z.number().int().min(0)
const saveTarget = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create') }),
  z.object({ mode: z.literal('update'), id: postIdSchema, version }),
])
export const compressedImageSchema = z.object({
  bytes: bytesSchema.refine(
    (b) => b.byteLength > 0 && b.byteLength <= 10 * 1024 * 1024,
    'Compressed images up to 10 MB can be uploaded.',
  ),
  extension: z.string().regex(/^[a-z0-9]{1,5}$/, 'Unsupported file extension.'),
  contentType: z.string().regex(/^image\/[a-z0-9.+-]+$/, 'The file given is not an image'),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
})
const listQuery = z.object({
  search: z.string().max(200).optional(),
  ascending: z.boolean().optional(),
  /** Published (live), scheduled for later, drafts, or all. */
  status: z.enum(adminStatusFilters).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
})
export const leadQuerySchema = z.object({
  search: z.string().max(200).optional(),
  status: z.enum([...leadStatuses, 'all']).optional(),
  owner: z.string().max(100).optional(),
})
const emailLink = z.object({
  tokenHash: z.string().min(1).max(500),
  type: z.enum(['invite', 'recovery']),
})

/** A progress listener's id on the wire. */
export const progressIdSchema = z.string().max(100).optional()

/** Declares one method: its result type, then its arguments (a tuple) and whether it reports progress. */
export function method<Result>() {
  return <Args extends z.ZodTuple, Progress extends boolean = false>(
    args: Args,
    options: { progress?: Progress } = {},
  ) => ({
    args,
    progress: (options.progress ?? false) as Progress,
    result: undefined as unknown as Result,
  })
}

export const adminMethods = {
  // posts
  listPosts: method<PostList>()(z.tuple([listQuery])),
  getPost: method<AdminPost | null>()(z.tuple([slug])),
  savePost: method<AdminPost>()(z.tuple([blogInputSchema, saveTarget])),
  /** Deletes the post `id` if nobody changed it since `version` (else a `PostConflictError`). */
  deletePost: method<void>()(z.tuple([postIdSchema, version])),
  /** Stores the bytes as `images/{folder}/{timestamp}.{extension}` and answers with the public URL. */
  uploadImage: method<UploadedImage>()(
    z.tuple([compressedImageSchema, z.enum(['blog-covers', 'blog-content'])]),
    { progress: true },
  ),
  // history and sharing
  /** A post's saved versions on the server, newest first (the database keeps the last 100). */
  listRevisions: method<RevisionSummary[]>()(z.tuple([postIdSchema])),
  /** One saved version with every field (null: no longer kept). */
  getRevision: method<Revision | null>()(z.tuple([z.number().int().min(1)])),
  /** A signed, expiring link to the post's preview that anyone can open without signing in. */
  createPreviewLink: method<PreviewLink>()(z.tuple([previewLinkRequestSchema])),
  // session
  getSession: method<EditorSession>()(z.tuple([])),
  /** Signs in an editor; anyone else is signed out again and refused in words. */
  signIn: method<EditorSession>()(
    z.tuple([
      z.string().trim().min(1, 'Enter your email.').max(254),
      z.string().min(1, 'Enter your password.').max(1000),
    ]),
  ),
  signOut: method<EditorSession>()(z.tuple([])),
  /** Mails a reset link for the account; the same answer whether or not it exists. */
  requestPasswordReset: method<void>()(z.tuple([z.string().trim().max(254)])),
  /** Uses an invite or reset link from a mail (once), sets the password and signs the editor in. */
  acceptEmailLink: method<EditorSession>()(z.tuple([emailLink, z.string().min(1).max(1000)])),
  // leads and insights (editors and administrators)
  listLeads: method<LeadPage>()(
    z.tuple([leadQuerySchema.extend({ page: z.number().int().min(1).max(100_000).optional() })]),
  ),
  /** Status, notes or owner of a lead. */
  updateLead: method<LeadRecord>()(z.tuple([z.string().uuid(), leadUpdateSchema])),
  /** Every lead the filters match, as CSV. */
  exportLeadsCsv: method<string>()(z.tuple([leadQuerySchema])),
  listLeadOwners: method<{ userId: string; email: string }[]>()(z.tuple([])),
  /** The Insights report of the last days. */
  loadInsights: method<InsightsReport>()(z.tuple([z.number().int().min(1).max(366)])),
  // people (administrators; the site's /api/people does the service-role parts)
  listPeople: method<Person[]>()(z.tuple([])),
  invitePerson: method<Person>()(z.tuple([inviteSchema])),
  changePersonRole: method<Person>()(z.tuple([z.string().uuid(), editorRoleSchema])),
  removePerson: method<void>()(z.tuple([z.string().uuid()])),
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
  // webhooks (through the site's /api/webhooks: administrators change them, editors read the log)
  listWebhooks: method<WebhookEndpoint[]>()(z.tuple([])),
  /** Adds an endpoint; the answer carries its signing secret, shown this once. */
  addWebhook: method<WebhookEndpointWithSecret>()(z.tuple([webhookEndpointInputSchema])),
  /** Changes an endpoint (`enabled: false` pauses it). */
  updateWebhook: method<WebhookEndpoint>()(z.tuple([webhookIdSchema, webhookEndpointPatchSchema])),
  removeWebhook: method<void>()(z.tuple([webhookIdSchema])),
  sendWebhookTest: method<{ deliveryId: string }>()(z.tuple([webhookIdSchema])),
  /** A new signing secret (shown this once); the previous one keeps signing for 24 hours. */
  rotateWebhookSecret: method<WebhookEndpointWithSecret>()(z.tuple([webhookIdSchema])),
  /** An endpoint's latest deliveries with each attempt. */
  listWebhookDeliveries: method<WebhookDelivery[]>()(z.tuple([webhookIdSchema])),
  /** Sends a delivery again with the same webhook-id. */
  resendWebhookDelivery: method<void>()(z.tuple([webhookIdSchema])),
}

/** Pushed to the admin: `on<Name>(listener)` for each, returning an unsubscribe. */
export const adminEvents = {
  /** Sign-in, sign-out, a role learnt, a session that ended. */
  onSessionChange: { channel: 'meridian:event:session', payload: undefined as unknown as EditorSession },
}

// ---- derived types --------------------------------------------------------------------------------------

/** A method table as `adminMethods` is one. */
export type MethodTable = Record<string, { args: z.ZodTuple; progress: boolean; result: unknown }>
export type EventTable = Record<string, { channel: string; payload: unknown }>
export type ProgressListener = (percent: number) => void

/** The arguments a caller passes: the schema's input, plus the progress listener where the method has one. */
export type CallArgs<T extends MethodTable, M extends keyof T> = T[M]['progress'] extends true
  ? [...z.input<T[M]['args']>, ProgressListener | undefined] | z.input<T[M]['args']>
  : z.input<T[M]['args']>

/** The object a method table and its events describe: one async function per method, one `on…` per event. */
export type ApiOf<T extends MethodTable, E extends EventTable> = {
  [M in keyof T]: (...args: CallArgs<T, M>) => Promise<T[M]['result']>
} & {
  [K in keyof E]: (listener: (payload: E[K]['payload']) => void) => () => void
}

/** What the admin components are given (`AdminProvider`): the browser's and the desktop's alike. */
export type AdminApi = ApiOf<typeof adminMethods, typeof adminEvents>

/** The sign-in part alone, for pages that need nothing else (`/test-email`). */
export type EditorAuthApi = Pick<
  AdminApi,
  'getSession' | 'signIn' | 'signOut' | 'requestPasswordReset' | 'acceptEmailLink' | 'onSessionChange'
>
