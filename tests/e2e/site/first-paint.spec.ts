import type { Browser } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from '@playwright/test'

/**
 * Public pages paint from their HTML alone: the inline critical CSS must draw the page exactly as the whole
 * stylesheet does, and nothing (stylesheet, script, font) may be requested before that first paint.
 */

async function publicRoutes(request: import('@playwright/test').APIRequestContext) {
  const resources = await (await request.get('/resources')).text()
  const post = /href="(\/post\/[^"?#]+)"/.exec(resources)![1]
  return [
    '/',
    '/solutions',
    '/platform',
    '/contact',
    '/get-started',
    '/resources',
    post,
    '/privacy',
    '/nowhere',
  ]
}

/** A full-page screenshot without scripts or web font; with `criticalOnly` the stylesheet file is refused too. */
async function screenshot(browser: Browser, url: string, width: number, criticalOnly: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })
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

async function differingPixels(a: Buffer, b: Buffer): Promise<number | string> {
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  )
  if (x.info.width !== y.info.width || x.info.height !== y.info.height)
    return `${x.info.width}×${x.info.height} vs ${y.info.width}×${y.info.height}`
  let differing = 0
  for (let i = 0; i < x.data.length; i += x.info.channels)
    if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2])
      differing++
  return differing
}

test('the first paint, from the inline critical CSS alone, is the page its whole stylesheet draws', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  for (const route of await publicRoutes(request)) {
    for (const width of [375, 1280]) {
      const url = `${baseURL}${route}`
      const critical = await screenshot(browser, url, width, true)
      const whole = await screenshot(browser, url, width, false)
      expect(await differingPixels(critical, whole), `${route} at ${width} px`).toBe(0)
    }
  }
})

test('nothing is requested before the first contentful paint; the app, stylesheet and font come after', async ({
  page,
  request,
}) => {
  for (const route of await publicRoutes(request)) {
    await page.goto(route)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
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
