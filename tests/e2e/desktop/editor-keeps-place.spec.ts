import { expect, test } from '@playwright/test'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { otherEditor, postRow, searchPosts, syncNow, writePost } from './desktop-flows.ts'

/**
 * The desktop editor keeps your place as the browser's does: a saved post stays open in the editor (the
 * list reloads), and resolving a sync conflict with "Keep mine" leaves the post open as the writer left it.
 */
test.describe('the desktop editor keeps your place', () => {
  const app = desktopAppForDescribe()

  test('a saved post stays open; Keep mine on its conflict keeps it open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openSignedIn(page, app)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })

    const token = uniqueToken('dk')
    const title = `Desktop keeps ${token}`
    const slug = `desktop-keeps-${token}`
    await writePost(page, title, 'Written on the desktop.')
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByTestId('editor-subject')).toHaveText(`Editing “${slug}”`)
    await searchPosts(page, token)
    await expect(postRow(page, slug)).toHaveAttribute('aria-current', 'true')
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })

    // Offline, the writer changes the open post while another editor retitles it in the browser.
    const other = await otherEditor()
    app.desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    await page.getByLabel('Tags (comma-separated)').fill('from the desktop')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('from the desktop')
    await other.update(slug, { title: `Retitled elsewhere ${token}` })

    app.desktop.network.up = true
    await syncNow(page)
    const comparison = page.getByRole('region', { name: `Conflict: “${title}”` })
    await comparison.getByRole('button', { name: /^Keep mine/ }).click({ timeout: 20_000 })
    await expect(comparison).toHaveCount(0)
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('from the desktop')
    await expect(page.getByTestId('editor-subject')).toHaveText(`Editing “${slug}”`)
  })
})
