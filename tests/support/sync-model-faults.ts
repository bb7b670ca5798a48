/**
 * Server faults for the model-based sync test (tests/support/sync-model.ts), put between every client of
 * the test process and the server by replacing `fetch` (supabase-js calls it for each request). Once armed,
 * the next request to the armed target meets the fault:
 * - lostReply: it reaches the server, the reply is lost;
 * - serverError: the server answers 500 without doing anything;
 * - dropped: it never arrives;
 * - timeout: it arrives, and the reply never comes (the desktop's request timeout gives up on it).
 */
export type Fault = 'lostReply' | 'serverError' | 'timeout' | 'dropped'
export const faults: readonly Fault[] = ['lostReply', 'serverError', 'timeout', 'dropped']

/**
 * Which requests a fault hits: the posts (reads and writes), only deletes of posts, the pull of deletes
 * (tombstones), a refresh of the sign-in token, and the database functions (the role check at sign-in).
 */
export const faultTargets = ['posts', 'deletes', 'tombstones', 'tokenRefresh', 'rpc'] as const
export type FaultTarget = (typeof faultTargets)[number]

const hits: Record<FaultTarget, (url: URL, method: string) => boolean> = {
  posts: (url) => url.pathname === '/rest/v1/blogs',
  deletes: (url, method) => url.pathname === '/rest/v1/blogs' && method === 'DELETE',
  tombstones: (url) => url.pathname === '/rest/v1/blog_tombstones',
  tokenRefresh: (url) =>
    url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token',
  rpc: (url) => url.pathname.startsWith('/rest/v1/rpc/'),
}

export interface FaultSwitch {
  arm(fault: Fault, target: FaultTarget): void
  /** Disarms; whether the armed fault met a request. */
  disarm(): boolean
  /** Puts the real `fetch` back. */
  uninstall(): void
}

export function installFaults(): FaultSwitch {
  const realFetch = globalThis.fetch
  let armed: { fault: Fault; target: FaultTarget; met: boolean } | null = null
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null
    const url = new URL(request ? request.url : String(input))
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
    const plan = armed
    if (!plan || plan.met || !hits[plan.target](url, method)) return realFetch(input, init)
    plan.met = true
    if (plan.fault === 'serverError')
      return new Response(
        JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }),
        { status: 500, headers: { 'Content-Type': 'application/json' } },
      )
    if (plan.fault === 'dropped') throw new TypeError('fetch failed')
    await realFetch(input, { ...init, signal: undefined })
    if (plan.fault === 'lostReply') throw new TypeError('fetch failed')
    return new Promise<Response>((_, reject) => {
      const signal = init?.signal
      if (!signal) return reject(new TypeError('fetch failed'))
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
    })
  }) as typeof fetch
  return {
    arm(fault, target) {
      armed = { fault, target, met: false }
    },
    disarm() {
      const met = armed?.met ?? false
      armed = null
      return met
    },
    uninstall() {
      globalThis.fetch = realFetch
    },
  }
}
