import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { baseUrl, editorClient, openNewPost, signInToAdmin, uniqueToken } from './blog-fixtures.ts'
import { describeSelectedImage, imageLoaded, insertBodyImage, photoJpeg } from './body-image-fixtures.ts'

test.describe('images in the body', () => {
  test('the toolbar’s image button uploads through the cover pipeline; alt text is set; paste adds another; the post page serves variants', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const token = uniqueToken('img')
    const slug = `pictures-${token}`
    await signInToAdmin(page)
    await openNewPost(page)
    await page.getByLabel('Title', { exact: true }).fill(`Pictures ${token}`)
    const body = page.getByRole('textbox', { name: 'Content' })
    await body.click()
    await page.keyboard.type('Our team at the offsite:')
    await page.keyboard.press('Enter')

    await insertBodyImage(page, {
      name: 'team-offsite.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(),
    })
    const first = body.locator('img[src*="/images/blog-content/"]')
    await expect(first).toHaveCount(1, { timeout: 30_000 })
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Image uploaded successfully!')
    await expect.poll(() => imageLoaded(first)).toBe(true)
    // Selected at once, with an alt text taken from the file name, for the editor to write properly.
    await expect(page.getByLabel('Image description (alt text)')).toHaveValue('team offsite')
    await describeSelectedImage(page, 'The Bengaluru team at the offsite')
    await expect(first).toHaveAttribute('alt', 'The Bengaluru team at the offsite')

    // Pasting an image file goes through Milkdown's upload plugin and the same pipeline.
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.press('Enter')
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer()
    await body.evaluate((editor, bytes) => {
      const data = new DataTransfer()
      data.items.add(new File([new Uint8Array(bytes)], 'pasted-chart.png', { type: 'image/png' }))
      editor.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, Array.from(png))
    await expect(body.locator('img[src*="/images/blog-content/"]')).toHaveCount(2, { timeout: 30_000 })
    await expect(body.locator('img[alt="pasted chart"]')).toHaveCount(1)

    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')

    // Saved as <img> from storage, with its alt text; the photo was brought down to 1200 px.
    const { data: stored } = await (
      await editorClient()
    )
      .from('blogs')
      .select('content, content_markdown')
      .eq('slug', slug)
      .single()
    const srcs = [...stored!.content.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!)
    expect(srcs).toHaveLength(2)
    for (const src of srcs)
      expect(src).toMatch(/\/storage\/v1\/object\/public\/images\/blog-content\/\d+\.\w+$/)
    expect(stored!.content).toContain('alt="The Bengaluru team at the offsite"')
    expect(stored!.content_markdown).toContain('![The Bengaluru team at the offsite](')
    const photo = Buffer.from(await (await fetch(srcs[0]!)).arrayBuffer())
    const meta = await sharp(photo).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1200)

    // The public page shows both, responsively: the server's variants in a srcset, lazily loaded.
    await page.goto(`/post/${slug}`)
    const images = page.getByTestId('post-content').locator('img')
    await expect(images).toHaveCount(2)
    const hero = page.getByRole('img', { name: 'The Bengaluru team at the offsite' })
    await expect(hero).toHaveAttribute('srcset', /\/media\/images\/blog-content\/\d+\.\w+\?width=640 640w/)
    await expect(hero).toHaveAttribute('sizes', /45rem/)
    await hero.scrollIntoViewIfNeeded()
    await expect.poll(() => imageLoaded(hero)).toBe(true)
    const chosen = await hero.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(chosen).toContain('/media/images/blog-content/')
    const variant = await page.request.get(`${baseUrl}${new URL(chosen).pathname}${new URL(chosen).search}`)
    expect(variant.status()).toBe(200)
  })

  test('a file that is not a png, gif, jpeg, bmp or icon is refused with a message', async ({ page }) => {
    await signInToAdmin(page)
    await openNewPost(page)
    await page.getByRole('textbox', { name: 'Content' }).click()
    await insertBodyImage(page, {
      name: 'vector.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg/>'),
    })
    await expect(page.getByTestId('blog-status')).toHaveText(
      '❌ Image upload failed: The file given is not a png, gif, jpeg, bmp or icon image',
    )
    await expect(page.getByRole('textbox', { name: 'Content' }).locator('img')).toHaveCount(0)
  })
})
