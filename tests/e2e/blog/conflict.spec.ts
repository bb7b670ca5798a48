import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { editorClient, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

/**
 * Two editors on one post: the browser admin opens it, someone else saves (or deletes) it meanwhile, and
 * the admin's save is refused with both versions side by side instead of writing over theirs.
 */

async function openForEdit(page: Page, token: string, slug: string) {
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('row').filter({ hasText: slug }).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.getByLabel('Slug')).toHaveValue(slug)
}

async function seedAndOpen(page: Page) {
  const token = uniqueToken('cf')
  const slug = `two-editors-${token}`
  const client = await editorClient()
  await seedPosts(client, [{ title: `Two editors ${token}`, slug, tags: ['gcc'] }])
  await signInToAdmin(page)
  await openForEdit(page, token, slug)
  return { token, slug, client }
}

test.describe('blog admin conflicts', () => {
  test('a save that lost a race shows both versions; keep theirs loads the server copy', async ({ page }) => {
    const { token, slug, client } = await seedAndOpen(page)
    // Someone else renames the post while it is open here.
    const { error } = await client
      .from('blogs')
      .update({ title: `Renamed elsewhere ${token}` })
      .eq('slug', slug)
    expect(error).toBeNull()

    await page.getByLabel('Tags (comma-separated)').fill('gcc, hiring')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    const comparison = page.getByRole('region', { name: /^Conflict:/ })
    await expect(comparison).toBeVisible()
    await expect(page.getByTestId('blog-status')).toHaveText(
      '❌ Failed to save blog: Someone else changed this post after you opened it. Choose which version to keep.',
    )
    await expect(comparison.getByRole('columnheader', { name: 'Your version' })).toBeVisible()
    await expect(comparison.getByRole('columnheader', { name: 'On the server' })).toBeVisible()
    // Marked with a word, not colour alone. (The form also fills in the Markdown and the excerpt.)
    for (const field of ['title', 'tags'])
      await expect(comparison.locator(`tr[data-field="${field}"]`).getByRole('rowheader')).toContainText(
        'Changed',
      )
    await expect(comparison.locator('tr[data-field="author"]').getByRole('rowheader')).not.toContainText(
      'Changed',
    )
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="conflict-comparison"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
    await expect(comparison.locator('tr[data-field="title"]')).toContainText(`Renamed elsewhere ${token}`)

    await comparison.getByRole('button', { name: /^Keep theirs/ }).click()
    await expect(comparison).toHaveCount(0)
    await expect(page.getByLabel('Title')).toHaveValue(`Renamed elsewhere ${token}`)
    await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('gcc')
    await expect(page.getByTestId('blog-status')).toHaveText(
      '✅ Kept the version on the server: your changes were dropped.',
    )
    // The form now holds their version: saving it again goes through.
    await page.getByLabel('Author').fill('Asha Rao')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    const { data } = await client.from('blogs').select('title, author').eq('slug', slug).single()
    expect(data).toEqual({ title: `Renamed elsewhere ${token}`, author: 'Asha Rao' })
  })

  test('keep mine saves over the server copy; keep both saves a copy with a new slug', async ({ page }) => {
    const { token, slug, client } = await seedAndOpen(page)
    await client.from('blogs').update({ author: 'Someone Else' }).eq('slug', slug)
    await page.getByLabel('Tags (comma-separated)').fill('mine')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    const comparison = page.getByRole('region', { name: /^Conflict:/ })
    await comparison.getByRole('button', { name: /^Keep mine/ }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(comparison).toHaveCount(0)
    const { data: kept } = await client.from('blogs').select('author, tags').eq('slug', slug).single()
    // Mine is the whole form as it was: their author change is replaced too.
    expect(kept).toEqual({ author: 'Seed Author', tags: ['mine'] })

    await openForEdit(page, token, slug)
    await client
      .from('blogs')
      .update({ tags: ['theirs'] })
      .eq('slug', slug)
    await page.getByLabel('Title').fill(`My copy ${token}`)
    await page.getByLabel('Slug').fill(slug)
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await comparison.getByRole('button', { name: /^Keep both/ }).click()
    await expect(page.getByTestId('blog-status')).toHaveText(
      `✅ Blog saved successfully! Your version is a new post at “${slug}-copy”.`,
    )
    const { data: both } = await client
      .from('blogs')
      .select('slug, title, tags')
      .in('slug', [slug, `${slug}-copy`])
      .order('slug')
    expect(both).toEqual([
      { slug, title: `Two editors ${token}`, tags: ['theirs'] },
      { slug: `${slug}-copy`, title: `My copy ${token}`, tags: ['mine'] },
    ])
  })

  test('a post deleted elsewhere: keep mine puts it back', async ({ page }) => {
    const { slug, client } = await seedAndOpen(page)
    await client.from('blogs').delete().eq('slug', slug)
    await page.getByLabel('Tags (comma-separated)').fill('restored')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    const comparison = page.getByRole('region', { name: /^Conflict:/ })
    await expect(comparison.getByText('Deleted on the server')).toBeVisible()
    await expect(comparison.getByRole('button', { name: /^Keep both/ })).toHaveCount(0)
    await comparison.getByRole('button', { name: /^Keep mine/ }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    const { data } = await client.from('blogs').select('tags').eq('slug', slug).single()
    expect(data).toEqual({ tags: ['restored'] })
  })

  test('deleting a post someone changed since the list loaded is refused and the list reloads', async ({
    page,
  }) => {
    const token = uniqueToken('dc')
    const slug = `delete-race-${token}`
    const client = await editorClient()
    await seedPosts(client, [{ title: `Delete race ${token}`, slug }])
    await signInToAdmin(page)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    const row = page.getByRole('row').filter({ hasText: slug })
    // The debounced search has applied and its list has loaded (the new post is also on the unfiltered first
    // page): only then is the row's version the one the change below makes stale.
    await expect(page.getByRole('row')).toHaveCount(2)
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0)
    await expect(row).toHaveCount(1)
    await client
      .from('blogs')
      .update({ title: `Changed before delete ${token}` })
      .eq('slug', slug)

    await row.getByRole('button', { name: /^Delete/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText(
      '❌ Failed to delete blog: Someone else changed this post after you opened it.',
    )
    await expect(row).toContainText(`Changed before delete ${token}`)
    const { data } = await client.from('blogs').select('slug').eq('slug', slug)
    expect(data).toEqual([{ slug }])
  })
})
