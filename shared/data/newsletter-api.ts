import {
  newsletterPostStatusSchema,
  newsletterSendProgressSchema,
  newsletterSendResultSchema,
  type NewsletterPostStatus,
  type NewsletterSendProgress,
  type NewsletterSendResult,
} from '../schemas/newsletter-send.ts'
import { callSiteApi, type SiteApi } from './site-api.ts'

/**
 * The server's newsletter endpoints (`server/api/newsletter-send.ts`), called with the signed-in editor's
 * token: the browser admin on its own origin, the desktop's main process on the connected site.
 */

/** Where the server is and who calls it. */
export type NewsletterApi = SiteApi

const call = <T>(api: NewsletterApi, path: string, init?: RequestInit) =>
  callSiteApi<T>(api, `/api/newsletter${path}`, init)

/** How many would receive a post now, and its send if it went out already. */
export async function getNewsletterStatus(api: NewsletterApi, slug: string): Promise<NewsletterPostStatus> {
  return newsletterPostStatusSchema.parse(await call(api, `/status?slug=${encodeURIComponent(slug)}`))
}

/** Sends a published post to every confirmed subscriber (once: a second call answers with the first send). */
export async function sendNewsletter(api: NewsletterApi, slug: string): Promise<NewsletterSendResult> {
  const body = await call(api, '/send', { method: 'POST', body: JSON.stringify({ slug }) })
  return newsletterSendResultSchema.parse(body)
}

/** Mails the post, as readers will get it, to the signed-in editor alone. */
export async function sendNewsletterTest(api: NewsletterApi, slug: string): Promise<{ to: string }> {
  const body = await call<{ to: string }>(api, '/test', { method: 'POST', body: JSON.stringify({ slug }) })
  return { to: String(body.to) }
}

/** The latest sends with their progress, newest first. */
export async function listNewsletterSends(api: NewsletterApi): Promise<NewsletterSendProgress[]> {
  const body = await call<{ sends: unknown[] }>(api, '/sends')
  return body.sends.map((s) => newsletterSendProgressSchema.parse(s))
}
