import { adminPath } from '../config/brand.ts'
import {
  createPost,
  deletePost,
  getPostBySlug,
  listPostsForAdmin,
  updatePost,
  uploadBlogImage,
} from '../data/blogs.ts'
import type { SupabaseClient } from '../data/client.ts'
import { loadInsights } from '../data/insights.ts'
import { leadsToCsv, listAllLeads, listLeads, updateLead } from '../data/leads.ts'
import {
  getNewsletterStatus,
  listNewsletterSends,
  sendNewsletter,
  sendNewsletterTest,
} from '../data/newsletter-api.ts'
import { exportSubscribersCsv, listSubscribers, removeSubscriber } from '../data/newsletter-subscribers.ts'
import {
  changePersonRole,
  invitePerson,
  listLeadOwners,
  listPeople,
  removePerson,
  requestPasswordReset,
} from '../data/people.ts'
import { createPreviewLink } from '../data/preview-links.ts'
import { getRevision, listRevisions } from '../data/revisions.ts'
import type { SiteApi } from '../data/site-api.ts'
import {
  addWebhookEndpoint,
  changeWebhookEndpoint,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  removeWebhookEndpoint,
  resendWebhook,
  rotateWebhookEndpointSecret,
  sendWebhookTest,
} from '../data/webhooks.ts'
import type { AdminApi, EditorAuthApi } from './contract.ts'

/** The signed-in editor as each surface keeps it (the sign-in itself, and the token the site's /api wants). */
export type EditorSessionOps = Omit<EditorAuthApi, 'requestPasswordReset'> & {
  /** The signed-in editor's access token (null: nobody signed in). */
  accessToken(): Promise<string | null>
}

export interface AdminOperationsDeps {
  /** The editor's supabase-js client; rejects in words when there is none (a desktop not connected yet). */
  client(): Promise<SupabaseClient>
  /** The site's origin: its /api for what needs the server, and the admin a reset link opens. */
  site(): Promise<string>
  session: EditorSessionOps
  /**
   * Runs a call that only the server can answer, under the name of what it reads (`History`, `Leads`, …).
   * The desktop refuses it while offline and says so in words; the browser just calls.
   */
  online?: <T>(what: string, call: () => Promise<T>, offline?: string) => Promise<T>
  /** What a caller hears when nobody is signed in, for the people screen and the newsletter. */
  signInFirst?: { people: string; newsletter: string }
}

const sessionEnded = 'Your session has ended. Sign in again.'

/**
 * Every admin operation of the contract (`contract.ts`), written once over supabase-js (the shared/data
 * modules) and the site's /api where the server must act. The browser's admin is this map as it is; the
 * desktop's main process lays its offline engine's own operations (posts, images) over it.
 */
