import { expect, test } from '@playwright/test'
import { createPost } from '../../../shared/data/blogs.ts'
import { editorClient, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

test('an editor shares a preview link of a draft; a colleague opens it without signing in; it is never indexed', async ({
  page,
  browser,
}) => {
  const token = uniqueToken('share')
  const client = await editorClient()
  await createPost(client, {
    title: `Draft to share ${token}`,
    slug: `share-${token}`,
    author: 'Asha Rao',
    status: 'draft',
    content: '<h2>What we plan</h2><p>A second centre in Hyderabad.</p>',
  })

  await signInToAdmin(page)
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('button', { name: `Edit Draft to share ${token}` }).click()
  await page.getByRole('button', { name: 'Share link' }).click()
  const box = page.getByTestId('share-link')
  await expect(box).toContainText('Anyone with this link can read the saved post, without signing in, until')
  const url = await box.getByLabel('Preview link').inputValue()
  expect(url).toMatch(/\/preview\/v1\./)

  // A colleague with no session at all.
  const colleague = await browser.newContext()
  const tab = await colleague.newPage()
  const response = await tab.goto(url)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-robots-tag']).toContain('noindex')
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Draft to share ${token}`)
  await expect(tab.getByText('A second centre in Hyderabad.')).toBeVisible()
  await expect(tab.getByTestId('preview-banner')).toContainText('Preview of a draft, not public yet.')
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

  // The public page still has nothing for visitors, and a changed link is the not-found page.
  expect((await tab.goto(`/post/share-${token}`))?.status()).toBe(404)
  const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
  expect((await tab.goto(tampered))?.status()).toBe(404)
  await colleague.close()
})
