import { expect, test } from './fixtures.ts'
import { pageAssets } from '../../support/page-assets.ts'

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
    // The page's clock is ours: 10 s of it pass at once, long enough for several words to be typed.
    await page.clock.install()
    await page.goto('/')
    await page.clock.runFor(10_000)
    await expect(page.getByTestId('typing-word')).toHaveText('Smarter')
    await context.close()
  })

  test('the typing word does not shift the layout', async ({ page }) => {
    await page.goto('/')
    // Measure after the web font has replaced the fallback, so only the typing could move the line.
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const line = page.getByRole('heading', { level: 1 })
    const before = await line.boundingBox()
    // Sample the word's left edge on every frame while it is deleted and the next word typed: the
    // headline is left-aligned and the word ends its line, so that edge never moves.
    const lefts = await page.evaluate(async () => {
      const word = document.querySelector('[data-testid="typing-word"]')!
      const seen = new Set<number>()
      const texts = new Set<string>()
      const end = performance.now() + 3_800
      while (performance.now() < end) {
        if (word.textContent) seen.add(Math.round(word.getBoundingClientRect().left * 10) / 10)
        texts.add(word.textContent ?? '')
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      return { lefts: [...seen], texts: texts.size }
    })
    expect(lefts.texts).toBeGreaterThan(5)
    expect(lefts.lefts).toHaveLength(1)
    const after = await line.boundingBox()
    expect(after).toEqual(before)
  })

  test('the framework and the comparison are each told once', async ({ page }) => {
    await page.goto('/')
    const main = page.getByRole('main')
    // Acquire, Manage and Retain Talent: one heading each (the circles, which are also the steps and the services).
    for (const part of ['Acquire Talent', 'Manage Talent', 'Retain Talent'])
      await expect(main.getByRole('heading', { name: part })).toHaveCount(1)
    // Every step keeps its four feature bullets, every service its Learn more.
    await expect(page.getByTestId('framework-circle')).toHaveCount(3)
    for (const i of [0, 1, 2])
      await expect(page.locator('#framework ol > li').nth(i).getByRole('listitem')).toHaveCount(4)
    await expect(page.getByTestId('offering')).toHaveCount(4)
    await expect(main.getByRole('heading', { name: 'Own Talent' })).toHaveCount(1)
    await expect(main.getByRole('table')).toHaveCount(1)
    await expect(main.getByRole('table').getByRole('row')).toHaveCount(8)
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
    await expect(panel).toContainText('You interview a short list of pre-screened engineers')
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
      .getByRole('region', { name: 'Ready to Build Your Tech Capacity Centre in India?' })
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
      await expect(carousel).toHaveAttribute('data-swipe', 'ready')
      await expect(status).toHaveText('1 / 3')
      // Centred: the current card fills the middle, its neighbours only peek in at the edges.
      await expect(slide(0)).toBeInViewport({ ratio: 0.9 })
      await expect(slide(1)).not.toBeInViewport({ ratio: 0.25 })
      await expect(slide(2)).not.toBeInViewport({ ratio: 0.25 })
      const centre = async (n: number) => {
        const box = (await slide(n).boundingBox())!
        return box.x + box.width / 2
      }
      expect(await centre(0)).toBeCloseTo(375 / 2, -1)

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

    test('the comparison table keeps every column within reach: a hint, a fixed first column, a scroller', async ({
      page,
    }) => {
      await page.goto('/')
      // The table's scroller is named by the comparison's heading.
      const region = page.getByRole('region', { name: 'How Meridian Compares' })
      await region.scrollIntoViewIfNeeded()
      await expect(page.getByText('Swipe the table to see all 4 columns')).toBeVisible()
      const last = region.getByRole('columnheader', { name: 'Individual HR Consultants' })
      await expect(last).not.toBeInViewport()
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
      await expect(last).toBeInViewport()
      // The factor names stay on screen while the other columns scroll.
      await expect(region.getByRole('rowheader', { name: 'Time to hire' })).toBeInViewport()
    })

    test('the phone home page is at most 7,000 px tall, every section laid out', async ({ page }) => {
      await page.goto('/')
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      // Sections below the fold hold an 800 px placeholder until laid out (defer-layout): lay them all out.
      await page.addStyleTag({ content: '.defer-layout { content-visibility: visible !important }' })
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      expect(height).toBeGreaterThan(4_000)
      expect(height).toBeLessThanOrEqual(7_000)
    })

    test('the highlight carousel follows a swipe and loops past the last card', async ({ page }) => {
      await page.goto('/')
      const carousel = page.getByTestId('highlight-carousel')
      const status = page.getByTestId('carousel-status')
      await carousel.scrollIntoViewIfNeeded()
      await expect(carousel).toHaveAttribute('data-swipe', 'ready')
      const swipe = async (from: number, to: number) => {
        const box = (await carousel.getByRole('group').first().boundingBox())!
        const y = box.y + 80
        await page.mouse.move(from, y)
        await page.mouse.down()
        await page.mouse.move(to, y + 4, { steps: 10 })
        await page.mouse.up()
      }
      await swipe(320, 60)
      await expect(status).toHaveText('2 / 3')
      await expect(carousel.getByRole('group').nth(1)).toBeInViewport({ ratio: 0.9 })
      await swipe(60, 320)
      await expect(status).toHaveText('1 / 3')
      // Swiping back from the first card loops to the last.
      await swipe(60, 320)
      await expect(status).toHaveText('3 / 3')
      await expect(carousel.getByRole('group').nth(2)).toBeInViewport({ ratio: 0.9 })
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

  test("each proof point is stated once on / (the hero's figures; the comparison table keeps its spec row)", async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    // Every word of the page, collapsed panels included (what a reader meets scrolling and opening).
    const text = html
      .slice(html.indexOf('<body'))
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
    const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0
    expect(count(/top 1%/gi), 'Top 1%').toBe(1)
    expect(count(/10 million|10M\+/g), '10 million').toBe(1)
    expect(count(/4[–-]6 weeks|4 to 6 weeks/g), '4 to 6 weeks').toBe(1)
    // The hero's figure, and the comparison table's row the spec asks for (2 weeks against 1-2 and 6-8).
    expect(count(/(?<![\d–-])2 weeks/g), '2 weeks').toBe(2)
  })

  test('hashed assets are cached for a year, pages revalidate', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const asset = pageAssets(html)?.js
    expect(asset).toMatch(/^\/assets\//)
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
