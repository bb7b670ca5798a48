import type { AdminApi } from '@shared/admin/contract.ts'
import {
  createPost,
  deletePost,
  getPostBySlug,
  listPostsForAdmin,
  updatePost,
  uploadBlogImage,
} from '@shared/data/blogs.ts'
import { getBrowserSupabase, type SupabaseClient } from '@shared/data/client.ts'
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
import { createPreviewLink } from '@shared/data/preview-links.ts'
import { getRevision, listRevisions } from '@shared/data/revisions.ts'
import type { SiteApi } from '@shared/data/site-api.ts'
import {
  changePersonRole,
  invitePerson,
  listLeadOwners,
  listPeople,
  removePerson,
} from '@shared/data/people.ts'
import { createBrowserEditorSession } from './browser-editor-session.ts'

/**
 * The admin contract (`shared/admin/contract.ts`) in the browser: supabase-js, against hosted Supabase or the
 * embedded backend, and the site's own `/api` for what needs the server. Row-level security decides what an
 * editor may do; this only forwards calls and shapes errors.
 */
export function createWebAdminApi(): AdminApi {
  const client = getBrowserSupabase
  const editor = createBrowserEditorSession(client)
  const siteApi = async (signIn = 'Your session has ended. Sign in again.'): Promise<SiteApi> => {
    const accessToken = await editor.accessToken()
    if (!accessToken) throw new Error(signIn)
    return { baseUrl: '', accessToken }
  }
  // Most operations are a data module's call with the editor's client (or the site's /api) put first.
  const withClient =
    <A extends unknown[], R>(call: (supabase: SupabaseClient, ...args: A) => Promise<R>) =>
    async (...args: A) =>
      call(await client(), ...args)
  const withSiteApi =
    <A extends unknown[], R>(call: (api: SiteApi, ...args: A) => Promise<R>) =>
    async (...args: A) =>
      call(await siteApi(), ...args)

  return {
    getSession: editor.getSession,
    signIn: editor.signIn,
    signOut: editor.signOut,
    requestPasswordReset: editor.requestPasswordReset,
    acceptEmailLink: editor.acceptEmailLink,
    onSessionChange: editor.onSessionChange,
    async listPosts(query) {
      const page = await listPostsForAdmin(await client(), query)
      return { items: page.rows, total: page.total }
    },
    getPost: withClient(getPostBySlug),
    async savePost(input, target) {
      const supabase = await client()
      return target.mode === 'create'
        ? createPost(supabase, input)
        : updatePost(supabase, input, { id: target.id, version: target.version })
    },
    async deletePost(id, version) {
      return deletePost(await client(), { id, version })
    },
    async uploadImage(image, folder, onProgress?: (percent: number) => void) {
      // fetch() reports no upload progress: the bar moves from the start to the end of the request.
      onProgress?.(0)
      const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.contentType })
      const url = await uploadBlogImage(await client(), folder, blob, image.extension, image.contentType)
      onProgress?.(100)
      return { url, pending: false }
    },
    listRevisions: withClient(listRevisions),
    getRevision: withClient(getRevision),
    async createPreviewLink(request) {
      return createPreviewLink(await siteApi('Sign in to share a preview.'), request)
    },
    async listLeads(query) {
      return listLeads(await client(), { ...query, pageSize: 20 })
    },
    updateLead: withClient(updateLead),
    async exportLeadsCsv(filters) {
      const supabase = await client()
      const [leads, owners] = await Promise.all([listAllLeads(supabase, filters), listLeadOwners(supabase)])
      return leadsToCsv(leads, Object.fromEntries(owners.map((o) => [o.userId, o.email])))
    },
    listLeadOwners: withClient(listLeadOwners),
    loadInsights: withClient(loadInsights),
    listPeople: withSiteApi(listPeople),
    invitePerson: withSiteApi(invitePerson),
    changePersonRole: withSiteApi(changePersonRole),
    removePerson: withSiteApi(removePerson),
    getNewsletterStatus: withSiteApi(getNewsletterStatus),
    sendNewsletter: withSiteApi(sendNewsletter),
    sendNewsletterTest: withSiteApi(sendNewsletterTest),
    listNewsletterSends: withSiteApi(listNewsletterSends),
    listSubscribers: withClient(listSubscribers),
    exportSubscribersCsv: withClient(exportSubscribersCsv),
    removeSubscriber: withClient(removeSubscriber),
  }
}
