import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { postRow } from './desktop-flows.ts'

/**
 * The built desktop renderer in Chromium with the built preload, its IPC bound to the real main-process
 * handlers running in this test process (offline store, outbox, supabase-js), against the e2e server.
 */
test.describe('desktop app', () => {
  const app = desktopAppForDescribe()

  test('an editor signs in, writes a post offline, goes online and sees it on /resources', async ({
    page,
    browser,
  }) => {
    const token = uniqueToken()
    const title = `Drafted on a plane ${token}`
    const slug = `drafted-on-a-plane-${token}`

    await openSignedIn(page, app)
    await expect(page.getByTestId('sync-connection')).toHaveText('Online')
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server')

    // The network drops (main is told, as Electron's net.isOnline() would report).
    app.desktop.network.up = false
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')

    await page.getByLabel('Title').fill(title)
    await expect(page.getByLabel('Slug')).toHaveValue(slug)
    await page.getByLabel('Author').fill('Asha Rao')
    await page.locator('.ProseMirror').click()
    await page.keyboard.type('Written at 30,000 feet with no network.')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(page.getByTestId('sync-pending')).toHaveText('1 change waiting to sync')
    await expect(postRow(page, slug).getByTestId('row-sync-state')).toHaveText('Waiting to sync')

    // Not on the site yet.
    const site = await browser.newPage()
    const before = await site.request.get(
      `http://localhost:${e2e.port}/rest/v1/blogs?slug=eq.${slug}&select=slug`,
      {
        headers: {
          apikey: (await (await site.request.get(`http://localhost:${e2e.port}/config.json`)).json())
            .supabaseAnonKey,
        },
      },
    )
    expect(await before.json()).toEqual([])

    // Back online: the outbox is sent.
    app.desktop.network.up = true
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('sync-connection')).toHaveText('Online')
    await expect(page.getByTestId('sync-last')).toHaveText(/Last synced/)
    await expect(postRow(page, slug).getByTestId('row-sync-state')).toHaveText('Synced')

    await site.goto(`http://localhost:${e2e.port}/resources`)
    await site.getByPlaceholder('Search resources...').fill(token)
    await expect(site.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 })
    await site.close()
  })

  test('refuses malformed calls from the page with a clear message', async ({ page }) => {
    await app.desktop.attach(page)
    await page.goto(app.renderer.url)
    const message = await page.evaluate(() =>
      (window as unknown as { meridian: { getPost(s: unknown): Promise<unknown> } }).meridian
        .getPost({ not: 'a slug' })
        .then(
          () => 'accepted',
          (err: Error) => err.message,
        ),
    )
    expect(message).toContain('Invalid arguments for getPost')
  })
})
