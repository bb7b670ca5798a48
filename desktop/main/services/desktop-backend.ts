import path from 'node:path'
import {
  leadsToCsv,
  listAllLeads,
  listLeads,
  updateLead,
  type LeadFilters,
  type LeadPage,
} from '../../../shared/data/leads.ts'
import { loadInsights } from '../../../shared/data/insights.ts'
import type { LeadUpdate } from '../../../shared/schemas/lead.ts'
import {
  changePersonRole,
  invitePerson,
  listLeadOwners,
  listPeople,
  removePerson,
  requestPasswordReset,
  type EmailLink,
} from '../../../shared/data/people.ts'
import { adminPath } from '../../../shared/config/brand.ts'
import type { EditorRole, InviteInput } from '../../../shared/schemas/people.ts'
import { getRevision, listRevisions } from '../../../shared/data/revisions.ts'
import { createPreviewLink } from '../../../shared/data/preview-links.ts'
import type { SiteApi } from '../../../shared/data/site-api.ts'
import type { PreviewLinkRequest } from '../../../shared/schemas/preview-link.ts'
import {
  getNewsletterStatus,
  listNewsletterSends,
  sendNewsletter,
  sendNewsletterTest,
} from '../../../shared/data/newsletter-api.ts'
import {
  exportSubscribersCsv,
  listSubscribers,
  removeSubscriber,
} from '../../../shared/data/newsletter-subscribers.ts'
import type { SubscriberQuery } from '../../../shared/schemas/newsletter-send.ts'
import type {
  CompressedImageBytes,
  DesktopSettings,
  EditorSession,
  EmailServiceHealth,
  ImageFile,
  SyncStatus,
  TestEmailResult,
  UpdateState,
  UploadedImage,
} from '../../contract.ts'
import { checkEmailService, sendTestEmail } from './email-test.ts'
import { compressCover } from './images.ts'
import { OfflineStore } from './offline-store.ts'
import { createRemoteBlogs, type RemoteBlogs } from './remote-blogs.ts'
import {
  ConnectionError,
  loadSiteConfig,
  SessionService,
  type SecretStore,
  type SiteConfig,
} from './session.ts'
import { SyncEngine } from './sync-engine.ts'
import { UpdateService, type Updater } from './updates.ts'

/** The local embedded backend that `npm start` runs: the default until the editor enters another site. */
export const defaultSiteUrl = 'http://localhost:8080'

export interface DesktopBackendOptions {
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
}

const metaSiteUrl = 'site_url'
const metaSiteConfig = 'site_config'

/**
 * Everything main does for the renderer, with no Electron in sight: the offline store, the sync engine,
 * the session, images, leads and the email test. The IPC layer and the end-to-end test both call this.
 */
export class DesktopBackend {
  private session: SessionService | null = null
  private remote: RemoteBlogs | null = null
  private connectionError: string | null = null
  private stopSessionWatch: (() => void) | null = null
  /** Whether an editor is signed in (kept from the session's events; the engine sends changes only then). */
  private signedIn = false
  /** A `signIn` call in progress: it resets the pull itself, once, when the role is known. */
  private signingIn = false

  readonly updates: UpdateService

  private constructor(
    readonly store: OfflineStore,
    readonly engine: SyncEngine,
    private readonly options: DesktopBackendOptions,
  ) {
    this.updates = new UpdateService({
      updater: options.updater ?? null,
      currentVersion: options.appVersion ?? '0.0.0',
      releasesUrl: () => this.siteConfig()?.desktopReleasesUrl ?? null,
      work: async () => ({ pending: (await engine.status()).pending, busy: engine.busy() }),
      beforeRestart: () => this.close(),
      onState: options.onUpdate,
    })
  }

  static async open(options: DesktopBackendOptions): Promise<DesktopBackend> {
    const store = await OfflineStore.open(path.join(options.userDataDir, 'offline'))
    let backend: DesktopBackend | null = null
    const engine = new SyncEngine({
      store,
      remote: () => backend?.remote ?? null,
      isSignedIn: () => backend?.signedIn ?? false,
      isNetworkUp: options.isNetworkUp,
      backoffMs: options.backoffMs,
      onStatus: options.onStatus,
    })
    backend = new DesktopBackend(store, engine, options)
    await backend.restoreConnection()
    return backend
  }

