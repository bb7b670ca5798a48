import type { AdminSession, BlogStore } from '@shared/admin/blog-store.ts'
import {
  createPost,
  deletePost,
  getPostBySlug,
  listPostsForAdmin,
  updatePost,
  uploadBlogImage,
} from '@shared/data/blogs.ts'
import { adminPath } from '@shared/config/brand.ts'
import { getBrowserSupabase, type Session, type SupabaseClient } from '@shared/data/client.ts'
import { signInErrorMessage } from '@shared/data/editor-access.ts'
import { leadsToCsv, listAllLeads, listLeads, updateLead } from '@shared/data/leads.ts'
import { loadInsights } from '@shared/data/insights.ts'
import {
  getNewsletterStatus,
  listNewsletterSends,
  sendNewsletter,
  sendNewsletterTest,
} from '@shared/data/newsletter-api.ts'
import {
  exportSubscribersCsv,
  listSubscribers,
  removeSubscriber,
} from '@shared/data/newsletter-subscribers.ts'
import { getRevision, listRevisions } from '@shared/data/revisions.ts'
import { previewLinkSchema } from '@shared/schemas/preview-link.ts'
import {
  changePersonRole,
  getEditorRole,
  invitePerson,
  listLeadOwners,
  listPeople,
  removePerson,
  requestPasswordReset,
  setOwnPassword,
  verifyEmailLink,
  type EditorRole,
  type PeopleApi,
} from '@shared/data/people.ts'

function toAdminSession(session: Session | null, role?: EditorRole | null): AdminSession | null {
  if (!session?.user) return null
  return { userId: session.user.id, email: session.user.email ?? '', ...(role ? { role } : {}) }
}

const notAnEditor = 'This account is not an editor. Ask an administrator to add it to the editors.'

/**
 * The site's `BlogStore`: supabase-js in the browser, against hosted Supabase or the embedded backend.
 * Row-level security decides what an editor may do; this only forwards calls and shapes errors.
 */
