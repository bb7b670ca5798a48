import { expect, test, type Page } from '@playwright/test'
import { baseUrl, editorClient, seedPosts, uniqueToken, type SeedPost } from './blog-fixtures.ts'
import { layoutShift, recordLayoutShift } from '../../support/layout-shift.ts'
import { framesDrawn } from '../../support/transitions.ts'

/** Twelve posts of one token (10 case studies, 2 blogs), so a search has more than one page (9 a page). */
async function seedTwelve(token: string): Promise<SeedPost[]> {
  const posts: SeedPost[] = Array.from({ length: 12 }, (_, i) => ({
    title: `${i < 10 ? 'Case' : 'Blog'} ${String(i + 1).padStart(2, '0')} ${token}`,
    slug: `ssr-${i + 1}-${token}`,
    type: i < 10 ? 'case study' : 'blog',
    // Newest first on the page: post 1 is the newest.
    created_at: new Date(Date.UTC(2026, 0, 31 - i)).toISOString(),
  }))
  await seedPosts(await editorClient(), posts)
  return posts
}

/** Console errors and warnings (hydration mismatches are reported there). */
function collectConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text())
  })
  page.on('pageerror', (error) => messages.push(error.message))
  return messages
}

test.describe('server-rendered blog pages', () => {
  test('the raw HTML holds the post (body, JSON-LD) and the cards; drafts and unknown slugs are 404', async () => {
    const token = uniqueToken('raw')
    await seedPosts(await editorClient(), [
      {
        title: `Raw post ${token}`,
        slug: `raw-${token}`,
        content: `<p>Body text ${token}</p><script>alert(1)</script>`,
      },
      { title: `Raw draft ${token}`, slug: `raw-draft-${token}`, status: 'draft' },
    ])

    const post = await fetch(`${baseUrl}/post/raw-${token}`)
    expect(post.status).toBe(200)
    expect(post.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
    )
    const html = await post.text()
    expect(html).toContain(`<p>Body text ${token}</p>`)
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('"@type":"Article"')
    expect(html).toContain('"@type":"BreadcrumbList"')
    expect(html).toContain('id="page-data"')

    // A strong ETag of the bytes (weak once compressed: the gzip of a page may differ); either one again is a 304.
    const etag = post.headers.get('etag')!
    expect(etag).toMatch(/^W\/"[^"]+"$/)
    const identity = await fetch(`${baseUrl}/post/raw-${token}`, {
      headers: { 'Accept-Encoding': 'identity' },
    })
    const strong = identity.headers.get('etag')!
    expect(strong).toBe(etag.slice(2))
    for (const tag of [etag, strong]) {
      const again = await fetch(`${baseUrl}/post/raw-${token}`, { headers: { 'If-None-Match': tag } })
      expect(again.status).toBe(304)
    }

    const resources = await (await fetch(`${baseUrl}/resources?q=${token}`)).text()
    expect(resources).toContain(`Read more<span class="sr-only">: Raw post ${token}</span>`)
    expect(resources).not.toContain(`Raw draft ${token}`)

    for (const slug of [`raw-draft-${token}`, `nothing-here-${token}`]) {
      const missing = await fetch(`${baseUrl}/post/${slug}`)
      expect(missing.status).toBe(404)
      const body = await missing.text()
      expect(body).toContain('Oops! Page not found')
      expect(body).not.toContain(`Raw draft ${token}`)
    }
  })

  test('hydrating /post and /resources logs no errors or warnings and fetches nothing', async ({ page }) => {
    const token = uniqueToken('hyd')
    await seedPosts(await editorClient(), [
      { title: `Hydrated ${token}`, slug: `hyd-${token}`, content: `<p>Hydrated body ${token}</p>` },
    ])
    const messages = collectConsole(page)
    const reads: string[] = []
    page.on('request', (request) => {
      if (/\/api\/posts|\/rest\/v1\//.test(request.url())) reads.push(request.url())
    })

    const paths = [
      `/post/hyd-${token}`,
      // A sample post with a cover (srcset of variants).
      '/post/playbook-onboarding-your-india-team-in-30-days',
      `/resources?q=${token}`,
      '/resources',
      `/post/none-${token}`,
    ]
    for (const path of paths) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    }
    await page.goto(`/post/hyd-${token}`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByTestId('post-content')).toHaveText(`Hydrated body ${token}`)
    expect(messages.filter((m) => !/status of 404/.test(m))).toEqual([])
    expect(reads).toEqual([])
  })

  test('type, search and page work without JavaScript as links and a GET form', async ({ browser }) => {
    const token = uniqueToken('nojs')
    await seedTwelve(token)
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl })
    const page = await context.newPage()
    const cards = page.getByRole('list', { name: 'Resources' }).getByRole('article')

    await page.goto('/resources')
    await page.getByPlaceholder('Search resources...').fill(token)
    await page.getByPlaceholder('Search resources...').press('Enter')
    await expect(page).toHaveURL(new RegExp(`/resources\\?q=${token}&type=all$`))
    await expect(cards).toHaveCount(9)

    await page.getByRole('button', { name: 'Case Study', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`q=${token}&type=case-study$`))
    await expect(page.getByRole('button', { name: 'Case Study', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(cards).toHaveCount(9)

    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(page).toHaveURL(new RegExp(`/resources\\?type=case-study&q=${token}&page=2$`))
    await expect(cards).toHaveCount(10)
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)

    // The shared link shows the same state.
    await page.goto(`/resources?type=blog&q=${token}`)
    await expect(cards).toHaveCount(2)
    await context.close()
  })

  test('with JavaScript the same controls update the list and the address in place', async ({ page }) => {
    const token = uniqueToken('js')
    await seedTwelve(token)
    const messages = collectConsole(page)
    await page.goto(`/resources?q=${token}`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // A full page load would lose this.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)
    const cards = page.getByRole('list', { name: 'Resources' }).getByRole('article')
    await expect(cards).toHaveCount(9)

    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(cards).toHaveCount(12)
    await expect(page).toHaveURL(new RegExp(`/resources\\?q=${token}&page=2$`))
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Blog', exact: true }).click()
    await expect(cards).toHaveCount(2)
    await expect(page).toHaveURL(new RegExp(`/resources\\?type=blog&q=${token}$`))

    await page.getByPlaceholder('Search resources...').fill(`Blog 12 ${token}`)
    await expect(cards).toHaveCount(1)
    await expect(page).toHaveURL(new RegExp(`type=blog&q=Blog\\+12\\+${token}$`))

    // Back returns to the previous filter (the search box follows the address).
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/resources\\?q=${token}&page=2$`))
    await expect(page.getByPlaceholder('Search resources...')).toHaveValue(token)
    await expect(cards).toHaveCount(12)
    expect(await stayed()).toBe(true)

    // A post is a page of its own: the link loads it from the server, with its own title.
    await cards
      .first()
      .getByRole('link', { name: /Read more/ })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: `Case 01 ${token}` })).toBeVisible()
    await expect(page).toHaveTitle(`Case 01 ${token} | Meridian`)
    expect(messages).toEqual([])
  })
})

test.describe('layout stability of the server-rendered pages', () => {
  for (const width of [375, 1280]) {
    test(`/post and /resources do not shift at ${width} px (CLS ≤ 0.02 without the font swap), loading more included`, async ({
      page,
    }) => {
      const token = uniqueToken('cls')
      await seedTwelve(token)
      await page.setViewportSize({ width, height: 800 })
      // Without the web font: the fallback faces are scaled to the site's own copy (every route is measured
      // with the font in first-paint.spec.ts), while these seeded titles are arbitrary text. What is measured
      // here is the page's own markup, hydration, images and "Load more".
      await page.route(/\.woff2$/, (route) => route.abort())
      await recordLayoutShift(page)
      const cls = () => layoutShift(page)
      for (const path of ['/post/playbook-onboarding-your-india-team-in-30-days', `/resources?q=${token}`]) {
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
        await page.waitForLoadState('networkidle')
        await page.mouse.wheel(0, 2000)
        await page.waitForLoadState('networkidle')
        await framesDrawn(page)
        expect(await cls(), path).toBeLessThanOrEqual(0.02)
      }
      // As a reader does it: "Load more" comes into view, which wakes the list, and the list asks for the
      // next page at once; then they tap it, and the cards are there. (A tap before the list's code has
      // arrived is answered once it and the next page have: on a loaded machine that took over the 500 ms
      // after an input in which the browser does not count a shift.)
      const loadMore = page.getByRole('link', { name: 'Load more' })
      const nextPage = page.waitForResponse(/\/api\/posts\?.*page=2/)
      await loadMore.scrollIntoViewIfNeeded()
      await nextPage
      await loadMore.click()
      await expect(page.getByRole('list', { name: 'Resources' }).getByRole('article')).toHaveCount(12)
      expect(await cls()).toBeLessThanOrEqual(0.02)
    })
  }
})
