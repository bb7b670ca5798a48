import { expect, test } from './fixtures.ts'

const desktop = { width: 1280, height: 800 }
const mobile = { width: 375, height: 740 }

const marketingHeadings: [string, string | RegExp][] = [
  ['/', 'The Smarter way to build and own a tech capacity centre in India'],
  ['/solutions', 'Our GCC Solutions'],
  ['/platform', 'Our Technology Platform'],
  ['/contact', 'Frequently Asked Questions'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
]

test.describe('routes', () => {
  for (const [path, heading] of marketingHeadings) {
    test(`${path} shows its heading`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    })
  }

  test('paths match case-insensitively: /SOLUTIONS is the solutions page', async ({ page }) => {
    const response = await page.goto('/SOLUTIONS')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Our GCC Solutions' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'TALENT BOT Model' })).toBeVisible()
  })

  test('an unknown path answers HTTP 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: /Smarter way to build/ })).toBeVisible()
  })

  test('client-only routes are served the app shell, not a 404', async ({ request }) => {
    for (const path of [
      '/get-started',
      '/resources',
      '/test-email',
      '/meridian/updateresources',
      '/Get-Started',
    ]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
    }
  })
})

test('a client-only route renders in the browser from the app shell, with the site shell around it', async ({
  page,
}) => {
  await page.goto('/get-started')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('hello@meridian.example')
})

test.describe('header', () => {
  test.use({ viewport: desktop })

  test('desktop header links lead to their pages', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const cases: [string, RegExp][] = [
      ['Platform', /\/platform$/],
      ['Solutions', /\/solutions$/],
      ['FAQs', /\/contact$/],
      ['Resources', /\/resources$/],
      ['Home', /:\d+\/$/],
    ]
    for (const [label, url] of cases) {
      await nav.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(url)
    }
    await nav.getByRole('link', { name: 'Get Started' }).click()
    await expect(page).toHaveURL(/\/get-started$/)
    await nav.getByRole('link', { name: 'Meridian home' }).click()
    await expect(page).toHaveURL(/:\d+\/$/)
  })

  test('the menu button is hidden on desktop', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: mobile })

  test('opens, navigates and closes at 375 px', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platform' }),
    ).toBeHidden()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeHidden()

    await toggle.click()
    const closeButton = page.getByRole('button', { name: 'Close menu' })
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true')
    await expect(closeButton).toHaveAttribute('aria-controls', 'mobile-menu')
    await expect(menu).toBeVisible()

    await menu.getByRole('link', { name: 'Solutions' }).click()
    await expect(page).toHaveURL(/\/solutions$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our GCC Solutions' })).toBeVisible()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('scrolling', () => {
  test('scroll resets to the top after navigation', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  for (const [label, anchor] of [
    ['TALENT BOT Model', 'talent-bot'],
    ['Shared GCC Model', 'shared-gcc'],
  ]) {
    test(`the footer link "${label}" lands on #${anchor} coming from another page`, async ({ page }) => {
      await page.goto('/')
      await page.getByRole('contentinfo').getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(new RegExp(`/solutions#${anchor}$`))
      const section = page.locator(`#${anchor}`)
      await expect(section).toBeInViewport()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
      // The section heading sits below the sticky header, not under it.
      const top = await section.evaluate((el) => el.getBoundingClientRect().top)
      expect(top).toBeGreaterThanOrEqual(60)
    })
  }

  test('a direct visit to /solutions#shared-gcc lands on the section', async ({ page }) => {
    await page.goto('/solutions#shared-gcc')
    await expect(page.locator('#shared-gcc')).toBeInViewport()
  })
})