export function createWebBlogStore(): BlogStore {
  const client = getBrowserSupabase
  const listeners = new Set<(session: AdminSession | null) => void>()
  const notify = (session: AdminSession | null) => listeners.forEach((listener) => listener(session))
  // While a sign-in is being checked for editor access, supabase's own SIGNED_IN/SIGNED_OUT events are held
  // back: the admin must not flash open for an account that is about to be refused.
  let checkingSignIn = false
  // The role of the signed-in person, asked once per sign-in (token refreshes do not change it).
  let knownRole: { userId: string; role: EditorRole | null } | null = null
  const roleOf = async (supabase: SupabaseClient, session: Session | null) => {
    if (!session?.user) return null
    if (knownRole?.userId !== session.user.id)
      knownRole = { userId: session.user.id, role: await getEditorRole(supabase) }
    return knownRole.role
  }
  const withRole = async (supabase: SupabaseClient, session: Session | null) =>
    toAdminSession(session, await roleOf(supabase, session).catch(() => null))
  let subscribed: Promise<void> | null = null
  const subscribe = () =>
    (subscribed ??= client().then((supabase) => {
      supabase.auth.onAuthStateChange((_event, session) => {
        if (checkingSignIn) return
        if (!session) {
          knownRole = null
          notify(null)
          return
        }
        // Out of the callback: supabase-js holds its auth lock while it runs, and the role needs a request.
        setTimeout(() => {
          void withRole(supabase, session).then((s) => {
            if (!checkingSignIn) notify(s)
          })
        }, 0)
      })
    }))
  // Links already used in this tab: if setting the password failed after the link signed the person in,
  // trying again sets the password without using the (now spent) link a second time.
  const usedLinks = new Set<string>()
  const peopleApi = async (): Promise<PeopleApi> => {
    const { data } = await (await client()).auth.getSession()
    if (!data.session) throw new Error('Your session has ended. Sign in again.')
    return { baseUrl: '', accessToken: data.session.access_token }
  }

  return {
    async getSession() {
      const supabase = await client()
      const { data, error } = await supabase.auth.getSession()
      if (error) throw new Error(error.message)
      return withRole(supabase, data.session)
    },
    async signIn(email, password) {
      const supabase = await client()
      checkingSignIn = true
      try {
        const { data, error } = await supabase.auth.signInWithPassword({ email, password })
        if (error) throw new Error(signInErrorMessage(error))
        if (!data.session) throw new Error('Sign-in did not return a session.')
        // Any account can sign in, but only editors may write (RLS): say so now rather than on the first save.
        knownRole = null
        const session = await withRole(supabase, data.session)
        if (!session?.role) {
          await supabase.auth.signOut()
          throw new Error(notAnEditor)
        }
        checkingSignIn = false
        notify(session)
        return session
      } finally {
        checkingSignIn = false
      }
    },
    async requestPasswordReset(email) {
      await requestPasswordReset(await client(), email, `${window.location.origin}${adminPath}`)
    },
    async acceptEmailLink(link, password) {
      const supabase = await client()
      checkingSignIn = true
      try {
        if (!usedLinks.has(link.tokenHash)) {
          await verifyEmailLink(supabase, link)
          usedLinks.add(link.tokenHash)
        }
        await setOwnPassword(supabase, password)
        const { data } = await supabase.auth.getSession()
        knownRole = null
        const session = await withRole(supabase, data.session)
        if (!session) throw new Error('The link did not sign you in. Ask for a new one.')
        if (!session.role) {
          await supabase.auth.signOut()
          throw new Error(notAnEditor)
        }
        checkingSignIn = false
        notify(session)
        return session
      } finally {
        checkingSignIn = false
      }
    },
    async listLeads(query) {
      return listLeads(await client(), { ...query, pageSize: 20 })
    },
    async updateLead(id, patch) {
      return updateLead(await client(), id, patch)
    },
    async exportLeadsCsv(filters) {
      const supabase = await client()
      const [leads, owners] = await Promise.all([listAllLeads(supabase, filters), listLeadOwners(supabase)])
      return leadsToCsv(leads, Object.fromEntries(owners.map((o) => [o.userId, o.email])))
    },
    async listLeadOwners() {
      return listLeadOwners(await client())
    },
    async loadInsights(days) {
      return loadInsights(await client(), days)
    },
    async listPeople() {
      return listPeople(await peopleApi())
    },
    async invitePerson(input) {
      return invitePerson(await peopleApi(), input)
    },
    async changePersonRole(userId, role) {
      return changePersonRole(await peopleApi(), userId, role)
    },
    async removePerson(userId) {
      return removePerson(await peopleApi(), userId)
    },
    async getNewsletterStatus(slug) {
      return getNewsletterStatus(await peopleApi(), slug)
    },
    async sendNewsletter(slug) {
      return sendNewsletter(await peopleApi(), slug)
    },
    async sendNewsletterTest(slug) {
      return sendNewsletterTest(await peopleApi(), slug)
    },
    async listNewsletterSends() {
      return listNewsletterSends(await peopleApi())
    },
    async listSubscribers(query) {
      return listSubscribers(await client(), query)
    },
    async exportSubscribersCsv(query) {
      return exportSubscribersCsv(await client(), query)
    },
    async removeSubscriber(id) {
      return removeSubscriber(await client(), id)
    },
    async signOut() {
      const { error } = await (await client()).auth.signOut()
      if (error) throw new Error(error.message)
    },
    onAuthChange(listener) {
      listeners.add(listener)
      void subscribe().catch(() => listener(null))
      return () => {
        listeners.delete(listener)
      }
    },
    async listPosts(query) {
      return listPostsForAdmin(await client(), query)
    },
    async getBySlug(slug) {
      return getPostBySlug(await client(), slug)
    },
    async save(input, target) {
      const supabase = await client()
      return target.mode === 'create'
        ? createPost(supabase, input)
        : updatePost(supabase, input, { id: target.id, version: target.version })
    },
    async delete(post) {
      return deletePost(await client(), post)
    },
    async uploadImage(image, options) {
      // fetch() reports no upload progress: the bar moves from the start to the end of the request.
      options.onProgress?.(0)
      const url = await uploadBlogImage(
        await client(),
        options.folder,
        image,
        options.extension,
        options.contentType,
      )
      options.onProgress?.(100)
      return url
    },
    async listRevisions(postId) {
      return listRevisions(await client(), postId)
    },
    async getRevision(id) {
      return getRevision(await client(), id)
    },
    async createPreviewLink(postId) {
      const { data } = await (await client()).auth.getSession()
      const token = data.session?.access_token
      if (!token) throw new Error('Sign in to share a preview.')
      const res = await fetch('/api/preview-links', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ postId }),
      })
      const body = (await res.json().catch(() => null)) as { message?: string } | null
      if (!res.ok) throw new Error(body?.message ?? `The server answered ${res.status}.`)
      return previewLinkSchema.parse(body)
    },
  }
}
