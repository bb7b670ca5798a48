import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { StandInUpdater } from '../../support/stand-in-updater.ts'
import { serveRenderer, startDesktopMain, type DesktopHarness } from './desktop-bridge.ts'
import { openSignedIn } from './desktop-app.ts'
import { syncNow, writePost } from './desktop-flows.ts'

/**
 * The desktop app's Downloads screen: its own updates (electron-updater is replaced by a stand-in, as it
 * only runs in a packaged app) and the installers. "Restart to update" is refused while a change waits,
 * and installs once everything is sent.
 */
test.describe('desktop: updates and downloads', () => {
  let renderer: Awaited<ReturnType<typeof serveRenderer>>
  let desktop: DesktopHarness
  const updater = new StandInUpdater('0.2.0')

  test.beforeAll(async () => {
    renderer = await serveRenderer()
    desktop = await startDesktopMain(`http://localhost:${e2e.port}`, { updater })
  })
  test.afterAll(async () => {
    await desktop?.close()
    await renderer?.close()
  })

  test('an update waits for unsent changes, then restarts; the installers are listed', async ({ page }) => {
    test.setTimeout(90_000)
    await openSignedIn(page, { desktop, renderer })
    desktop.network.up = false
    await writePost(page, `Written before an update ${Date.now().toString(36)}`, 'Offline, then an update.')

    await page.getByRole('banner').getByRole('button', { name: 'Downloads' }).click()
    await expect(page.getByTestId('update-state')).toHaveText('Version 0.1.0.')
    await page.getByRole('button', { name: 'Check for updates' }).click()
    await expect(page.getByTestId('update-state')).toHaveText('Version 0.2.0 is ready to install.')
    expect(updater.feeds).toEqual([e2e.desktopReleasesUrl])

    await page.getByRole('button', { name: 'Restart to update' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'still waiting to sync' })).toHaveText(
      '1 change is still waiting to sync. Restart once it is sent, or quit the app later: the update installs then.',
    )
    expect(updater.installs).toBe(0)

    // This computer's installer first (the browser says Windows), then the four others.
    await expect(page.getByTestId('download-primary')).toHaveAttribute(
      'href',
      `${e2e.desktopReleasesUrl}/Meridian-Editor-windows.exe`,
    )
    await expect(page.getByRole('list', { name: 'Other platforms' }).getByRole('link')).toHaveCount(4)
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])

    desktop.network.up = true
    await syncNow(page)
    await expect.poll(async () => (await desktop.backend.engine.status()).pending).toBe(0)
    await page.getByRole('button', { name: 'Restart to update' }).click()
    await expect.poll(() => updater.installs).toBe(1)
  })
})
