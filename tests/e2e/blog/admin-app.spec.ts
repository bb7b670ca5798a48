import { expect, test } from '@playwright/test'
import {
  editorClient,
  openNewPost,
  seedPosts,
  signInToAdmin,
  typePost,
  uniqueToken,
} from './blog-fixtures.ts'

test.describe('the admin as an app', () => {
  test('its own shell: a top bar with the editor, View site and sign out; no marketing header or footer', async ({
    page,
  }) => {
    await signInToAdmin(page)
    const bar = page.getByRole('banner')
    await expect(bar).toContainText('Signed in as editor@meridian.example')
    await expect(bar.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/')
    await expect(bar.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    // The list pane sits beside the editor pane.
    const list = await page.getByRole('heading', { name: 'All Blog Posts' }).boundingBox()
    const editor = await page.getByRole('heading', { name: 'Add / Update Blog Post' }).boundingBox()
    expect(list!.x + list!.width).toBeLessThan(editor!.x)
  })

  test('New post, preview as the public page shows it, and Ctrl+S saves', async ({ page }) => {
    const token = uniqueToken('app')
    const client = await editorClient()
    await seedPosts(client, [{ title: `Existing ${token}`, slug: `existing-${token}` }])
    await signInToAdmin(page)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    await page.getByRole('button', { name: `Edit Existing ${token}` }).click()
    await expect(page.getByLabel('Title')).toHaveValue(`Existing ${token}`)
    await expect(page.getByRole('row').filter({ hasText: `existing-${token}` })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await page.getByRole('button', { name: 'New post', exact: true }).click()
    await expect(page.getByLabel('Title')).toHaveValue('')

    await typePost(page, { title: `Preview ${token}`, author: '', body: 'A body worth reading.' })
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByTestId('post-preview')
    await expect(preview.getByRole('heading', { name: `Preview ${token}` })).toBeVisible()
    await expect(preview).toContainText('By Meridian Team')
    await expect(preview.locator('.post-content')).toHaveText('A body worth reading.')
    await expect(page.getByLabel('Title')).toBeHidden()
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByLabel('Title')).toBeVisible()

    await page.getByLabel('Author').fill('Asha Rao')
    await page.getByLabel('Title').press('ControlOrMeta+s')
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    const { data } = await client.from('blogs').select('author').eq('slug', `preview-${token}`).single()
    expect(data?.author).toBe('Asha Rao')
  })

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 800 } })
    test('the formatting toolbar keeps to one row; the rest is under More', async ({ page }) => {
      await signInToAdmin(page)
      await openNewPost(page)
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
      await expect(toolbar).toBeVisible()
      const box = (await toolbar.boundingBox())!
      expect(box.height).toBeLessThan(44)
      await expect(toolbar.getByRole('button', { name: 'Quote' })).toBeHidden()
      await toolbar.getByRole('button', { name: 'More formatting' }).click()
      await toolbar.getByRole('button', { name: 'Quote' }).click()
      await expect(page.locator('.ProseMirror blockquote')).toHaveCount(1)
    })
  })
})
