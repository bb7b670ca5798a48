import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import {
  describeSelectedImage,
  imageLoaded,
  insertBodyImage,
  photoJpeg,
} from '../blog/body-image-fixtures.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { otherEditor, postRow, searchPosts, syncNow } from './desktop-flows.ts'

/**
 * An image in the body, in the built desktop renderer with the built preload and the real main-process
 * handlers: compressed by sharp in main, queued while offline like a cover, sent when the connection returns.
 */
test.describe('desktop: images in the body', () => {
  const app = desktopAppForDescribe()

  test('an image inserted offline shows at once, is sent with the post when the connection returns, and is on /post/{slug}', async ({
    page,
    browser,
  }) => {
    const token = uniqueToken()
    const title = `Offsite photos ${token}`
    const slug = `offsite-photos-${token}`
    await openSignedIn(page, app)

    app.desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')

    await page.getByLabel('Title', { exact: true }).fill(title)
    const body = page.getByRole('textbox', { name: 'Content' })
    await body.click()
    await page.keyboard.type('The whole team, offline.')
    await page.keyboard.press('Enter')
    await insertBodyImage(page, { name: 'team.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() })
    // The image's address in the post (`data-src`) is its public URL; until the upload is sent the editor
    // shows it from the local copy.
    const image = body.locator('img[data-src*="/images/blog-content/"]')
    await expect(image).toHaveCount(1, { timeout: 30_000 })
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Image uploaded successfully!')
    await expect.poll(() => imageLoaded(image)).toBe(true)
    await expect(image).toHaveAttribute('src', /^blob:/)
    await describeSelectedImage(page, 'The team at the offsite')
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await expect(page.getByTestId('sync-pending')).toHaveText('2 changes waiting to sync')

    const site = await browser.newPage()
    expect((await site.request.get(`http://localhost:${e2e.port}/post/${slug}`)).status()).toBe(404)

    app.desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })
    await searchPosts(page, slug)
    await expect(postRow(page, slug).getByTestId('row-sync-state')).toHaveText('Synced')

    // Stored as an <img> from storage, and the object is there.
    const stored = await (await otherEditor()).get(slug)
    const src = /<img [^>]*src="([^"]+)"[^>]*>/.exec(String(stored?.content))?.[1]
    expect(src).toMatch(/\/storage\/v1\/object\/public\/images\/blog-content\/\d+\.\w+$/)
    expect(String(stored?.content)).toContain('alt="The team at the offsite"')
    expect((await site.request.get(src!)).status()).toBe(200)

    await site.goto(`http://localhost:${e2e.port}/post/${slug}`)
    const shown = site.getByRole('img', { name: 'The team at the offsite' })
    await expect(shown).toHaveAttribute('srcset', /\/media\/images\/blog-content\//)
    await shown.scrollIntoViewIfNeeded()
    await expect.poll(() => imageLoaded(shown)).toBe(true)
    await site.close()
  })
})
