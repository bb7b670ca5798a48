import { expect, test } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import {
  adminPath,
  editorClient,
  seedPosts,
  signInToAdmin,
  typePost,
  uniqueToken,
  visitorClient,
} from './blog-fixtures.ts'

/** A 4000×3000 photo-like JPEG full of noise (~10 MB): the worst case for the cover compressor. */
async function largeNoisyJpeg(): Promise<string> {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'meridian-cover-')), 'big-cover.jpg')
  writeFileSync(file, jpeg)
  return file
}

test.describe('blog admin', () => {
  test('an editor signs in, creates a post with a compressed cover, tags and formatted content, then edits and deletes it', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const token = uniqueToken('adm')
    const title = `Scaling a GCC ${token}`
    const slug = `scaling-a-gcc-${token}`
    const coverFile = await largeNoisyJpeg()

    await signInToAdmin(page)
    await page.getByLabel('Title').fill(title)
    await expect(page.getByLabel('Slug')).toHaveValue(slug)
    await expect(page.getByLabel('Author')).toHaveValue('Meridian Team')
    await page.getByLabel('Tags (comma-separated)').fill('a, b,,c ')

    // Cover: the real compressor runs in the page, then the upload; the bar covers both.
    await page.getByLabel('Cover image file').setInputFiles(coverFile)
    await expect(page.getByRole('progressbar', { name: 'Cover image upload' })).toBeVisible()
    await expect(page.getByText('✅ Image uploaded successfully!')).toBeVisible({ timeout: 60_000 })
    await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible()

    // Content through the toolbar: a heading, bold text and a bullet list.
    const editor = page.locator('.ProseMirror')
    await editor.click()
    await page.keyboard.type('Why build in India')
    await page.getByRole('button', { name: 'Heading 2' }).click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('Two weeks to hire')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Bullet list' }).click()
    await page.keyboard.type('Top 1% talent')
    await expect(editor.locator('h2')).toHaveText('Why build in India')
    await expect(editor.locator('strong')).toHaveText('Two weeks to hire')
    await expect(editor.locator('ul li')).toHaveText('Top 1% talent')

    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    const status = page.getByTestId('blog-status')
    await expect(status).toHaveText('✅ Blog saved successfully!')
    await expect(status).toHaveClass(/text-green-700/)
    // The saved post stays open and the list shows it.
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.getByTestId('editor-subject')).toHaveText(`Editing “${slug}”`)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    const row = page.getByRole('row').filter({ hasText: slug })
    await expect(row).toContainText('a, b, c')

    // What was stored.
    const client = await editorClient()
    const { data: stored, error } = await client.from('blogs').select('*').eq('slug', slug).single()
    expect(error).toBeNull()
    expect(stored.tags).toEqual(['a', 'b', 'c'])
    expect(stored.status).toBe('published')
    expect(stored.content).toContain('<h2>Why build in India</h2>')
    expect(stored.content).toContain('<strong>Two weeks to hire</strong>')
    expect(stored.content).toMatch(/<ul[^>]*>[\s\S]*Top 1% talent[\s\S]*<\/ul>/)
    expect(stored.content_markdown).toContain('## Why build in India')
    expect(stored.excerpt).toContain('Why build in India')
    expect(stored.cover_image_url).toMatch(
      /\/storage\/v1\/object\/public\/images\/blog-covers\/\d+\.(jpg|webp|png)$/,
    )
    const cover = Buffer.from(await (await fetch(stored.cover_image_url)).arrayBuffer())
    expect(cover.byteLength).toBeLessThanOrEqual(1024 * 1024)
    const meta = await sharp(cover).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1200)

    // Visitors find it on /resources and read it at /post/{slug}.
    await page.goto('/resources')
    await page.getByPlaceholder('Search resources...').fill(token)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await page.getByRole('link', { name: `Read more: ${title}` }).click()
    await expect(page).toHaveURL(new RegExp(`/post/${slug}$`))
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('post-content').locator('h2')).toHaveText('Why build in India')
    await expect(page.getByText('By Meridian Team')).toBeVisible()

    // Edit loads the tags joined by comma and space, and clears the message.
    await page.goto(adminPath)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    await page.getByRole('row').filter({ hasText: slug }).getByRole('button', { name: /^Edit/ }).click()
    await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('a, b, c')
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.locator('.ProseMirror h2')).toHaveText('Why build in India')
    await expect(page.getByTestId('blog-status')).toHaveCount(0)
    await page.getByLabel('Tags (comma-separated)').fill('a, b, c, d')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(page.getByRole('row').filter({ hasText: slug })).toContainText('a, b, c, d')

    // Delete asks first, naming the post; cancelling keeps it, confirming removes it.
    const deleteButton = page
      .getByRole('row')
      .filter({ hasText: slug })
      .getByRole('button', { name: /^Delete/ })
    await deleteButton.click()
    const confirm = page.getByRole('alertdialog', { name: `Delete “${title}”?` })
    await expect(confirm).toBeVisible()
    await expect(confirm).toContainText('Are you sure you want to delete this blog post?')
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('row').filter({ hasText: slug })).toHaveCount(1)
    await deleteButton.click()
    await confirm.getByRole('button', { name: 'Delete post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog deleted successfully!')
    await expect(page.getByRole('row').filter({ hasText: slug })).toHaveCount(0)
    const { data: gone } = await client.from('blogs').select('id').eq('slug', slug)
    expect(gone).toEqual([])
  })

  test('paginates 5 per page on the server; sort toggles the order; a new search goes back to page 1', async ({
    page,
  }) => {
    const token = uniqueToken('pg')
    const client = await editorClient()
    const base = Date.parse('2025-01-01T00:00:00Z')
    await seedPosts(
      client,
      Array.from({ length: 6 }, (_, i) => ({
        title: `Paging ${token} number ${i + 1}`,
        slug: `paging-${token}-${i + 1}`,
        author: `Author ${token}`,
        created_at: new Date(base + i * 86_400_000).toISOString(),
      })),
    )
    await signInToAdmin(page)
    const search = page.getByPlaceholder('Search by title, slug, or author...')
    await search.fill(token)
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    const titles = page.getByTestId('post-title')
    await expect(titles).toHaveCount(5)
    await expect(titles.first()).toHaveText(`Paging ${token} number 6`)

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await expect(titles).toHaveCount(1)
    await expect(titles.first()).toHaveText(`Paging ${token} number 1`)
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()

    await page.getByRole('button', { name: 'Sort: Newest' }).click()
    await expect(page.getByRole('button', { name: 'Sort: Oldest' })).toBeVisible()
    // Still on page 2, now of the oldest-first order.
    await expect(titles.first()).toHaveText(`Paging ${token} number 6`)
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(titles.first()).toHaveText(`Paging ${token} number 1`)

    // Searching by author from page 2 lands on page 1.
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await search.fill(`author ${token}`.toUpperCase())
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await expect(titles).toHaveCount(5)
  })

  test('refuses a new post whose slug already exists', async ({ page }) => {
    const token = uniqueToken('dup')
    const client = await editorClient()
    await seedPosts(client, [{ title: `Original ${token}`, slug: `taken-${token}` }])
    await signInToAdmin(page)
    await typePost(page, {
      title: `Taken ${token}`,
      author: 'Someone Else',
      body: 'Would overwrite the original',
    })
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    const status = page.getByTestId('blog-status')
    await expect(status).toHaveText(
      `❌ Failed to save blog: A post with the slug “taken-${token}” already exists.`,
    )
    await expect(status).toHaveClass(/text-red-700/)
    const { data } = await client.from('blogs').select('title, author').eq('slug', `taken-${token}`).single()
    expect(data).toEqual({ title: `Original ${token}`, author: 'Seed Author' })
  })

  test('requires title, slug and author, and regenerates the slug on the next title edit', async ({
    page,
  }) => {
    await signInToAdmin(page)
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('❌ Failed to save blog: Title is required.')
    await page.getByLabel('Title').fill('Hello World')
    await page.getByLabel('Slug').fill('my-own-slug')
    await page.getByLabel('Title').press('End')
    await page.getByLabel('Title').pressSequentially('!')
    await expect(page.getByLabel('Slug')).toHaveValue('hello-world')
    await page.getByLabel('Author').fill('')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('❌ Failed to save blog: Author is required.')
  })

  test('keeps an unsaved draft and offers it back after a reload', async ({ page }) => {
    const token = uniqueToken('draft')
    await signInToAdmin(page)
    await page.getByLabel('Title').fill(`Unsaved ${token}`)
    await page.getByLabel('Tags (comma-separated)').fill('kept, locally')
    // The draft is written a moment after the last keystroke: wait until it holds both fields.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('meridian.blog-admin.draft')))
      .toMatch(new RegExp(`${token}.*kept, locally|kept, locally.*${token}`))
    // Leaving with unsaved edits asks first.
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('beforeunload')
      void dialog.accept()
    })
    await page.reload()
    await expect(page.getByText('Unsaved draft found')).toBeVisible()
    await page.getByRole('button', { name: 'Restore draft' }).click()
    await expect(page.getByLabel('Title')).toHaveValue(`Unsaved ${token}`)
    await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('kept, locally')
  })

  test('signed out, the admin shows sign-in, rejects a wrong password, and the backend refuses writes', async ({
    page,
  }) => {
    await page.goto(adminPath)
    await expect(page.getByRole('heading', { name: 'Editor sign-in', level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached()
    await page.getByLabel('Email').fill('editor@meridian.example')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText(/wrong email or password|invalid/i)

    // Row-level security, not only the UI: a visitor's insert, update and upload are refused.
    const visitor = await visitorClient()
    const token = uniqueToken('rls')
    const insert = await visitor.from('blogs').insert({ title: 'Nope', slug: `nope-${token}`, author: 'x' })
    expect(insert.error?.code).toBe('42501')
    expect(insert.error?.message).toMatch(/row-level security/)
    // A real image, so that what refuses it is the policy and not the check of its contents.
    const onePixelPng = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    )
    const upload = await visitor.storage
      .from('images')
      .upload(`blog-covers/${token}.png`, onePixelPng, { contentType: 'image/png' })
    expect(upload.error?.message).toBe('new row violates row-level security policy')

    // After signing out in the UI the gate is back.
    await signInToAdmin(page)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Editor sign-in' })).toBeVisible()
  })
})

