import path from 'node:path'
import type { EditorSession } from '../../shared/admin/contract.ts'
import { createAdminOperations } from '../../shared/admin/operations.ts'
import type { DesktopOperations, DesktopSettings, SyncStatus, UpdateState } from '../contract.ts'
import { InvalidCallError } from './api-handlers.ts'
import { isSafeExternalUrl } from './security.ts'
import { checkEmailService, sendTestEmail } from './services/email-test.ts'
import { compressCover } from './services/images.ts'
import { OfflineStore } from './services/offline-store.ts'
import { createRemoteBlogs, type RemoteBlogs } from './services/remote-blogs.ts'
import {
  ConnectionError,
  loadSiteConfig,
  SessionService,
  type SecretStore,
  type SiteConfig,
} from './services/session.ts'
import { SyncEngine } from './services/sync-engine.ts'
import { UpdateService, type Updater } from './services/updates.ts'

/** The local embedded backend that `npm start` runs: the default until the editor enters another site. */
export const defaultSiteUrl = 'http://localhost:8080'

export interface DesktopMainOptions {
  /** Electron's `app.getPath('userData')` (a temporary folder in tests). */
  userDataDir: string
  secrets: SecretStore
  /** The operating system's network state (Electron `net.isOnline()`); tests switch it off and on. */
  isNetworkUp?: () => boolean
  backoffMs?: (attempts: number) => number
  onStatus?: (status: SyncStatus) => void
  /** Called when the editor's session changes (sign-in, refresh, expiry, sign-out). */
  onSession?: (session: EditorSession) => void
  /** Let supabase-js refresh tokens on a timer (on in the app; tests may turn it off). */
  autoRefresh?: boolean
  /** Give up on a request to the server after this long (default 30 s). */
  requestTimeoutMs?: number
  /** electron-updater's autoUpdater in a packaged app (null: updates cannot be installed here). */
  updater?: Updater | null
  appVersion?: string
  onUpdate?: (state: UpdateState) => void
  /** Opens a checked http(s) link in the system browser (Electron `shell.openExternal`). */
  openExternal?: (url: string) => Promise<void>
}

/** The desktop's main process without Electron: its operations, and the state they work on. */
export type DesktopMain = DesktopOperations & {
  store: OfflineStore
  engine: SyncEngine
  updates: UpdateService
  /** Starts background syncing: now, then every few minutes (the window also syncs on focus). */
  start(intervalMs?: number): void
  /** Stops syncing and closes the session and the store (once, however often it is called). */
  close(): Promise<void>
}

/** Opens only http(s) links; anything else is refused before it reaches the system. */
export function checkedOpenExternal(open: (url: string) => Promise<void>) {
  return async (url: string) => {
    if (!isSafeExternalUrl(url)) throw new InvalidCallError('Only http and https links can be opened.')
    await open(url)
  }
}

const metaSiteUrl = 'site_url'
const metaSiteConfig = 'site_config'
const signedOut: EditorSession = { signedIn: false, email: null, userId: null, role: null }

/**
 * Main's composition root: the offline store, the sync engine and the site connection (the editor's session)
 * are made here once, and the renderer's methods are the shared admin operations with the offline engine's
 * own (posts, images) laid over them, plus the desktop's own methods.
 */
