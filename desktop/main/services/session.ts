import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  describePublicConfigProblems,
  publicConfigSchema,
  type PublicConfig,
} from '../../../shared/config/public-config.ts'
import { createNodeSupabaseClient } from '../../../shared/data/node-client.ts'
import { createEditorSession, type EditorSessionService } from '../../../shared/admin/editor-session.ts'
import type { SupabaseClient } from '../../../shared/data/client.ts'
import { editorRoleSchema } from '../../../shared/schemas/people.ts'

/**
 * Where the session tokens live. The app passes one backed by Electron `safeStorage` (OS keychain
 * encryption); tests pass `MemorySecretStore` or `FileSecretStore`. Nothing else ever sees the tokens.
 */
export interface SecretStore {
  get(key: string): Promise<string | null>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

export class MemorySecretStore implements SecretStore {
  protected readonly values = new Map<string, string>()
  async get(key: string) {
    return this.values.get(key) ?? null
  }
  async set(key: string, value: string) {
    this.values.set(key, value)
  }
  async delete(key: string) {
    this.values.delete(key)
  }
}

/**
 * One file per key under `dir`, through an optional encrypt/decrypt pair: Electron main passes
 * `safeStorage.encryptString` / `decryptString`; without them (tests) the files are plain text.
 */
export class FileSecretStore implements SecretStore {
  constructor(
    private readonly dir: string,
    private readonly codec: { encrypt(text: string): Buffer; decrypt(data: Buffer): string } = {
      encrypt: (text) => Buffer.from(text, 'utf8'),
      decrypt: (data) => data.toString('utf8'),
    },
  ) {}
  private file(key: string) {
    return path.join(this.dir, `${Buffer.from(key).toString('base64url')}.secret`)
  }
  async get(key: string) {
    try {
      return this.codec.decrypt(readFileSync(this.file(key)))
    } catch {
      return null
    }
  }
  async set(key: string, value: string) {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    writeFileSync(this.file(key), this.codec.encrypt(value), { mode: 0o600 })
  }
  async delete(key: string) {
    rmSync(this.file(key), { force: true })
  }
}

/**
 * What the app keeps of the public values a site publishes at `/config.json` (`publicConfigSchema`, the one
 * definition of their shape), with the site's own address. `emailServiceUrl` may be null in a configuration
 * an older app saved.
 */
export type SiteConfig = Pick<PublicConfig, 'supabaseUrl' | 'supabaseAnonKey' | 'desktopReleasesUrl'> & {
  siteUrl: string
  emailServiceUrl: PublicConfig['emailServiceUrl'] | null
}

export class ConnectionError extends Error {}

/**
 * Reads `<siteUrl>/config.json`: the desktop app needs nothing but the site's address. The reply is parsed
 * with the shared `publicConfigSchema`; every failure is a `ConnectionError` whose message a person can act on.
 */
export async function loadSiteConfig(siteUrl: string, fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  let url: URL
  try {
    url = new URL('/config.json', siteUrl)
  } catch {
    throw new ConnectionError(`“${siteUrl}” is not a web address.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConnectionError('The site address must start with http:// or https://.')
  let res: Response
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) })
  } catch {
    throw new ConnectionError(`The site ${url.origin} cannot be reached.`)
  }
  if (!res.ok) throw new ConnectionError(`The site ${url.origin} answered ${res.status} for /config.json.`)
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ConnectionError(`The site ${url.origin} did not return its configuration (not JSON).`)
  }
  const parsed = publicConfigSchema.safeParse(body)
  if (!parsed.success) {
    throw new ConnectionError(
      `The site ${url.origin} did not publish a configuration this app can use: ${describePublicConfigProblems(parsed.error)}.`,
    )
  }
  const { brand: _brand, ...kept } = parsed.data
  return { siteUrl: url.origin, ...kept }
}

/** How long the desktop waits for any one answer from the server before treating it as unreachable. */
const requestTimeoutMs = 30_000

/**
 * The connection to one site's Supabase in the main process: a supabase-js client whose session is persisted
 * through the SecretStore (one key per backend, so switching sites never mixes tokens) and refreshed by
 * supabase-js itself, and the editor's sign-in over it (`createEditorSession`, shared with the browser; the
 * role last seen is kept in the store for offline starts).
 */
export class SessionService {
  readonly client: SupabaseClient
  readonly auth: EditorSessionService

  constructor(
    readonly config: SiteConfig,
    secrets: SecretStore,
    options: { autoRefresh?: boolean; requestTimeoutMs?: number } = {},
  ) {
    const prefix = `${new URL(config.supabaseUrl).host}:`
    this.client = createNodeSupabaseClient(config.supabaseUrl, config.supabaseAnonKey, {
      persistSession: true,
      autoRefreshToken: options.autoRefresh ?? true,
      requestTimeoutMs: options.requestTimeoutMs ?? requestTimeoutMs,
      storage: {
        getItem: (key) => secrets.get(prefix + key),
        setItem: (key, value) => secrets.set(prefix + key, value),
        removeItem: (key) => secrets.delete(prefix + key),
      },
    })
    const client = this.client
    this.auth = createEditorSession({
      client: async () => client,
      roles: {
        async get(userId) {
          const parsed = editorRoleSchema.safeParse(await secrets.get(`${prefix}role:${userId}`))
          return parsed.success ? parsed.data : null
        },
        set: (userId, role) => secrets.set(`${prefix}role:${userId}`, role ?? ''),
      },
    })
  }

  async close() {
    this.auth.close()
    await this.client.auth.stopAutoRefresh()
  }
}
