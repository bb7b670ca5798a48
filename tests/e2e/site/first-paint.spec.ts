import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { marketingRoutes } from '../../support/routes.ts'
import { layoutShift, recordLayoutShift } from '../../support/layout-shift.ts'
import { framesDrawn } from '../../support/transitions.ts'

/**
 * Public pages paint from their HTML alone: the inline critical CSS must draw the page exactly as the whole
 * stylesheet does, and nothing (stylesheet, script, font) may be requested before that first paint.
 */

/**
 * Every public route; the post is a sample post (its copy is the site's own: other specs add posts with
 * arbitrary titles, whose lines the fallback faces are not scaled for).
 */
const publicRoutes = [
  ...marketingRoutes,
  '/post/playbook-onboarding-your-india-team-in-30-days',
  '/privacy',
  '/terms',
  '/nowhere',
]

/** A full-page screenshot without scripts or web font; with `criticalOnly` the stylesheet file is refused too. */
async function screenshot(browser: Browser, url: string, width: number, criticalOnly: boolean) {
  // A viewport taller than any page: every section is laid out at once (below-the-fold sections otherwise wait
  // with a placeholder height until they come near, see `defer-layout` in site/src/index.css).
  const context = await browser.newContext({ viewport: { width, height: 12_000 }, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.route(/\.woff2$/, (route) => route.abort())
    if (criticalOnly) await page.route(/\/assets\/[^/]+\.css$/, (route) => route.abort())
    await page.goto(url, { waitUntil: 'networkidle' })
    return await page.screenshot({ fullPage: true, animations: 'disabled' })
  } finally {
    await context.close()
  }
}

/** Pixels that differ visibly (by more than 8 of 255 in a channel: a missing rule, not compositing noise). */
async function differingPixels(a: Buffer, b: Buffer): Promise<number | string> {
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  )
  if (x.info.width !== y.info.width || x.info.height !== y.info.height)
    return `${x.info.width}×${x.info.height} vs ${y.info.width}×${y.info.height}`
  let differing = 0
  for (let i = 0; i < x.data.length; i += x.info.channels)
    if ([0, 1, 2].some((c) => Math.abs(x.data[i + c] - y.data[i + c]) > 8)) differing++
  return differing
}

// One test per route: each takes four full-page screenshots of a tall page, which on a busy machine is
// most of a minute.
for (const route of publicRoutes) {
  test(`the first paint of ${route}, from the inline critical CSS alone, is the page its whole stylesheet draws`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    for (const width of [375, 1280]) {
      const url = `${baseURL}${route}`
      const critical = await screenshot(browser, url, width, true)
      const whole = await screenshot(browser, url, width, false)
      expect(await differingPixels(critical, whole), `${route} at ${width} px`).toBe(0)
    }
  })
}

test('nothing is requested before the first contentful paint; the stylesheet, font and app come after, the app last', async ({
  page,
}) => {
  // Whether the whole stylesheet was in place when the app took over (it renders nothing unstyled), also
  // when the stylesheet is slower than the scripts.
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return
      const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]')?.sheet
      ;(window as unknown as { styledAtStart: boolean }).styledAtStart = Boolean(sheet?.cssRules.length)
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
  for (const route of publicRoutes) {
    await page.goto(route)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(
      await page.evaluate(() => (window as unknown as { styledAtStart: boolean }).styledAtStart),
      route,
    ).toBe(true)
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      assets: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^/]+\.(?:js|css|woff2)$/.test(new URL(e.name).pathname))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
    }))
    expect(timing.fcp, route).toBeGreaterThan(0)
    expect(
      timing.assets.map((a) => a.path).some((p) => p.endsWith('.css')),
      route,
    ).toBe(true)
    for (const asset of timing.assets)
      expect(asset.start, `${route}: ${asset.path}`).toBeGreaterThanOrEqual(timing.fcp!)
  }
})

/** Opens `url` and waits until Inter (loaded after the first paint with the whole stylesheet) has replaced the fallback. */
async function openWithInter(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() =>
    [...document.fonts].some((f) => f.family.includes('Inter Variable') && f.status === 'loaded'),
  )
  await page.waitForLoadState('networkidle')
}

test('no public page shifts by more than 0.02 (CLS), Inter arriving and scrolling down included', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } })
    await recordLayoutShift(context)
    const page = await context.newPage()
    for (const route of publicRoutes) {
      await openWithInter(page, `${baseURL}${route}`)
      // Down the page too: sections below the fold are laid out as they come near (content-visibility).
      for (let i = 0; i < 8; i++) {
        await page.mouse.wheel(0, 600)
        await framesDrawn(page)
      }
      await page.waitForLoadState('networkidle')
      await framesDrawn(page)
      expect(await layoutShift(page), `${route} at ${width} px`).toBeLessThanOrEqual(0.02)
    }
    await context.close()
  }
})

test('on a phone (412 px, as Lighthouse measures), Inter arriving moves nothing on the first screen (CLS 0)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  await recordLayoutShift(context)
  const page = await context.newPage()
  for (const route of publicRoutes) {
    await openWithInter(page, `${baseURL}${route}`)
    await framesDrawn(page)
    // Lighthouse reports three decimals: anything under 0.0005 reads as 0.
    expect(await layoutShift(page), `${route} at 412 px`).toBeLessThan(0.0005)
  }
  await context.close()
})
