import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { fetchConfigJson } from '../config/config-json.ts'
import { parsePublicConfig, type PublicConfig } from '../config/public-config.ts'

export type { Session, SupabaseClient, User } from '@supabase/supabase-js'

export interface SupabaseClientOptions {
  /** Keep the session (browser localStorage, or a custom storage in Node/Electron). Default: true in a browser. */
  persistSession?: boolean
  autoRefreshToken?: boolean
  /** Custom session storage (Electron main keeps tokens in safeStorage). */
  storage?: {
    getItem(key: string): string | null | Promise<string | null>
    setItem(key: string, value: string): void | Promise<void>
    removeItem(key: string): void | Promise<void>
  }
  /** On Node 20 realtime-js needs a WebSocket implementation (the `ws` package); browsers have one. */
  webSocket?: unknown
  /** Act as this signed-in user (server-side checks of a caller's bearer token under RLS). */
  accessToken?: string
  /**
   * Give up on a request after this long (the desktop app: a request that never answers must not hold
   * its sync forever; the call then fails like a dropped connection and is retried later).
   */
  requestTimeoutMs?: number
  /** How requests reach the backend (default: the platform's `fetch`); the server's own, in local mode. */
  fetch?: typeof fetch
}

/** `send` (default: the global `fetch` at the time of the call) that aborts after `ms`, together with any signal the caller passed. */
function fetchWithTimeout(ms: number, send?: typeof fetch): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(ms)
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    return (send ?? fetch)(input, { ...init, signal })
  }
}

/**
 * The one place a supabase-js client is created. Works in the browser, in the server and in the desktop
 * main process, against hosted Supabase or the embedded backend (same wire format).
 */
export function createSupabaseClient(
  url: string,
  key: string,
  options: SupabaseClientOptions = {},
): SupabaseClient {
  const inBrowser = typeof window !== 'undefined'
  const transport = options.webSocket ?? (globalThis as { WebSocket?: unknown }).WebSocket
  return createClient(url, key, {
    auth: {
      persistSession: options.persistSession ?? inBrowser,
      autoRefreshToken: options.autoRefreshToken ?? inBrowser,
      detectSessionInUrl: false,
      storage: options.storage,
    },
    ...(transport ? { realtime: { transport: transport as never } } : {}),
    global: {
      ...(options.accessToken ? { headers: { Authorization: `Bearer ${options.accessToken}` } } : {}),
      ...(options.requestTimeoutMs
        ? { fetch: fetchWithTimeout(options.requestTimeoutMs, options.fetch) }
        : options.fetch
          ? { fetch: options.fetch }
          : {}),
    },
  })
}

let browserConfig: Promise<PublicConfig> | null = null
let browserClient: Promise<SupabaseClient> | null = null

/**
 * The site's `/config.json` in the browser (fetched once, parsed with the shared schema: a malformed reply
 * rejects with `InvalidPublicConfigError` naming the bad fields; a failed fetch is tried again next time).
 */
export function getBrowserPublicConfig(): Promise<PublicConfig> {
  browserConfig ??= fetchConfigJson()
    .then(parsePublicConfig)
    .catch((err: unknown) => {
      browserConfig = null
      throw err
    })
  return browserConfig
}

/** The browser's shared client, configured from `/config.json`. */
export function getBrowserSupabase(): Promise<SupabaseClient> {
  browserClient ??= getBrowserPublicConfig()
    .then((config) => createSupabaseClient(config.supabaseUrl, config.supabaseAnonKey))
    .catch((err: unknown) => {
      browserClient = null
      throw err
    })
  return browserClient
}
