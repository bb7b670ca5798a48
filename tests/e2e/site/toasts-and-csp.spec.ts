import { adminPath } from '../../../shared/config/brand.ts'
import { expect, test } from './fixtures.ts'
import { fillLeadForm } from '../../support/lead-form-fill.ts'

/**
 * Two things every page shares: the notification region is in the HTML from the first paint (sonner takes
 * that very element over when it loads), and no page reports a Content-Security-Policy violation (zod runs
 * without `new Function`).
 */

const region = 'section[aria-live="polite"][aria-label="Notifications alt+T"]'

async function publishedSlug(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const res = await request.get('/api/posts')
  expect(res.ok()).toBe(true)
  const { posts } = (await res.json()) as { posts: Array<{ slug: string }> }
  expect(posts.length).toBeGreaterThan(0)
  return posts[0].slug
}

test('every public page has the notification region in its HTML', async ({ request }) => {
  const slug = await publishedSlug(request)
  for (const path of [
    '/',
    '/solutions',
    '/get-started',
    '/resources',
    `/post/${slug}`,
    '/test-email',
    '/nope',
  ]) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain(
      '<section aria-label="Notifications alt+T" tabindex="-1" aria-live="polite" aria-relevant="additions text" aria-atomic="false" data-react-aria-top-layer="true"></section>',
    )
  }
})

test('sonner takes over the region from the HTML without a hydration warning, and toasts appear in it', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text())
  })
  const sonnerLoads: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /\/dist-|sonner/.test(r.url())) sonnerLoads.push(r.url())
  })
  await page.goto('/get-started')
  const fromHtml = await page.locator(region).elementHandle()
  expect(fromHtml).not.toBeNull()
  // Everything the page loads by itself has loaded.
  await page.waitForLoadState('networkidle')
  // Nothing asked for sonner yet: reading the page does not load it.
  expect(await page.evaluate(() => document.head.innerHTML.includes('[data-sonner-toaster]'))).toBe(false)

  // The first focus in the form (the part that raises toasts) loads it; the region stays the same element.
  await page.getByLabel('Full Name').focus()
  await page.waitForFunction(() => document.head.innerHTML.includes('[data-sonner-toaster]'))
  await expect(page.locator(region)).toHaveCount(1)
  expect(await fromHtml!.evaluate((el) => el.isConnected)).toBe(true)

  // A toast goes into that element.
  await page.route('**/api/leads', (route) => route.abort())
  await fillLeadForm(page)
  await page.getByRole('button', { name: 'Submit Request' }).click()
  const toast = page.locator(`${region} [data-sonner-toast]`).filter({ hasText: 'Something went wrong!' })
  await expect(toast).toBeVisible()
  expect(await fromHtml!.evaluate((el) => el.contains(document.querySelector('[data-sonner-toast]')))).toBe(
    true,
  )
  expect(problems.filter((p) => !/Lead submission failed|Failed to load resource/.test(p))).toEqual([])
})

test('no page reports a Content-Security-Policy violation, also once zod has parsed', async ({
  page,
  request,
}) => {
  const slug = await publishedSlug(request)
  const violations: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __csp: string[] }).__csp ??= []
      ;(window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`)
  })
  const collect = async (path: string) => {
    const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
    violations.push(...seen.map((v) => `${path}: ${v}`))
  }

  for (const path of ['/', '/resources', `/post/${slug}`, '/test-email', adminPath]) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await collect(path)
  }

  // The lead form loads zod on the first focus and parses on submit.
  await page.goto('/get-started')
  await page.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible()
  await collect('/get-started')

  expect(violations).toEqual([])
})