  /** Starts background syncing: now, then every few minutes (the window also calls `syncNow` on focus). */
  start(intervalMs?: number) {
    this.engine.start(intervalMs)
    void this.engine.syncNow().catch(() => {})
  }

  private closing: Promise<void> | null = null

  /** Stops syncing and closes the session and the store (once, however often it is called). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.engine.close()
      this.stopSessionWatch?.()
      await this.session?.close()
      this.store.close()
    })()
    return this.closing
  }

  // ---- settings and connection ------------------------------------------------------------------------

  /** Reconnects to the saved site; offline, the configuration saved last time is used. */
  private async restoreConnection() {
    const siteUrl = this.store.getMeta(metaSiteUrl) ?? defaultSiteUrl
    try {
      await this.connect(siteUrl)
    } catch (err) {
      const saved = this.store.getMeta(metaSiteConfig)
      if (saved) this.useConfig(JSON.parse(saved) as SiteConfig)
      this.connectionError = err instanceof Error ? err.message : String(err)
    }
  }

  private async connect(siteUrl: string) {
    if (this.options.isNetworkUp && !this.options.isNetworkUp())
      throw new ConnectionError('The computer is offline.')
    const config = await loadSiteConfig(siteUrl)
    this.store.setMeta(metaSiteUrl, config.siteUrl)
    this.store.setMeta(metaSiteConfig, JSON.stringify(config))
    this.useConfig(config)
    this.connectionError = null
  }

  private useConfig(config: SiteConfig) {
    if (
      this.session &&
      this.session.config.supabaseUrl === config.supabaseUrl &&
      this.session.config.supabaseAnonKey === config.supabaseAnonKey
    ) {
      return
    }
    this.stopSessionWatch?.()
    void this.session?.close()
    this.session = new SessionService(config, this.options.secrets, {
      autoRefresh: this.options.autoRefresh,
      requestTimeoutMs: this.options.requestTimeoutMs,
    })
    this.remote = createRemoteBlogs(this.session.client)
    // Signing in shows rows (unpublished posts) an anonymous reader could not see, and signing out hides
    // them: pull everything again either way.
    let signedIn: boolean | null = null
    void this.session.current().then((state) => (this.signedIn = state.signedIn))
    this.stopSessionWatch = this.session.onChange((state) => {
      this.signedIn = state.signedIn
      if (signedIn !== null && state.signedIn !== signedIn && !this.signingIn) {
        void this.engine
          .resetPull()
          .then(() => this.engine.retryNow())
          .catch(() => {})
      }
      signedIn = state.signedIn
      this.options.onSession?.(state)
    })
  }

  /** The configuration the connected site published (saved, so it is known offline too). */
  private siteConfig(): SiteConfig | null {
    const saved = this.store.getMeta(metaSiteConfig)
    return saved ? (JSON.parse(saved) as SiteConfig) : null
  }

  async getSettings(): Promise<DesktopSettings> {
    const config = this.siteConfig()
    return {
      siteUrl: this.store.getMeta(metaSiteUrl) ?? defaultSiteUrl,
      connected: this.connectionError === null && this.session !== null,
      connectionError: this.connectionError,
      emailServiceUrl: config?.emailServiceUrl ?? null,
      releasesUrl: config?.desktopReleasesUrl ?? null,
    }
  }

  async saveSettings(siteUrl: string): Promise<DesktopSettings> {
    try {
      await this.connect(siteUrl)
      void this.engine.retryNow().catch(() => {})
    } catch (err) {
      this.connectionError = err instanceof Error ? err.message : String(err)
    }
    return this.getSettings()
  }

  private requireSession(): SessionService {
    if (!this.session)
      throw new Error(
        this.connectionError ?? 'No site is connected yet: open Settings and enter the site address.',
      )
    return this.session
  }

  // ---- session ----------------------------------------------------------------------------------------

  async getSession(): Promise<EditorSession> {
    return this.session ? this.session.current() : { signedIn: false, email: null, userId: null, role: null }
  }

