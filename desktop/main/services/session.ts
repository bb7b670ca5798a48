import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describePublicConfigProblems, publicConfigSchema } from '../../../shared/config/public-config.ts'
import { createNodeSupabaseClient } from '../../../shared/data/node-client.ts'
import type { Session, SupabaseClient } from '../../../shared/data/client.ts'
import {
  confirmEditor,
  editorSessionOf as toEditorSession,
  signInAsEditor,
  type EditorSignIn,
} from '../../../shared/data/editor-access.ts'
import {
  getEditorRole,
  setOwnPassword,
  verifyEmailLink,
  type EmailLink,
} from '../../../shared/data/people.ts'
import { editorRoleSchema, type EditorRole } from '../../../shared/schemas/people.ts'
import type { EditorSession } from '../../contract.ts'

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
  private readonly values = new Map<string, string>()
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

export type { EditorSession } from '../../contract.ts'

/** What the app keeps of the public values a site publishes at `/config.json` (`publicConfigSchema`). */
export interface SiteConfig {
  siteUrl: string
  supabaseUrl: string
  supabaseAnonKey: string
  emailServiceUrl: string | null
  /** Where the site publishes desktop installers and update metadata (null: not published). */
  desktopReleasesUrl: string | null
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
  return {
    siteUrl: url.origin,
    supabaseUrl: parsed.data.supabaseUrl,
    supabaseAnonKey: parsed.data.supabaseAnonKey,
    emailServiceUrl: parsed.data.emailServiceUrl,
    desktopReleasesUrl: parsed.data.desktopReleasesUrl,
  }
}

/**
 * supabase-js auth in the main process: the session is persisted through the SecretStore (one key per
 * backend, so switching sites never mixes tokens) and refreshed by supabase-js itself.
 */
/** How long the desktop waits for any one answer from the server before treating it as unreachable. */
const requestTimeoutMs = 30_000

export class SessionService {
  readonly client: SupabaseClient
  private readonly listeners = new Set<(session: EditorSession) => void>()
  private readonly unsubscribe: () => void
  /** The signed-in editor's role, asked once per sign-in; kept in the secret store for offline starts. */
  private knownRole: { userId: string; role: EditorRole | null } | null = null
  private readonly secrets: SecretStore
  private readonly prefix: string

  constructor(
    readonly config: SiteConfig,
    secrets: SecretStore,
    options: { autoRefresh?: boolean; requestTimeoutMs?: number } = {},
  ) {
    const prefix = `${new URL(config.supabaseUrl).host}:`
    this.secrets = secrets
    this.prefix = prefix
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
    const { data } = this.client.auth.onAuthStateChange((_event, session) => {
      const known = session && this.knownRole?.userId === session.user.id ? this.knownRole.role : null
      const state = toEditorSession(session, known)
      for (const listener of this.listeners) listener(state)
      if (!session || known) return
      // The role once it is known. Out of the callback: supabase-js holds its auth lock while it runs.
      setTimeout(() => {
        void this.roleOf(session).then((role) => {
          if (!role) return
          const withRole = toEditorSession(session, role)
          for (const listener of this.listeners) listener(withRole)
        })
      }, 0)
    })
    this.unsubscribe = () => data.subscription.unsubscribe()
  }

  onChange(listener: (session: EditorSession) => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The role of the session's user: asked from the server (`editor_role()`), else the one last seen. */
  private async roleOf(session: Session): Promise<EditorRole | null> {
    const userId = session.user.id
    if (this.knownRole?.userId === userId) return this.knownRole.role
    const key = `${this.prefix}role:${userId}`
    try {
      const role = await getEditorRole(this.client)
      this.knownRole = { userId, role }
      await this.secrets.set(key, role ?? '')
      return role
    } catch {
      // Offline: the role seen at the last sign-in (the server decides again when changes are sent).
      const parsed = editorRoleSchema.safeParse(await this.secrets.get(key))
      return parsed.success ? parsed.data : null
    }
  }

  /**
   * The session now, without waiting for the network: the role is the one known or last seen; a role not
   * asked for yet in this run is asked in the background and reported to the listeners.
   */
  async current(): Promise<EditorSession> {
    const { data } = await this.client.auth.getSession()
    const session = data.session
    if (!session) return toEditorSession(null)
    if (this.knownRole?.userId === session.user.id) return toEditorSession(session, this.knownRole.role)
    const parsed = editorRoleSchema.safeParse(await this.secrets.get(`${this.prefix}role:${session.user.id}`))
    const seen = parsed.success ? parsed.data : null
    void this.roleOf(session).then((role) => {
      if (role === seen) return
      const state = toEditorSession(session, role)
      for (const listener of this.listeners) listener(state)
    })
    return toEditorSession(session, seen)
  }

  /** Signs in an editor (anyone else is signed out again and refused in words); the role is remembered. */
  async signIn(email: string, password: string): Promise<EditorSession> {
    return this.signedInAs(() => signInAsEditor(this.client, email, password))
  }

  /** Uses an invite or reset link from a mail, sets the password and signs the editor in. */
  async acceptEmailLink(link: EmailLink, password: string): Promise<EditorSession> {
    return this.signedInAs(async () => {
      await verifyEmailLink(this.client, link)
      await setOwnPassword(this.client, password)
      const { data } = await this.client.auth.getSession()
      return confirmEditor(this.client, data.session)
    })
  }

  private async signedInAs(signIn: () => Promise<EditorSignIn>): Promise<EditorSession> {
    this.knownRole = null
    const { session, role } = await signIn()
    this.knownRole = { userId: session.user.id, role }
    await this.secrets.set(`${this.prefix}role:${session.user.id}`, role)
    return toEditorSession(session, role)
  }

  async signOut(): Promise<EditorSession> {
    // Local scope: sign-out must work offline too; supabase-js ignores 401/403/404 from the server.
    await this.client.auth.signOut({ scope: 'local' })
    return toEditorSession(null)
  }

  async close() {
    this.unsubscribe()
    await this.client.auth.stopAutoRefresh()
    this.listeners.clear()
  }
}
