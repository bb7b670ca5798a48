import { expect, test } from './fixtures.ts'

test.describe('home page', () => {
  test('the headline types Smarter, Agile and Faster in turn', async ({ page }) => {
    await page.goto('/')
    const word = page.getByTestId('typing-word')
    await expect(word).toHaveText('Smarter')
    await expect(word).toHaveText('Agile', { timeout: 6_000 })
    await expect(word).toHaveText('Faster', { timeout: 6_000 })
    await expect(word).toHaveText('Smarter', { timeout: 6_000 })
    // The accessible name never changes while the word animates.
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      'The Smarter way to build and own a tech capacity centre in India',
    )
  })

  test('the headline does not animate under prefers-reduced-motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForTimeout(2_500)
    await expect(page.getByTestId('typing-word')).toHaveText('Smarter')
    await context.close()
  })

  test('the typing word does not shift the layout', async ({ page }) => {
    await page.goto('/')
    // Measure after the web font has replaced the fallback, so only the typing could move the line.
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const line = page.getByRole('heading', { level: 1 })
    const before = await line.boundingBox()
    await expect(page.getByTestId('typing-word')).toHaveText('Agile', { timeout: 6_000 })
    const after = await line.boundingBox()
    expect(after).toEqual(before)
  })

  test('Learn More scrolls to the framework section', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Learn More' }).click()
    await expect(
      page.getByRole('heading', { name: 'One partner for the whole life of your team' }),
    ).toBeInViewport()
  })

  test('Learn more expanders toggle aria-expanded and their panel', async ({ page }) => {
    await page.goto('/')
    const buttons = page.getByRole('button', { name: /^Learn more/ })
    await expect(buttons).toHaveCount(4)
    const first = buttons.first()
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`.replace(/:/g, '\\:'))
    await expect(panel).toBeHidden()
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(panel).toBeVisible()
    await expect(panel).toContainText('Time to hire is 2 weeks instead of 2 months')
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()
  })

  test('the "why different" block opens and closes', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Why is Meridian different?' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText('Built to be handed over')).toBeVisible()
  })

  test('Explore All Services leads to /solutions and Get Started to /get-started', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Explore All Services' }).click()
    await expect(page).toHaveURL(/\/solutions$/)
    await page.goto('/')
    await page
      .getByRole('region', { name: 'Ready to build your tech capacity centre in India?' })
      .getByRole('link', { name: 'Get Started' })
      .click()
    await expect(page).toHaveURL(/\/get-started$/)
  })

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } })
    test('the framework circles measure 300 px and sit in one row', async ({ page }) => {
      await page.goto('/')
      const circles = page.getByTestId('framework-circle')
      await expect(circles).toHaveCount(3)
      const boxes = await Promise.all([0, 1, 2].map((i) => circles.nth(i).boundingBox()))
      for (const box of boxes) {
        expect(box?.width).toBeCloseTo(300, 0)
        expect(box?.height).toBeCloseTo(300, 0)
      }
      expect(boxes[0]!.y).toBeCloseTo(boxes[2]!.y, 0)
    })
  })

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } })

    test('the framework circles measure 260 px and stack vertically', async ({ page }) => {
      await page.goto('/')
      const circles = page.getByTestId('framework-circle')
      const boxes = await Promise.all([0, 1, 2].map((i) => circles.nth(i).boundingBox()))
      for (const box of boxes) {
        expect(box?.width).toBeCloseTo(260, 0)
        expect(box?.height).toBeCloseTo(260, 0)
      }
      expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + 259)
      expect(boxes[0]!.x).toBeCloseTo(boxes[1]!.x, 0)
    })

    test('the highlight carousel follows the arrow keys and loops', async ({ page }) => {
      await page.goto('/')
      const carousel = page.getByTestId('highlight-carousel')
      const status = page.getByTestId('carousel-status')
      const slide = (n: number) => carousel.getByRole('group').nth(n)
      await carousel.scrollIntoViewIfNeeded()
      await expect(status).toHaveText('1 / 3')
      await expect(slide(0)).toBeInViewport({ ratio: 0.9 })
      await expect(slide(1)).not.toBeInViewport()

      await carousel.focus()
      await page.keyboard.press('ArrowRight')
      await expect(status).toHaveText('2 / 3')
      await expect(slide(1)).toBeInViewport({ ratio: 0.9 })
      await page.keyboard.press('ArrowRight')
      await expect(status).toHaveText('3 / 3')
      await page.keyboard.press('ArrowRight')
      await expect(status).toHaveText('1 / 3')
      await expect(slide(0)).toBeInViewport({ ratio: 0.9 })
      await page.keyboard.press('ArrowLeft')
      await expect(status).toHaveText('3 / 3')
      await expect(slide(2)).toBeInViewport({ ratio: 0.9 })

      await page.getByRole('button', { name: 'Next highlight' }).click()
      await expect(status).toHaveText('1 / 3')
    })
  })
})

test.describe('prerendered HTML', () => {
  test('the HTML served for / already contains the comparison table', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    const html = await response.text()
    for (const text of [
      'Staffing Agencies',
      'Outsourcing Companies',
      'Individual HR Consultants',
      'Talent quality',
      'First round interview',
      '6-8 weeks',
      'Own talent',
    ]) {
      expect(html).toContain(text)
    }
    expect(html).toContain('<title>')
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toContain('<link rel="canonical"')
    expect(html).toContain('property="og:title"')
  })

  test('hashed assets are cached for a year, pages revalidate', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(asset).toBeTruthy()
    const assetResponse = await request.get(asset!)
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    const pageResponse = await request.get('/platform')
    expect(pageResponse.headers()['cache-control']).not.toContain('immutable')
  })

  test('robots.txt and sitemap.xml list the site', async ({ request }) => {
    const robots = await request.get('/robots.txt')
    expect(await robots.text()).toContain('Sitemap:')
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of ['/solutions', '/platform', '/contact', '/privacy', '/terms'])
      expect(sitemap).toContain(`${path}</loc>`)
  })

  for (const path of ['/', '/solutions', '/platform', '/contact', '/privacy', '/terms', '/no-such-page']) {
    test(`${path} hydrates without console errors or warnings`, async ({ page }) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        // The document itself answering 404 is the point of the not-found page.
        if (path === '/no-such-page' && message.text().includes('status of 404')) return
        problems.push(`${message.type()}: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(path, { waitUntil: 'networkidle' })
      // Interactivity proves hydration finished: the header's client-side navigation works.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
      await expect(page).toHaveURL(/\/terms$/)
      expect(problems).toEqual([])
    })
  }
})
