import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * Public pages arrive whole from the server; in the browser only their interactive parts get code, each
 * when it is needed (site/src/islands/). React itself is one of those parts' code: a page nobody touches
 * never downloads it.
 */

/** React DOM's own marker on a root it renders into: its code is in a script body when this is. */
const reactDom = /__reactContainer\$/

/** Every script the page has received so far: its path and its body. */
function watchScripts(page: Page) {
  const scripts = new Map<string, string>()
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return
    // Known as soon as it arrives (a part may run before its body has been read here), read after.
    const path = new URL(res.url()).pathname
    scripts.set(path, '')
    const body = await res.body().catch(() => Buffer.alloc(0))
    scripts.set(path, body.toString('utf8'))
  })
  return {
    paths: () => [...scripts.keys()],
    /** Whether a script whose file is named after `part` (Vite names a chunk after its module) arrived. */
    has: (part: string) => [...scripts.keys()].some((p) => new RegExp(`/${part}-[\\w-]+\\.js$`).test(p)),
    react: () => [...scripts.values()].some((body) => reactDom.test(body)),
  }
}

/** Opens `path` with its scripts watched, once the network is quiet (everything the page loads by itself). */
async function openQuiet(page: Page, path: string) {
  const scripts = watchScripts(page)
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return scripts
}

test('a page with no interactive part but the menu loads one small script and no React', async ({ page }) => {
  const scripts = await openQuiet(page, '/privacy')
  expect(scripts.paths()).toHaveLength(1)
  expect(scripts.react()).toBe(false)
  // Reading the page wakes nothing: scrolling to the end loads no script either.
  await page.mouse.wheel(0, 20_000)
  await page.waitForLoadState('networkidle')
  expect(scripts.paths()).toHaveLength(1)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu wakes on the first tap in the header, and that tap opens it', async ({ page }) => {
    const scripts = await openQuiet(page, '/privacy')
    expect(scripts.has('menu')).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.locator('#mobile-menu')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    expect(scripts.has('menu')).toBe(true)
    expect(scripts.react()).toBe(false)
  })

  test('on / the headline types once idle and the carousel wakes as it nears the screen, without React', async ({
    page,
  }) => {
    const scripts = watchScripts(page)
    await page.goto('/')
    await expect(page.getByTestId('typing-word')).not.toHaveText('Smarter', { timeout: 5_000 })
    expect(scripts.has('typing')).toBe(true)
    expect(scripts.has('carousel')).toBe(false)
    const carousel = page.getByTestId('highlight-carousel')
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel).toHaveAttribute('data-swipe', 'ready')
    expect(scripts.has('carousel')).toBe(true)
    await page.getByRole('button', { name: 'Next highlight' }).click()
    await expect(page.getByTestId('carousel-status')).toHaveText('2 / 3')
    await page.waitForLoadState('networkidle')
    expect(scripts.react()).toBe(false)
  })
})

test('at 1280 px the carousel is a row and its code never loads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const scripts = watchScripts(page)
  await page.goto('/')
  await page.getByTestId('highlight-carousel').scrollIntoViewIfNeeded()
  await page.waitForLoadState('networkidle')
  expect(scripts.has('carousel')).toBe(false)
})

test('an expander wakes on its first click, which opens it', async ({ page }) => {
  const scripts = await openQuiet(page, '/contact')
  expect(scripts.has('expanders')).toBe(false)
  const second = page.getByRole('button', { name: 'How Is This Different from Outsourcing?' })
  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  expect(scripts.has('expanders')).toBe(true)
  expect(scripts.react()).toBe(false)
})

test('the lead form wakes (with React) on its first focus; before that the page has no React', async ({
  page,
}) => {
  const scripts = await openQuiet(page, '/get-started')
  expect(scripts.react()).toBe(false)
  await page.getByLabel('Full Name').focus()
  await expect.poll(() => scripts.react()).toBe(true)
  expect(scripts.has('lead-form')).toBe(true)
  // The form is React's now: an empty submit is checked in the page, not posted.
  await page.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/get-started')
})

test('/resources wakes its list on the first click of a filter, which filters in place', async ({ page }) => {
  const scripts = await openQuiet(page, '/resources')
  expect(scripts.react()).toBe(false)
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.getByRole('button', { name: 'Case Study', exact: true }).click()
  await expect(page).toHaveURL(/\/resources\?type=case-study$/)
  await expect(page.getByRole('button', { name: 'Case Study', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  expect(scripts.has('resources')).toBe(true)
})
