import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesktop, postInput } from '../../../tests/support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../../../tests/support/server.ts'
import { StandInUpdater } from '../../../tests/support/stand-in-updater.ts'

/**
 * Updates against the real server and a real desktop backend. electron-updater itself only runs inside a
 * packaged Electron app, so a stand-in with its events takes its place and records what the app asked of it.
 */
const releases = 'https://github.com/meridian/editor/releases/latest/download'

describe('desktop updates', { timeout: 120_000 }, () => {
  let server: TestServer
  let withoutReleases: TestServer
  beforeAll(async () => {
    server = await startTestServer({ DESKTOP_RELEASES_URL: releases })
    withoutReleases = await startTestServer()
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await withoutReleases?.stop()
  })

  async function desktopWithUpdater(site: TestServer) {
    const updater = new StandInUpdater()
    const desktop = await openDesktop({ siteUrl: site.url, updater, appVersion: '0.1.0' })
    return { desktop, updater }
  }

  it('are off while the connected site publishes no releases', async () => {
    const { desktop, updater } = await desktopWithUpdater(withoutReleases)
    try {
      expect((await desktop.backend.getSettings()).releasesUrl).toBeNull()
      expect(await desktop.backend.updates.check()).toMatchObject({ status: 'off', releasesUrl: null })
      expect(updater.feeds).toEqual([])
      expect((await desktop.backend.updates.restart()).message).toBe('No update has been downloaded yet.')
      expect(updater.installs).toBe(0)
    } finally {
      await desktop.destroy()
    }
  })

  it('download from the site’s releases and install only when nothing is unsent or being saved', async () => {
    const { desktop, updater } = await desktopWithUpdater(server)
    try {
      const { backend } = desktop
      await backend.signIn(testEditor.email, testEditor.password)
      expect((await backend.getSettings()).releasesUrl).toBe(releases)
      expect(await backend.updates.check()).toMatchObject({
        status: 'ready',
        version: '9.9.9',
        currentVersion: '0.1.0',
      })
      expect(updater.feeds).toEqual([releases])
      expect(updater.autoDownload && updater.autoInstallOnAppQuit).toBe(true)

      // Offline with a change waiting: refused, and the change is still there.
      desktop.network.up = false
      await backend.engine.savePost(postInput('update-pending'), { mode: 'create' })
      const refused = await backend.updates.restart()
      expect(refused.message).toBe(
        '1 change is still waiting to sync. Restart once it is sent, or quit the app later: the update installs then.',
      )
      expect(updater.installs).toBe(0)
      expect((await backend.engine.status()).pending).toBe(1)

      // A save being written right now: refused.
      desktop.network.up = true
      await backend.engine.retryNow()
      const saving = backend.engine.savePost(postInput('update-saving'), { mode: 'create' })
      expect((await backend.updates.restart()).message).toBe(
        'A change is being saved or sent: restart in a moment.',
      )
      await saving
      expect(updater.installs).toBe(0)

      // Everything sent: the store is closed, then the update installs.
      for (let i = 0; i < 3 && (await backend.engine.retryNow()).pending > 0; i++);
      expect((await backend.engine.status()).pending).toBe(0)
      const done = await backend.updates.restart()
      expect(done.message).toBeNull()
      expect(updater.installs).toBe(1)
    } finally {
      await desktop.destroy()
    }
  })
})
