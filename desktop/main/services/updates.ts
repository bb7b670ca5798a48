import type { UpdateState } from '../../contract.ts'

/**
 * The part of electron-updater's `autoUpdater` the app uses (the real one exists only inside a packaged
 * Electron app; tests pass a stand-in with the same events).
 */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdates(): Promise<unknown>
  quitAndInstall(): void
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown
  on(event: 'update-not-available', listener: () => void): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

export interface UpdateServiceOptions {
  /** electron-updater's autoUpdater in a packaged app; null where updates cannot be installed (dev, tests). */
  updater: Updater | null
  currentVersion: string
  /** Where installers and update metadata are published (the connected site's `desktopReleasesUrl`). */
  releasesUrl: () => string | null
  /** What still waits to be sent, and whether a save or a send is being written right now. */
  work: () => Promise<{ pending: number; busy: boolean }>
  /** Closes the offline store cleanly before the app quits to install. */
  beforeRestart: () => Promise<void>
  onState?: (state: UpdateState) => void
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Updates for the desktop app: off unless the connected site publishes where its releases are. A new
 * version downloads in the background; "Restart to update" installs it only when nothing is unsent and
 * no save is being written — otherwise it says why and the update installs the next time the app quits
 * (every change is in the offline store by then, so none is lost either way).
 */
export class UpdateService {
  private state: UpdateState

  constructor(private readonly options: UpdateServiceOptions) {
    this.state = this.initial()
    const updater = options.updater
    if (!updater) return
    updater.autoDownload = true
    updater.autoInstallOnAppQuit = true
    updater.on('update-available', (info) =>
      this.set({ status: 'downloading', version: info.version, percent: 0 }),
    )
    updater.on('update-not-available', () => this.set({ status: 'current', version: null, percent: null }))
    updater.on('download-progress', (p) =>
      this.set({ status: 'downloading', percent: Math.round(p.percent) }),
    )
    updater.on('update-downloaded', (info) =>
      this.set({ status: 'ready', version: info.version, percent: 100, message: null }),
    )
    updater.on('error', (error) =>
      this.set({ status: 'error', message: `The update check failed: ${error.message}` }),
    )
  }

  current(): UpdateState {
    // Before any check the state follows the connected site (its address may have changed since).
    if (this.state.status === 'off' || this.state.status === 'idle')
      this.state = { ...this.initial(), message: this.state.message }
    return this.state
  }

  /** Asks the feed for a newer version (at start and every few hours); does nothing while updates are off. */
  async check(): Promise<UpdateState> {
    const url = this.options.releasesUrl()
    if (!url || !this.options.updater) {
      this.state = this.initial()
      return this.state
    }
    this.options.updater.setFeedURL({ provider: 'generic', url })
    this.set({ status: 'checking', message: null, releasesUrl: url })
    try {
      await this.options.updater.checkForUpdates()
    } catch (err) {
      this.set({ status: 'error', message: `The update check failed: ${(err as Error).message}` })
    }
    return this.state
  }

  /** "Restart to update": refused, with the reason, while anything could be lost or is still unsent. */
  async restart(): Promise<UpdateState> {
    if (this.state.status !== 'ready' || !this.options.updater)
      return this.set({ message: 'No update has been downloaded yet.' })
    const { pending, busy } = await this.options.work()
    if (busy) return this.set({ message: 'A change is being saved or sent: restart in a moment.' })
    if (pending > 0)
      return this.set({
        message: `${plural(pending, 'change is', 'changes are')} still waiting to sync. Restart once ${pending === 1 ? 'it is' : 'they are'} sent, or quit the app later: the update installs then.`,
      })
    await this.options.beforeRestart()
    this.options.updater.quitAndInstall()
    return this.set({ message: null })
  }

  private initial(): UpdateState {
    const url = this.options.releasesUrl()
    return {
      status: url && this.options.updater ? 'idle' : 'off',
      currentVersion: this.options.currentVersion,
      version: null,
      percent: null,
      message: null,
      releasesUrl: url,
    }
  }

  private set(patch: Partial<UpdateState>): UpdateState {
    this.state = { ...this.state, ...patch }
    this.options.onState?.(this.state)
    return this.state
  }
}
