import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { openSignedIn } from './desktop-app.ts'
import { serveRenderer, startDesktopMain, type DesktopHarness } from './desktop-bridge.ts'
import {
  editTags,
  otherEditor,
  postRow,
  searchPosts,
  signIn,
  siteUrl,
  syncNow,
  writePost,
} from './desktop-flows.ts'

/**
 * Two editors, one post: the desktop edits offline while another editor changes the same post in the
 * browser. Nothing is overwritten: the desktop shows both versions and the editor chooses. Changes the
 * server refuses wait under "Needs attention". The status bar says what is true at each step.
 */
test.describe('desktop conflicts and refused changes', () => {
  let renderer: Awaited<ReturnType<typeof serveRenderer>>
  let desktop: DesktopHarness

  test.beforeAll(async () => {
    renderer = await serveRenderer()
  })
  test.afterAll(async () => {
    await renderer?.close()
  })
  // A fresh offline store per test, so one test's conflicts are not another's.
  test.beforeEach(async () => {
    test.setTimeout(180_000)
    desktop = await startDesktopMain(siteUrl)
  })
  test.afterEach(async () => {
    await desktop?.close()
  })

  async function openApp(page: Page) {
    await openSignedIn(page, { desktop, renderer })
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
  }

  test('an offline edit that lost a race shows both versions; keep mine, keep theirs and keep both each resolve one', async ({
    page,
  }) => {
    const token = uniqueToken('dc')
    const slugs = ['mine', 'theirs', 'both'].map((choice) => `race-${choice}-${token}`)
    const other = await otherEditor()
    await other.seed(slugs.map((slug) => ({ title: `Race ${slug}`, slug, tags: ['gcc'] })))

    await openApp(page)
    await syncNow(page)
    await searchPosts(page, token)
    await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(3, { timeout: 20_000 })

    // Offline, the desktop edits all three posts; they wait in the outbox.
    desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    for (const slug of slugs) await editTags(page, slug, 'gcc, from the desktop')
    await expect(page.getByTestId('sync-pending')).toHaveText('3 changes waiting to sync')
    await searchPosts(page, token)
    await expect(postRow(page, slugs[0]).getByTestId('row-sync-state')).toHaveText('Waiting to sync')

    // Meanwhile another editor retitles the same three posts in the browser.
    for (const slug of slugs) await other.update(slug, { title: `Retitled in the browser ${slug}` })

    desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-conflicts')).toHaveText('3 conflicts to resolve', { timeout: 20_000 })
    await expect(page.getByTestId('sync-pending')).toHaveText('Nothing waiting to sync')
    await expect(page.getByTestId('sync-status')).not.toContainText('All changes saved')
    await expect(postRow(page, slugs[0]).getByTestId('row-sync-state')).toHaveText('Conflict')
    // Nothing was written over the other editor's work.
    for (const slug of slugs) expect((await other.get(slug))?.tags).toEqual(['gcc'])

    // The status bar leads to the conflicts; each post has its own comparison.
    await page.getByTestId('sync-conflicts').click()
    const section = page.getByRole('region', { name: /^Conflicts \(\d+\)$/ })
    await expect(section.getByRole('heading', { name: 'Conflicts (3)' })).toBeFocused()
    const comparison = (slug: string) => section.getByRole('region', { name: `Conflict: “Race ${slug}”` })
    const first = comparison(slugs[0])
    await expect(first.getByRole('columnheader', { name: 'Your version' })).toBeVisible()
    await expect(first.getByRole('columnheader', { name: 'On the server' })).toBeVisible()
    // The fields either editor changed are marked (the form also fills in the Markdown and the excerpt).
    for (const field of ['title', 'tags'])
      await expect(first.locator(`tr[data-field="${field}"]`).getByRole('rowheader')).toContainText('Changed')
    for (const field of ['slug', 'author', 'status'])
      await expect(first.locator(`tr[data-field="${field}"]`).getByRole('rowheader')).not.toContainText(
        'Changed',
      )
    await expect(first.locator('tr[data-field="title"] td').nth(1)).toHaveText(
      `Retitled in the browser ${slugs[0]}`,
    )
    await expect(first.locator('tr[data-field="tags"] td').first()).toContainText('from the desktop')

    // Keep mine: the desktop's version is sent over theirs.
    await first.getByRole('button', { name: /^Keep mine/ }).click()
    await expect(first).toHaveCount(0)
    // Keep theirs: the desktop's edit is dropped.
    await comparison(slugs[1])
      .getByRole('button', { name: /^Keep theirs/ })
      .click()
    await expect(comparison(slugs[1])).toHaveCount(0)
    // Keep both: theirs stays, the desktop's version becomes a copy with a new slug.
    await comparison(slugs[2])
      .getByRole('button', { name: /^Keep both/ })
      .click()
    await expect(section).toHaveCount(0)

    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('sync-conflicts')).toHaveCount(0)
    expect(await other.get(slugs[0])).toMatchObject({
      title: `Race ${slugs[0]}`,
      tags: ['gcc', 'from the desktop'],
    })
    expect(await other.get(slugs[1])).toMatchObject({
      title: `Retitled in the browser ${slugs[1]}`,
      tags: ['gcc'],
    })
    expect(await other.get(slugs[2])).toMatchObject({
      title: `Retitled in the browser ${slugs[2]}`,
      tags: ['gcc'],
    })
    expect(await other.get(`${slugs[2]}-copy`)).toMatchObject({
      title: `Race ${slugs[2]}`,
      tags: ['gcc', 'from the desktop'],
    })
    await searchPosts(page, token)
    await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(4)
    await expect(page.getByTestId('row-sync-state')).toHaveText(['Synced', 'Synced', 'Synced', 'Synced'])
  })

  test('a post created offline whose slug another editor took needs attention: edit and retry, or discard', async ({
    page,
  }) => {
    const token = uniqueToken('na')
    const titles = [`Taken meanwhile ${token}`, `Also taken ${token}`]
    const slugs = [`taken-meanwhile-${token}`, `also-taken-${token}`]
    const other = await otherEditor()
    await openApp(page)

    desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    await writePost(page, titles[0], 'Written offline; the slug is taken before it is sent.')
    await writePost(page, titles[1], 'This one will be discarded.')
    await expect(page.getByTestId('sync-pending')).toHaveText('2 changes waiting to sync')
    await other.seed(slugs.map((slug) => ({ title: `The other editor's ${slug}`, slug })))

    desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-attention')).toHaveText('2 changes need attention', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('sync-pending')).toHaveText('Nothing waiting to sync')
    await page.getByTestId('sync-attention').click()
    const section = page.getByRole('region', { name: /^Needs attention \(\d+\)$/ })
    await expect(section.getByRole('heading', { name: 'Needs attention (2)' })).toBeFocused()
    const item = (title: string) => section.getByTestId('attention-item').filter({ hasText: title })
    await expect(item(titles[0])).toContainText(`/${slugs[0]}`)
    await expect(item(titles[0])).toContainText(`A post with the slug “${slugs[0]}” already exists.`)

    // Discard the second: it is gone, and the other editor's post stays as it was.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        `Discard your change to “${titles[1]}”? The post stays as it is on the server.`,
      )
      void dialog.accept()
    })
    await section.getByRole('button', { name: `Discard change to “${titles[1]}”` }).click()
    await expect(page.getByTestId('sync-attention')).toHaveText('1 change needs attention')
    await expect(item(titles[1])).toHaveCount(0)
    expect((await other.get(slugs[1]))?.title).toBe(`The other editor's ${slugs[1]}`)

    // Edit and retry the first under another slug.
    await page.getByRole('button', { name: `Edit and retry “${titles[0]}”` }).click()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(titles[0])
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slugs[0])
    await page.getByLabel('Slug', { exact: true }).fill(`${slugs[0]}-desktop`)
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('sync-attention')).toHaveCount(0)
    await expect(page.getByRole('region', { name: /^Needs attention/ })).toHaveCount(0)
    expect((await other.get(`${slugs[0]}-desktop`))?.title).toBe(titles[0])
    expect((await other.get(slugs[0]))?.title).toBe(`The other editor's ${slugs[0]}`)
  })

  test('the status bar tells the truth: synced, waiting, offline, signed out with queued edits', async ({
    page,
  }) => {
    const token = uniqueToken('sb')
    await openApp(page)
    const bar = page.getByTestId('sync-status')
    await expect(page.getByTestId('sync-connection')).toHaveText('Online')
    await expect(page.getByTestId('sync-last')).toHaveText(/^Last synced/)

    desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    await expect(bar).toHaveAttribute('data-tone', 'offline')

    // A cover goes through sharp in main (bytes both ways across the bridge) and waits with the post.
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer()
    await page.getByLabel('Title', { exact: true }).fill(`Signed out later ${token}`)
    await page
      .getByLabel('Cover image file')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Image uploaded successfully!')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(page.getByTestId('sync-pending')).toHaveText('2 changes waiting to sync')

    // Signed out, the queued edits wait for the editor, and the bar says so (never "saved").
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByTestId('sync-pending')).toHaveText('Signed out — 2 changes wait until you sign in')
    desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Online')
    await expect(bar).toHaveAttribute('data-tone', 'signed-out')
    await expect(page.getByTestId('sync-pending')).toHaveText('Signed out — 2 changes wait until you sign in')
    expect(await (await otherEditor()).get(`signed-out-later-${token}`)).toBeNull()

    // Signing in sends them.
    await signIn(page)
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await expect(bar).toHaveAttribute('data-tone', 'ok')
    const sent = await (await otherEditor()).get(`signed-out-later-${token}`)
    expect(sent?.cover_image_url).toMatch(/\/images\/blog-covers\/\d+\.(png|jpg|webp)$/)
  })
})
