import { expect, test, type Page } from '@playwright/test'
import {
  editorClient,
  openNewPost,
  seedPosts,
  signInToAdmin,
  typePost,
  uniqueToken,
} from './blog-fixtures.ts'

const searchPlaceholder = 'Search by title, slug, or author...'

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
    await page.getByPlaceholder(searchPlaceholder).fill(token)
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

/**
 * An editor that keeps your place: after a successful save (and after "Keep mine" in a conflict) the saved
 * post stays open in the editor, the list reloads, and only "New post" gives the empty form. On a phone the
 * writer stays in the editor instead of landing on a blank one.
 */

/** Below 1280 px the post's settings (author, tags) are a drawer: opens it, fills, closes it. */
async function inSettings(page: Page, fill: () => Promise<void>) {
  const drawer = (page.viewportSize()?.width ?? 1280) < 1280
  if (drawer) await page.getByRole('button', { name: 'Post settings' }).click()
  await fill()
  if (drawer) await page.keyboard.press('Escape')
}

async function expectOpen(page: Page, title: string, slug: string) {
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await expect(page.getByTestId('editor-subject')).toHaveText(`Editing “${slug}”`)
}

for (const [name, viewport] of [
  ['at 1280 px', { width: 1280, height: 800 }],
  ['on a phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`the editor keeps your place ${name}`, () => {
    test.use({ viewport })

    test('a new post stays open after saving; the list shows it; New post empties the form', async ({
      page,
    }) => {
      const token = uniqueToken('kp')
      const title = `Keeps place ${token}`
      await signInToAdmin(page)
      await openNewPost(page)
      await typePost(page, { title, body: 'A paragraph worth keeping.' })
      await page.getByRole('button', { name: 'Save Blog Post' }).click()
      await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
      const slug = `keeps-place-${token}`
      await expectOpen(page, title, slug)
      await expect(page.locator('.ProseMirror')).toContainText('A paragraph worth keeping.')
      await expect(page.getByRole('button', { name: 'Save Blog Post' })).toBeVisible()

      // Saving again saves over the version just saved (no conflict with itself).
      await inSettings(page, () => page.getByLabel('Author').fill('Asha R.'))
      await page.getByRole('button', { name: 'Save Blog Post' }).click()
      await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
      await expectOpen(page, title, slug)
      const { data } = await (await editorClient()).from('blogs').select('author').eq('slug', slug).single()
      expect(data).toEqual({ author: 'Asha R.' })

      // The list reloaded with the post in it.
      if (viewport.width < 1024) await page.getByRole('button', { name: /^Back/ }).click()
      await page.getByPlaceholder(searchPlaceholder).fill(token)
      await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()

      await page.getByRole('button', { name: 'New post', exact: true }).click()
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('')
      await expect(page.getByTestId('editor-subject')).toHaveText('New post')
    })

    test('after "Keep mine" the post stays open', async ({ page }) => {
      const token = uniqueToken('km')
      const slug = `keep-mine-${token}`
      const client = await editorClient()
      await seedPosts(client, [{ title: `Keep mine ${token}`, slug }])
      await signInToAdmin(page)
      await page.getByPlaceholder(searchPlaceholder).fill(token)
      await page.getByRole('row').filter({ hasText: slug }).getByRole('button', { name: /^Edit/ }).click()
      await expect(page.getByLabel('Slug')).toHaveValue(slug)

      await client.from('blogs').update({ author: 'Someone Else' }).eq('slug', slug)
      await inSettings(page, () => page.getByLabel('Tags (comma-separated)').fill('mine'))
      await page.getByRole('button', { name: 'Save Blog Post' }).click()
      const comparison = page.getByRole('region', { name: /^Conflict:/ })
      await comparison.getByRole('button', { name: /^Keep mine/ }).click()
      await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
      await expect(comparison).toHaveCount(0)
      await expectOpen(page, `Keep mine ${token}`, slug)
      await inSettings(page, () => expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('mine'))
    })
  })
}