test.describe('blog admin editor details', () => {
  test('links are limited to http/https/mailto/tel, content images upload, and the drop zone refuses non-images', async ({
    page,
  }) => {
    const token = uniqueToken('tool')
    await signInToAdmin(page)

    // The cover drop zone shows react-dropzone's own messages.
    await page
      .getByLabel('Cover image file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
    await expect(page.getByText('File type must be image/*')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Cover preview' })).toHaveCount(0)

    await page.getByLabel('Title').fill(`Toolbar ${token}`)
    const editor = page.locator('.ProseMirror')
    await editor.click()
    page.once('dialog', (dialog) => void dialog.accept('javascript:alert(1)'))
    await page.getByRole('button', { name: 'Link' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText(
      '❌ Links must start with http://, https://, mailto: or tel:',
    )
    await expect(editor.locator('a')).toHaveCount(0)
    page.once('dialog', (dialog) => void dialog.accept('https://meridian.example/guide'))
    await page.getByRole('button', { name: 'Link' }).click()
    await expect(editor.locator('a[href="https://meridian.example/guide"]')).toHaveText(
      'https://meridian.example/guide',
    )

    // A content image: a small PNG through the toolbar's file input.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer()
    await page
      .getByLabel('Content image file')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png })
    await expect(editor.locator('img[src*="/images/blog-content/"]')).toHaveCount(1)

    // Saved as a draft: listed for editors, invisible to visitors.
    await page.getByRole('radio', { name: 'Draft' }).check()
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    await expect(page.getByRole('row').filter({ hasText: `toolbar-${token}` })).toContainText('Draft')
    const { data } = await (
      await editorClient()
    )
      .from('blogs')
      .select('content, status')
      .eq('slug', `toolbar-${token}`)
      .single()
    expect(data?.status).toBe('draft')
    expect(data?.content).toContain('href="https://meridian.example/guide"')
    expect(data?.content).toMatch(/<img [^>]*src="[^"]*\/images\/blog-content\/\d+\.(png|jpg|webp)"/)
    const visitor = await visitorClient()
    const { data: seen } = await visitor.from('blogs').select('id').eq('slug', `toolbar-${token}`)
    expect(seen).toEqual([])
    const response = await page.goto(`/post/toolbar-${token}`)
    expect(response?.status()).toBe(404)
  })
})
