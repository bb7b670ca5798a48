import type { BlogImageFolder, PostPage } from '../data/blogs.ts'
import type { Revision, RevisionSummary } from '../data/revisions.ts'
import type { PreviewLink } from '../schemas/preview-link.ts'
import type { EmailLink } from '../data/people.ts'
import type { LeadFilters, LeadPage } from '../data/leads.ts'
import type { InsightsReport } from '../schemas/insights.ts'
import type {
  NewsletterPostStatus,
  NewsletterSendProgress,
  NewsletterSendResult,
  SubscriberPage,
  SubscriberQuery,
} from '../schemas/newsletter-send.ts'
import type { LeadRecord, LeadUpdate } from '../schemas/lead.ts'
import type { EditorRole, InviteInput, Person } from '../schemas/people.ts'
import type { AdminStatusFilter, BlogInput, BlogListItem, BlogRow } from '../schemas/blog.ts'

/**
 * What the admin components need from the outside world. The site implements it over supabase-js
 * (`site/src/features/blog/web-blog-store.ts`), the desktop over IPC to its main process. Every method
 * rejects with an `Error` whose message a person can act on (shown in the status line).
 */

/** The signed-in editor. */
export interface AdminSession {
  userId: string
  email: string
  /** What they may do (row-level security enforces it); absent where a page does not need it. */
  role?: EditorRole
}

/** Sign-in for editors (email + password through Supabase auth). */
export interface AdminAuth {
  getSession(): Promise<AdminSession | null>
  signIn(email: string, password: string): Promise<AdminSession>
  signOut(): Promise<void>
  /** Called on sign-in, sign-out and session expiry; returns an unsubscribe function. */
  onAuthChange(listener: (session: AdminSession | null) => void): () => void
  /**
   * Mails a password reset link ("Forgot password?"). Resolves alike whether or not the address has an
   * account; rejects only when the request failed (rate limit, network).
   */
  requestPasswordReset?(email: string): Promise<void>
  /** Uses an invite or reset link from a mail (once) and sets the password; signs the person in. */
  acceptEmailLink?(link: EmailLink, password: string): Promise<AdminSession>
}

/** The People screen's seam (administrators): the browser calls the server's `/api/people`, the desktop too. */
export interface PeopleStore {
  listPeople(): Promise<Person[]>
  invitePerson(input: InviteInput): Promise<Person>
  changePersonRole(userId: string, role: EditorRole): Promise<Person>
  removePerson(userId: string): Promise<void>
}

export interface AdminListQuery {
  /** Case-insensitive substring of title, slug or author ('' for all). */
  search: string
  /** Oldest first when true. */
  ascending: boolean
  /** Published (live), scheduled for later, drafts, or every post. */
  status: AdminStatusFilter
  /** 1-based. */
  page: number
  pageSize: number
}

/**
 * Create refuses an existing slug; update names the post being edited and the version the edit started
 * from, so a save that lost a race is refused with a `PostConflictError` (shared/data/blogs.ts) carrying
 * the other copy, never written over it.
 */
export type SaveTarget = { mode: 'create' } | { mode: 'update'; id: string; version: number }

/** A post as it was when the editor looked at it (for a conditional delete). */
export interface PostVersion {
  id: string
  version: number
}

export interface UploadImageOptions {
  folder: BlogImageFolder
  /** Without the dot, e.g. "jpg". */
  extension: string
  contentType: string
  /** 0–100 for the upload itself. */
  onProgress?: (percent: number) => void
}

/** The Leads screen's seam (editors and administrators): the pipeline read and worked under RLS. */
export interface LeadsStore {
  listLeads(query: LeadFilters & { page: number }): Promise<LeadPage>
  updateLead(id: string, patch: LeadUpdate): Promise<LeadRecord>
  /** Every lead matching the filters as CSV. */
  exportLeadsCsv(filters: LeadFilters): Promise<string>
  listLeadOwners(): Promise<{ userId: string; email: string }[]>
}

/** The Insights screen's seam (editors and administrators): the counts of the last days, read under RLS. */
export interface InsightsStore {
  loadInsights(days: number): Promise<InsightsReport>
}

/**
 * The newsletter's seam: sending a post and its progress (editors and administrators, through the server),
 * and the subscriber list (read by editors, removed by administrators, under row-level security).
 */
export interface NewsletterStore {
  getNewsletterStatus(slug: string): Promise<NewsletterPostStatus>
  sendNewsletter(slug: string): Promise<NewsletterSendResult>
  sendNewsletterTest(slug: string): Promise<{ to: string }>
  listNewsletterSends(): Promise<NewsletterSendProgress[]>
  listSubscribers(query: SubscriberQuery): Promise<SubscriberPage>
  /** Every subscriber the filters match, as CSV. */
  exportSubscribersCsv(query: SubscriberQuery): Promise<string>
  removeSubscriber(id: string): Promise<void>
}

export interface BlogStore
  extends
    AdminAuth,
    Partial<PeopleStore>,
    Partial<LeadsStore>,
    Partial<InsightsStore>,
    Partial<NewsletterStore> {
  listPosts(query: AdminListQuery): Promise<PostPage<BlogListItem>>
  getBySlug(slug: string): Promise<BlogRow | null>
  save(input: BlogInput, target: SaveTarget): Promise<BlogRow>
  /** Deletes the post if nobody changed it since `version` (else a `PostConflictError`). */
  delete(post: PostVersion): Promise<void>
  /** Uploads to the images bucket and returns the public URL. */
  uploadImage(image: Blob, options: UploadImageOptions): Promise<string>
  /** A post's saved versions on the server, newest first (the database keeps the last 100). */
  listRevisions(postId: string): Promise<RevisionSummary[]>
  /** One saved version with every field (null: no longer kept). */
  getRevision(id: number): Promise<Revision | null>
  /** A signed link to the post's preview that anyone can open, without signing in, until it expires. */
  createPreviewLink(postId: string): Promise<PreviewLink>
}
