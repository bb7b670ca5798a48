import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { faqs } from '../../../site/src/content/faqs.ts'
import { editorClient, seedPosts, uniqueToken } from './blog-fixtures.ts'
import { parseXml, texts } from '../../support/xml.ts'

// What feed readers, crawlers and link previews get, and the covers a visitor's browser loads.

test.describe('feed, sitemap and Open Graph images', () => {
  test('hold published posts only: a draft is in neither and has no image', async ({ request }) => {
    const token = uniqueToken('disc')
    const published = `published-${token}`
    const draft = `draft-${token}`
    await seedPosts(await editorClient(), [
      { title: `Published ${token}`, slug: published, content: '<p>Visible</p>' },
      { title: `Draft ${token}`, slug: draft, status: 'draft', content: '<p>Hidden</p>' },
    ])

    const rss = await request.get('/rss.xml')
    expect(rss.headers()['content-type']).toContain('application/rss+xml')
    const feed = parseXml(await rss.text())
    expect(texts(feed, 'title')).toContain(`Published ${token}`)
    expect(texts(feed, 'link').some((l) => l.endsWith(`/post/${draft}`))).toBe(false)

    const sitemap = parseXml(await (await request.get('/sitemap.xml')).text())
    const locs = texts(sitemap, 'loc')
    expect(locs.some((l) => l.endsWith(`/post/${published}`))).toBe(true)
    expect(locs.some((l) => l.endsWith(`/post/${draft}`))).toBe(false)
    expect(locs.some((l) => l.endsWith('/resources'))).toBe(true)

    // Every post in the feed has a page and an image.
    for (const link of texts(feed, 'link').slice(1, 4)) {
      const { pathname } = new URL(link)
      expect((await request.get(pathname)).status(), pathname).toBe(200)
      const image = await request.get(`/og/post/${pathname.split('/').pop()}.png`)
      expect(image.status()).toBe(200)
      const meta = await sharp(await image.body()).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    }
    expect((await request.get(`/og/post/${draft}.png`)).status()).toBe(404)
  })

  test('every page links the feed, and /contact describes its FAQ as FAQPage', async ({ request }) => {
    for (const path of ['/', '/contact', '/resources']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]+href="\/rss.xml"/)
    }
    const html = await (await request.get('/contact')).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) =>
        JSON.parse(m[1]!) as {
          '@type': string
          mainEntity?: { name: string; acceptedAnswer: { text: string } }[]
        },
    )
    const faqPage = blocks.find((b) => b['@type'] === 'FAQPage')
    expect(faqPage?.mainEntity?.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(
      faqs.map((f) => [f.question, f.answer]),
    )
  })
})

test.describe('cover images', () => {
  test('resource cards load a small variant in the best format the browser takes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const covers: { url: string; type: string | undefined; bytes: number }[] = []
    page.on('response', async (res) => {
      if (!res.url().includes('/media/covers/')) return
      covers.push({ url: res.url(), type: res.headers()['content-type'], bytes: (await res.body()).length })
    })
    // A sample post with a shipped cover (other specs add newer posts without one at the same time).
    await page.goto(`/resources?q=${encodeURIComponent('Onboarding Your India Team')}`)
    const first = page.locator('article img').first()
    await expect(first).toHaveAttribute('srcset', /\/media\/covers\/.+ 320w/)
    // The first card's cover is what a phone shows first: loaded at once; the others wait until near view.
    await expect(first).toHaveAttribute('loading', 'eager')
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc)
    // The only result spans its row (no card is left alone in a row), its cover 600 CSS px wide: the
    // 640 px variant, not the 1600 px original.
    expect(chosen).toMatch(/width=640/)
    const loaded = covers.find((c) => c.url === chosen)
    expect(loaded?.type).toBe('image/avif')
    expect(loaded!.bytes).toBeLessThan(20_000)
  })

  test("a post's cover on a phone loads the variant for its column, not for the whole screen", async ({
    browser,
  }) => {
    // Lighthouse's phone: 412 px at 1.75×; the cover spans the column inside the page's 24 px margins
    // (364 CSS px, 637 device px).
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    })
    const page = await context.newPage()
    await page.goto('/post/playbook-onboarding-your-india-team-in-30-days')
    const cover = page.locator('article img').first()
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/width=640&/)
    await context.close()
  })
})
