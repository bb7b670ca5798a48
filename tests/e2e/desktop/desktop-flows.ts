import { expect, type Page } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { editorClient, seedPosts, typePost } from '../blog/blog-fixtures.ts'

/** Steps the desktop specs (and the screenshot script) share: what an editor does in the app's window. */

export const siteUrl = `http://localhost:${e2e.port}`

export async function signIn(page: Page) {
  await page.getByLabel('Email').fill(e2e.editorEmail)
  await page.getByLabel('Password').fill(e2e.editorPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(`Signed in as ${e2e.editorEmail}`)).toBeVisible()
}

/** Presses "Sync now" (callers then wait for what the sync should show). */
export async function syncNow(page: Page) {
  await page.getByRole('button', { name: 'Sync now' }).click()
}

/** Narrows the post list to `text` (the list shows 5 per page). */
export async function searchPosts(page: Page, text: string) {
  await page.getByPlaceholder('Search by title, slug, or author...').fill(text)
}

export function postRow(page: Page, slug: string) {
  return page.getByRole('row').filter({ hasText: slug })
}

/** Opens a listed post in the form, changes its tags and saves (on the desktop a save never fails for a race). */
export async function editTags(page: Page, slug: string, tags: string) {
  await searchPosts(page, slug)
  await postRow(page, slug).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug)
  await page.getByLabel('Tags (comma-separated)').fill(tags)
  await page.getByRole('button', { name: 'Save Blog Post' }).click()
  await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
}

/** Writes a new post in the form (after a save the saved post stays open: New post starts the next one). */
export async function writePost(page: Page, title: string, body: string) {
  if ((await page.getByTestId('editor-subject').textContent()) !== 'New post')
    await page.getByRole('button', { name: 'New post', exact: true }).click()
  await typePost(page, { title, author: 'Asha Rao', body })
  await page.getByRole('button', { name: 'Save Blog Post' }).click()
  await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
}

/** Another editor, working in the browser at the same time (supabase-js signed in as an editor). */
export async function otherEditor() {
  const client = await editorClient()
  return {
    client,
    seed: (posts: Parameters<typeof seedPosts>[1]) => seedPosts(client, posts),
    async update(slug: string, changes: Record<string, unknown>) {
      const { error } = await client.from('blogs').update(changes).eq('slug', slug)
      if (error) throw new Error(`Other editor's update failed: ${error.message}`)
    },
    async get(slug: string) {
      const { data, error } = await client.from('blogs').select('*').eq('slug', slug).maybeSingle()
      if (error) throw new Error(`Reading ${slug} failed: ${error.message}`)
      return data as Record<string, unknown> | null
    },
  }
}