export function createAdminOperations(deps: AdminOperationsDeps): AdminApi {
  const { client, site, session } = deps
  const online = deps.online ?? (<T>(_what: string, call: () => Promise<T>) => call())
  const signInFirst = deps.signInFirst ?? { people: sessionEnded, newsletter: sessionEnded }

  /** The site's /api as the signed-in editor. */
  const siteApi = (what: string, signIn: string): Promise<SiteApi> =>
    online(what, async () => {
      const accessToken = await session.accessToken()
      if (!accessToken) throw new Error(signIn)
      return { baseUrl: await site(), accessToken }
    })
  // Most operations are a data module's call with the editor's client (or the site's /api) put first.
  const withClient =
    <A extends unknown[], R>(what: string, call: (supabase: SupabaseClient, ...args: A) => Promise<R>) =>
    (...args: A) =>
      online(what, async () => call(await client(), ...args))
  const withSiteApi =
    <A extends unknown[], R>(what: string, signIn: string, call: (api: SiteApi, ...args: A) => Promise<R>) =>
    async (...args: A) =>
      call(await siteApi(what, signIn), ...args)
  const people = <A extends unknown[], R>(call: (api: SiteApi, ...args: A) => Promise<R>) =>
    withSiteApi('People', signInFirst.people, call)
  const newsletter = <A extends unknown[], R>(call: (api: SiteApi, ...args: A) => Promise<R>) =>
    withSiteApi('The newsletter', signInFirst.newsletter, call)
  const webhooks = <A extends unknown[], R>(call: (api: SiteApi, ...args: A) => Promise<R>) =>
    withSiteApi('Webhooks', sessionEnded, call)

  return {
    ...session,
    // posts
    async listPosts(query) {
      const page = await listPostsForAdmin(await client(), query)
      return { items: page.rows, total: page.total }
    },
    getPost: async (slug) => getPostBySlug(await client(), slug),
    async savePost(input, target) {
      const supabase = await client()
      return target.mode === 'create'
        ? createPost(supabase, input)
        : updatePost(supabase, input, { id: target.id, version: target.version })
    },
    deletePost: async (id, version) => deletePost(await client(), { id, version }),
    async uploadImage(image, folder, onProgress?: (percent: number) => void) {
      // fetch() reports no upload progress: the bar moves from the start to the end of the request.
      onProgress?.(0)
      const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.contentType })
      const url = await uploadBlogImage(await client(), folder, blob, image.extension, image.contentType)
      onProgress?.(100)
      return { url, pending: false }
    },
    // history and sharing (on the server only)
    listRevisions: withClient('History', listRevisions),
    getRevision: withClient('History', getRevision),
    createPreviewLink: (request) =>
      online('A preview link', async () =>
        createPreviewLink(await siteApi('A preview link', 'Sign in to share a preview.'), request),
      ),
    // the reset link opens the site's admin in the browser, where the new password is chosen
    requestPasswordReset: async (email) =>
      requestPasswordReset(await client(), email, `${await site()}${adminPath}`),
    // leads and insights
    listLeads: (query) =>
      online(
        'Leads',
        async () => listLeads(await client(), { ...query, pageSize: 20 }),
        'Leads are read from the server: connect to the network to see them.',
      ),
    updateLead: withClient('Leads', updateLead),
    exportLeadsCsv: (filters) =>
      online('Leads', async () => {
        const supabase = await client()
        const [leads, owners] = await Promise.all([listAllLeads(supabase, filters), listLeadOwners(supabase)])
        return leadsToCsv(leads, Object.fromEntries(owners.map((o) => [o.userId, o.email])))
      }),
    listLeadOwners: withClient('Leads', listLeadOwners),
    loadInsights: withClient('Insights', loadInsights),
    // people (the site's /api/people holds the service role, never this code)
    listPeople: people(listPeople),
    invitePerson: people(invitePerson),
    changePersonRole: people(changePersonRole),
    removePerson: people(removePerson),
    // the newsletter (the site sends; the subscriber list under row-level security)
    getNewsletterStatus: newsletter(getNewsletterStatus),
    sendNewsletter: newsletter(sendNewsletter),
    sendNewsletterTest: newsletter(sendNewsletterTest),
    listNewsletterSends: newsletter(listNewsletterSends),
    listSubscribers: withClient('Subscribers', listSubscribers),
    exportSubscribersCsv: withClient('Subscribers', exportSubscribersCsv),
    removeSubscriber: withClient('Subscribers', removeSubscriber),
    // webhooks (the site's /api/webhooks holds the secrets and the service role)
    listWebhooks: webhooks(fetchWebhookEndpoints),
    addWebhook: webhooks(addWebhookEndpoint),
    updateWebhook: webhooks(changeWebhookEndpoint),
    removeWebhook: webhooks(removeWebhookEndpoint),
    sendWebhookTest: webhooks(sendWebhookTest),
    rotateWebhookSecret: webhooks(rotateWebhookEndpointSecret),
    listWebhookDeliveries: webhooks(fetchWebhookDeliveries),
    resendWebhookDelivery: webhooks(resendWebhook),
  }
}
