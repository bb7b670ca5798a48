import { EventEmitter } from 'node:events'
import type { Updater } from '../../desktop/main/services/updates.ts'

/**
 * electron-updater's autoUpdater only runs inside a packaged Electron app: this stand-in has its events and
 * records what the app asked of it. A check finds version `next`, downloads it and reports it ready.
 */
export class StandInUpdater extends EventEmitter implements Updater {
  autoDownload = false
  autoInstallOnAppQuit = false
  feeds: string[] = []
  installs = 0

  constructor(private readonly next = '9.9.9') {
    super()
  }

  setFeedURL(options: { provider: 'generic'; url: string }) {
    this.feeds.push(options.url)
  }

  async checkForUpdates() {
    this.emit('update-available', { version: this.next })
    this.emit('download-progress', { percent: 50 })
    this.emit('update-downloaded', { version: this.next })
    return null
  }

  quitAndInstall() {
    this.installs++
  }
}
