import {
  newsletterPostStatusSchema,
  newsletterSendProgressSchema,
  newsletterSendResultSchema,
  type NewsletterPostStatus,
  type NewsletterSendProgress,
  type NewsletterSendResult,
} from '../schemas/newsletter-send.ts'
import type { PeopleApi } from './people.ts'

/**
 * The server's newsletter endpoints (`server/api/newsletter-send.ts`), called with the signed-in editor's
 * token: the browser admin on its own origin, the desktop's main process on the connected site.
 */

/** Where the server is and who calls it (the same shape as the People calls). */
export type NewsletterApi = PeopleApi

async function call<T>(api: NewsletterApi, path: string, init: RequestInit = {}): Promise<T> {
  const doFetch = api.fetch ?? fetch
  let res: Response
  try {
    res = await doFetch(`${api.baseUrl}/api/newsletter${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${api.accessToken}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    })
  } catch {
    throw new Error('The server cannot be reached. Check the connection and try again.')
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string }
  if (!res.ok) throw new Error(body.message ?? `The server answered ${res.status}.`)
  return body as T
}

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
