import { expect, test, type Page } from '@playwright/test'
import { editorClient, openNewPost, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** Seeds a long post, "Writing first <token>", and returns its token. */
async function seedLongPost(prefix: string): Promise<string> {
  const token = uniqueToken(prefix)
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) => `<p>Paragraph ${i + 1} of a post about building a capacity centre in India, ${token}.</p>`,
  ).join('')
  await seedPosts(await editorClient(), [
    {
      title: `Writing first ${token}`,
      slug: `writing-first-${token}`,
      excerpt: 'An excerpt long enough to take a few lines in the settings panel beside the canvas.',
      tags: ['hiring', 'gcc', 'india'],
      content: `<h2>Why now</h2>${paragraphs}`,
    },
  ])
  return token
}

/** Opens the long post from the list. */
async function editLongPost(page: Page, token: string) {
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('button', { name: `Edit Writing first ${token}` }).click()
}

test.describe('the editor as a writing tool at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('an opened post shows its title and body in the first screen, the settings beside them, and a live word count', async ({
    page,
  }) => {
    const token = await seedLongPost('wf')
    await signInToAdmin(page)
    await editLongPost(page, token)
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Writing first ${token}`)

    const body = page.getByRole('textbox', { name: 'Content' })
    await expect(body.locator('h2')).toHaveText('Why now')
    const bodyBox = (await body.boundingBox())!
    expect(bodyBox.y).toBeLessThan(800 - 200)
    await expect(body).toBeInViewport({ ratio: 0.3 })
    const titleBox = (await page.getByLabel('Title', { exact: true }).boundingBox())!
    expect(titleBox.y).toBeLessThan(bodyBox.y)

    // Slug, author, type, status, excerpt, tags and cover sit in the panel beside the canvas.
    const settings = page.getByRole('complementary', { name: 'Post settings' })
    for (const label of ['Slug', 'Author', 'Excerpt', 'Tags (comma-separated)']) {
      await expect(settings.getByLabel(label, { exact: true })).toBeVisible()
      const box = (await settings.getByLabel(label, { exact: true }).boundingBox())!
      expect(box.x).toBeGreaterThan(bodyBox.x + bodyBox.width)
    }
    await expect(settings.getByRole('group', { name: 'Type' })).toBeVisible()
    await expect(settings.getByRole('group', { name: 'Status' })).toBeVisible()
    await expect(settings.getByText('Drag & drop or click to upload a cover image')).toBeVisible()
    // The heading stays on the page as a small label above the canvas.
    await expect(page.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeVisible()

    // The word count follows the writing.
    const count = page.getByTestId('word-count')
    await expect(count).toHaveText(/^\d+ words · 1 min read$/)
    const before = Number((await count.textContent())!.split(' ')[0])
    await body.click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Three more words')
    await expect(count).toHaveText(`${before + 3} words · 1 min read`)
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  })
})

test.describe('the editor on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the list and the editor are two screens: Edit shows the body in view, Back returns to the list', async ({
    page,
  }) => {
    const token = await seedLongPost('ph')
    await signInToAdmin(page)
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await editLongPost(page, token)

    const body = page.getByRole('textbox', { name: 'Content' })
    await expect(body.locator('h2')).toHaveText('Why now')
    await expect(body).toBeInViewport()
    await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeHidden()
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

    // The save bar sits under the canvas, never over the editor's own controls.
    const bar = (await page.getByRole('button', { name: 'Save Blog Post' }).boundingBox())!
    for (const name of ['History', 'Share link', 'Back to all posts']) {
      const control = page.getByRole('button', { name, exact: true })
      await expect(control).toBeVisible()
      const box = (await control.boundingBox())!
      expect(box.y + box.height).toBeLessThan(bar.y)
    }
    const canvas = (await page.getByTestId('editor-canvas').boundingBox())!
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(bar.y)

    // The settings are a drawer.
    await expect(page.getByLabel('Slug', { exact: true })).toBeHidden()
    await page.getByRole('button', { name: 'Post settings' }).click()
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(`writing-first-${token}`)
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Close settings' }).click()
    await expect(page.getByLabel('Slug', { exact: true })).toBeHidden()

    await page.getByRole('button', { name: 'Back to all posts' }).click()
    await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: `writing-first-${token}` })).toBeVisible()
  })

  test('a new post from the list opens the editor, and the status line is seen on either screen', async ({
    page,
  }) => {
    await signInToAdmin(page)
    await openNewPost(page)
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('❌ Failed to save blog: Title is required.')
    await expect(page.getByTestId('blog-status')).toBeInViewport()
  })
})
