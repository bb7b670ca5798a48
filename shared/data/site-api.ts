/**
 * The site's own JSON endpoints (`/api/people`, `/api/newsletter`, …), called with the signed-in editor's
 * token: the browser admin on its own origin, the desktop's main process on the connected site.
 */
export interface SiteApi {
  /** The site's origin ('' in the browser: same origin). */
  baseUrl: string
  /** The caller's access token (an administrator's, for anything but their own role). */
  accessToken: string
  fetch?: typeof fetch
}

/** Calls `path` (e.g. `/api/people`) and returns its JSON; a refusal throws with the server's message. */
export async function callSiteApi<T>(api: SiteApi, path: string, init: RequestInit = {}): Promise<T> {
  const doFetch = api.fetch ?? fetch
  let res: Response
  try {
    res = await doFetch(`${api.baseUrl}${path}`, {
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