export async function openDesktopMain(options: DesktopMainOptions): Promise<DesktopMain> {
  const store = await OfflineStore.open(path.join(options.userDataDir, 'offline'))
  const networkUp = () => !options.isNetworkUp || options.isNetworkUp()
  let session: SessionService | null = null
  let remote: RemoteBlogs | null = null
  let connectionError: string | null = null
  let stopSessionWatch: (() => void) | null = null
  /** Whether an editor is signed in (kept from the session's events; the engine sends changes only then). */
  let signedIn = false
  /** A sign-in in progress: it resets the pull itself, once, when the role is known. */
  let signingIn = false

  const engine = new SyncEngine({
    store,
    remote: () => remote,
    isSignedIn: () => signedIn,
    isNetworkUp: options.isNetworkUp,
    backoffMs: options.backoffMs,
    onStatus: options.onStatus,
  })

  // ---- the site connection ------------------------------------------------------------------------------

  /** The configuration the connected site published (saved, so it is known offline too). */
  const siteConfig = (): SiteConfig | null => {
    const saved = store.getMeta(metaSiteConfig)
    return saved ? (JSON.parse(saved) as SiteConfig) : null
  }

  /** Connects to the site's Supabase; resolves once whether someone is signed in is known (no network needed). */
  const useConfig = async (config: SiteConfig) => {
    if (
      session &&
      session.config.supabaseUrl === config.supabaseUrl &&
      session.config.supabaseAnonKey === config.supabaseAnonKey
    ) {
      return
    }
    stopSessionWatch?.()
    void session?.close()
    const current = new SessionService(config, options.secrets, {
      autoRefresh: options.autoRefresh,
      requestTimeoutMs: options.requestTimeoutMs,
    })
    session = current
    remote = createRemoteBlogs(current.client)
    // Signing in shows rows (unpublished posts) an anonymous reader could not see, and signing out hides
    // them: pull everything again either way.
    let was: boolean | null = null
    stopSessionWatch = current.auth.onSessionChange((state) => {
      signedIn = state.signedIn
      if (was !== null && state.signedIn !== was && !signingIn) {
        void engine
          .resetPull()
          .then(() => engine.retryNow())
          .catch(() => {})
      }
      was = state.signedIn
      options.onSession?.(state)
    })
    signedIn = (await current.auth.getSession().catch(() => signedOut)).signedIn
  }

  const connect = async (siteUrl: string) => {
    if (!networkUp()) throw new ConnectionError('The computer is offline.')
    const config = await loadSiteConfig(siteUrl)
    store.setMeta(metaSiteUrl, config.siteUrl)
    store.setMeta(metaSiteConfig, JSON.stringify(config))
    await useConfig(config)
    connectionError = null
  }

  /** Reconnects to the saved site; offline, the configuration saved last time is used. */
  const restoreConnection = async () => {
    try {
      await connect(store.getMeta(metaSiteUrl) ?? defaultSiteUrl)
    } catch (err) {
      const saved = siteConfig()
      if (saved) await useConfig(saved)
      connectionError = err instanceof Error ? err.message : String(err)
    }
  }

  const requireSession = (): SessionService => {
    if (!session)
      throw new Error(
        connectionError ?? 'No site is connected yet: open Settings and enter the site address.',
      )
    return session
  }

  const getSettings = async (): Promise<DesktopSettings> => {
    const config = siteConfig()
    return {
      siteUrl: store.getMeta(metaSiteUrl) ?? defaultSiteUrl,
      connected: connectionError === null && session !== null,
      connectionError,
      emailServiceUrl: config?.emailServiceUrl ?? null,
      releasesUrl: config?.desktopReleasesUrl ?? null,
    }
  }

  const accessToken = async () => (session ? session.auth.accessToken() : null)

  /** Signs in with the connected site; one pull reset per sign-in (the session listener leaves it to us). */
  const signingInWith = async (signIn: (session: SessionService) => Promise<EditorSession>) => {
    if (!session) await restoreConnection()
    signingIn = true
    let state: EditorSession
    try {
      state = await signIn(requireSession())
    } finally {
      signingIn = false
    }
    signedIn = state.signedIn
    // Drafts become visible.
    if (state.signedIn) {
      await engine.resetPull()
      void engine.retryNow().catch(() => {})
    }
    return state
  }

  /** History, leads, people and the like live on the server, not in the offline store: refused offline. */
  const online = async <T>(what: string, call: () => Promise<T>, offline?: string): Promise<T> => {
    requireSession()
    if (!networkUp())
      throw new Error(offline ?? `${what} is read from the server: connect to the network to see it.`)
    try {
      return await call()
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      if (/fetch failed|ECONNREFUSED|network/i.test(message))
        throw new Error(`The server cannot be reached, so ${what.toLowerCase()} cannot be shown right now.`, {
          cause: err,
        })
      throw new Error(message, { cause: err })
    }
  }

  const emailEndpoint = async () => {
    const settings = await getSettings()
    if (!settings.emailServiceUrl)
      throw new Error('The connected site does not publish an email service address.')
    return settings.emailServiceUrl
  }

  const updates = new UpdateService({
    updater: options.updater ?? null,
    currentVersion: options.appVersion ?? '0.0.0',
    releasesUrl: () => siteConfig()?.desktopReleasesUrl ?? null,
    work: async () => ({ pending: (await engine.status()).pending, busy: engine.busy() }),
    beforeRestart: () => close(),
    onState: options.onUpdate,
  })

  let closing: Promise<void> | null = null
  const close = () =>
    (closing ??= (async () => {
      await engine.close()
      stopSessionWatch?.()
      await session?.close()
      store.close()
    })())

  // ---- the operations -----------------------------------------------------------------------------------

  const shared = createAdminOperations({
    client: async () => {
      if (!session) await restoreConnection()
      return requireSession().client
    },
    site: async () => new URL((await getSettings()).siteUrl).origin,
    online,
    signInFirst: {
      people: 'Sign in as an administrator to manage people.',
      newsletter: 'Sign in as an editor first.',
    },
    session: {
      getSession: async () => (session ? session.auth.getSession() : signedOut),
      signIn: (email, password) => signingInWith((s) => s.auth.signIn(email, password)),
      // An invite or reset link from a mail: the password is set and the editor signed in, as in the browser.
      acceptEmailLink: (link, password) => signingInWith((s) => s.auth.acceptEmailLink(link, password)),
      async signOut() {
        if (!session) return signedOut
        const state = await session.auth.signOut()
        signedIn = state.signedIn
        return state
      },
      // Main pushes session changes to the window itself (`options.onSession`), not through a listener.
      onSessionChange: () => () => {},
      accessToken,
    },
  })

  /** What the offline engine owns: posts answered from the offline store and sent through the outbox. */
  const offlineEngine = {
    listPosts: (query) => engine.listPosts(query),
    getPost: (slug) => engine.getPost(slug),
    savePost: (input, target) => engine.savePost(input, target),
    deletePost: (id, version) => engine.deletePost(id, version),
    /**
     * Queues an already-compressed image (the admin form compresses first through the platform) and tries
     * to send it straight away. The public URL comes back either way: offline, the upload waits in the outbox.
     */
    async uploadImage(image, folder, onProgress) {
      if (!image.contentType.startsWith('image/')) throw new Error('The file given is not an image')
      onProgress?.(0)
      const queued = await engine.queueImage(image.bytes, image.extension, image.contentType, folder)
      onProgress?.(20)
      await engine.syncNow()
      const pending = store.queue().some((e) => e.kind === 'upload' && e.payload?.path === queued.path)
      onProgress?.(100)
      return { url: queued.url, pending }
    },
  } satisfies Partial<DesktopOperations>

  const operations: DesktopOperations = {
    ...shared,
    ...offlineEngine,
    // images through sharp
    async compressImage(file, onProgress) {
      const out = await compressCover(file.bytes, onProgress)
      return {
        bytes: new Uint8Array(out.data),
        extension: out.extension,
        contentType: out.contentType,
        width: out.width,
        height: out.height,
      }
    },
    // sync
    listConflicts: () => engine.conflicts(),
    resolveConflict: (id, keep) => engine.resolveConflict(id, keep),
    listAttention: () => engine.attention(),
    discardChange: (id) => engine.discardChange(id),
    getSyncStatus: () => engine.status(),
    syncNow: () => engine.retryNow(),
    // staff tools
    checkEmailService: async () => checkEmailService(await emailEndpoint()),
    sendTestEmail: async (to) => sendTestEmail(await emailEndpoint(), to, await accessToken()),
    // settings and platform
    getSettings,
    async saveSettings({ siteUrl }) {
      try {
        await connect(siteUrl)
        void engine.retryNow().catch(() => {})
      } catch (err) {
        connectionError = err instanceof Error ? err.message : String(err)
      }
      return getSettings()
    },
    openExternal: checkedOpenExternal(options.openExternal ?? (async () => {})),
    // the app's own updates
    getUpdateState: async () => updates.current(),
    checkForUpdates: () => updates.check(),
    restartToUpdate: () => updates.restart(),
  }

  await restoreConnection()
  return {
    ...operations,
    store,
    engine,
    updates,
    start(intervalMs) {
      engine.start(intervalMs)
      void engine.syncNow().catch(() => {})
    },
    close,
  }
}
