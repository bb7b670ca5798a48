import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { editTags, postRow, searchPosts, syncNow, writePost } from './desktop-flows.ts'

/**
 * History in the desktop app: the versions its synced saves made on the server, read through main, and a
 * clear word instead of a history when there is no network (the offline store keeps no history).
 */
test.describe('desktop history', () => {
  const app = desktopAppForDescribe()

  test('shows the versions its saves made once synced, and says history needs a connection when offline', async ({
    page,
  }) => {
    const token = uniqueToken()
    const slug = `kept-versions-${token}`
    await openSignedIn(page, app)

    await writePost(page, `Kept versions ${token}`, 'First words from the desktop.')
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await editTags(page, slug, 'desktop, history')
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })

    await searchPosts(page, slug)
    await postRow(page, slug).getByRole('button', { name: /^Edit/ }).click()
    await page.getByRole('button', { name: 'History', exact: true }).click()
    const history = page.getByTestId('post-history')
    await expect(history.getByTestId('revision')).toHaveCount(2)
    await expect(history.getByTestId('revision').first()).toContainText(e2e.editorEmail)
    await expect(history.getByTestId('revision-diff')).toContainText('desktop, history')
    await history.getByRole('button', { name: 'Close history' }).click()

    app.desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    await page.getByRole('button', { name: 'History', exact: true }).click()
    await expect(history).toContainText('History is read from the server: connect to the network to see it.')
    app.desktop.network.up = true
  })
})