  async signIn(email: string, password: string): Promise<EditorSession> {
    return this.signingInWith((session) => session.signIn(email, password))
  }

  /** An invite or reset link from a mail: the password is set and the editor signed in, as in the browser. */
  async acceptEmailLink(link: EmailLink, password: string): Promise<EditorSession> {
    return this.signingInWith((session) => session.acceptEmailLink(link, password))
  }

  private async signingInWith(signIn: (session: SessionService) => Promise<EditorSession>) {
    if (!this.session) await this.restoreConnection()
    this.signingIn = true
    let state: EditorSession
    try {
      state = await signIn(this.requireSession())
    } finally {
      this.signingIn = false
    }
    this.signedIn = state.signedIn
    // One reset per sign-in (the session listener leaves this one to us): drafts become visible.
    if (state.signedIn) {
      await this.engine.resetPull()
      void this.engine.retryNow().catch(() => {})
    }
    return state
  }

  async signOut(): Promise<EditorSession> {
    if (!this.session) return { signedIn: false, email: null, userId: null, role: null }
    const state = await this.session.signOut()
    this.signedIn = state.signedIn
    return state
  }

  // ---- images -----------------------------------------------------------------------------------------

  async compressImage(
    file: ImageFile,
    onProgress?: (percent: number) => void,
  ): Promise<CompressedImageBytes> {
    const out = await compressCover(file.bytes, onProgress)
    return {
      bytes: new Uint8Array(out.data),
      extension: out.extension,
      contentType: out.contentType,
      width: out.width,
      height: out.height,
    }
  }

  /**
   * Queues an already-compressed image (the admin form compresses first through the platform) and tries
   * to send it straight away. The public URL comes back either way: offline, the upload waits in the outbox.
   */
  async uploadImage(
    image: CompressedImageBytes,
    folder: 'blog-covers' | 'blog-content',
    onProgress?: (percent: number) => void,
  ): Promise<UploadedImage> {
    if (!image.contentType.startsWith('image/')) throw new Error('The file given is not an image')
    onProgress?.(0)
    const { url, path: objectPath } = await this.engine.queueImage(
      image.bytes,
      image.extension,
      image.contentType,
      folder,
    )
    onProgress?.(20)
    await this.engine.syncNow()
    const stillQueued = this.store.queue().some((e) => e.kind === 'upload' && e.payload?.path === objectPath)
    onProgress?.(100)
    return { url, pending: stillQueued }
  }

  // ---- staff tools ------------------------------------------------------------------------------------

  async listLeads(query: LeadFilters & { page?: number }): Promise<LeadPage> {
    const session = this.requireSession()
    if (this.options.isNetworkUp && !this.options.isNetworkUp())
      throw new Error('Leads are read from the server: connect to the network to see them.')
    try {
      return await listLeads(session.client, { ...query, pageSize: 20 })
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      if (/fetch failed/i.test(message))
        throw new Error('The server cannot be reached, so leads cannot be shown right now.', { cause: err })
      throw new Error(message, { cause: err })
    }
  }

  async updateLead(id: string, patch: LeadUpdate) {
    return this.fromServer('Leads', (session) => updateLead(session.client, id, patch))
  }

  async exportLeadsCsv(filters: LeadFilters) {
    return this.fromServer('Leads', async (session) => {
      const [leads, owners] = await Promise.all([
        listAllLeads(session.client, filters),
        listLeadOwners(session.client),
      ])
      return leadsToCsv(leads, Object.fromEntries(owners.map((o) => [o.userId, o.email])))
    })
  }

  async listLeadOwners() {
    return this.fromServer('Leads', (session) => listLeadOwners(session.client))
  }

  async loadInsights(days: number) {
    return this.fromServer('Insights', (session) => loadInsights(session.client, days))
  }

  // ---- people and password resets (through the site: it holds the service role, never this app) ------

  private peopleApi() {
    return this.siteApi('People', 'Sign in as an administrator to manage people.')
  }

  async listPeople() {
    return listPeople(await this.peopleApi())
  }

  async invitePerson(input: InviteInput) {
    return invitePerson(await this.peopleApi(), input)
  }

  async changePersonRole(userId: string, role: EditorRole) {
    return changePersonRole(await this.peopleApi(), userId, role)
  }

  async removePerson(userId: string) {
    return removePerson(await this.peopleApi(), userId)
  }

  // ---- the newsletter (sends through the site; the subscriber list under row-level security) ---------

  async getNewsletterStatus(slug: string) {
    return getNewsletterStatus(await this.siteApi('The newsletter'), slug)
  }

  async sendNewsletter(slug: string) {
    return sendNewsletter(await this.siteApi('The newsletter'), slug)
  }

  async sendNewsletterTest(slug: string) {
    return sendNewsletterTest(await this.siteApi('The newsletter'), slug)
  }

  async listNewsletterSends() {
    return listNewsletterSends(await this.siteApi('The newsletter'))
  }

  async listSubscribers(query: SubscriberQuery) {
    return this.fromServer('Subscribers', (session) => listSubscribers(session.client, query))
  }

  async exportSubscribersCsv(query: SubscriberQuery) {
    return this.fromServer('Subscribers', (session) => exportSubscribersCsv(session.client, query))
  }

  async removeSubscriber(id: string) {
    return this.fromServer('Subscribers', (session) => removeSubscriber(session.client, id))
  }

  /** The signed-in editor's token and the connected site, for the site's own endpoints. */
  private async siteApi(what: string, signIn = 'Sign in as an editor first.'): Promise<SiteApi> {
    return this.fromServer(what, async (session) => {
      const token = (await session.client.auth.getSession()).data.session?.access_token
      if (!token) throw new Error(signIn)
      return { baseUrl: new URL((await this.getSettings()).siteUrl).origin, accessToken: token }
    })
  }

  /** The reset link opens the site's admin in the browser, where the new password is chosen. */
  async requestPasswordReset(email: string) {
    if (!this.session) await this.restoreConnection()
    const session = this.requireSession()
    const siteUrl = new URL((await this.getSettings()).siteUrl).origin
    await requestPasswordReset(session.client, email, `${siteUrl}${adminPath}`)
  }

  // ---- history and sharing (on the server only) ----------------------------------------------------

  /** The session, if the network is up: history and share links live on the server, not in the offline store. */
  private onlineSession(what: string): SessionService {
    const session = this.requireSession()
    if (this.options.isNetworkUp && !this.options.isNetworkUp())
      throw new Error(`${what} is read from the server: connect to the network to see it.`)
    return session
  }

  private async fromServer<T>(what: string, call: (session: SessionService) => Promise<T>): Promise<T> {
    const session = this.onlineSession(what)
    try {
      return await call(session)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      if (/fetch failed|ECONNREFUSED|network/i.test(message))
        throw new Error(`The server cannot be reached, so ${what.toLowerCase()} cannot be shown right now.`, {
          cause: err,
        })
      throw new Error(message, { cause: err })
    }
  }

  async listRevisions(postId: string) {
    return this.fromServer('History', (session) => listRevisions(session.client, postId))
  }

  async getRevision(id: number) {
    return this.fromServer('History', (session) => getRevision(session.client, id))
  }

  /** Asks the site for a share link to a post's preview, as the signed-in editor. */
  async createPreviewLink(request: PreviewLinkRequest) {
    const what = 'A preview link'
    return this.fromServer(what, async () =>
      createPreviewLink(await this.siteApi(what, 'Sign in to share a preview.'), request),
    )
  }

  private async emailEndpoint() {
    const settings = await this.getSettings()
    if (!settings.emailServiceUrl)
      throw new Error('The connected site does not publish an email service address.')
    return settings.emailServiceUrl
  }

  async checkEmailService(): Promise<EmailServiceHealth> {
    return checkEmailService(await this.emailEndpoint())
  }

  async sendTestEmail(to: string): Promise<TestEmailResult> {
    const token = this.session
      ? ((await this.session.client.auth.getSession()).data.session?.access_token ?? null)
      : null
    return sendTestEmail(await this.emailEndpoint(), to, token)
  }
}
