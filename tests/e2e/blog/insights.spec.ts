import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import {
  baseUrl,
  editorClient,
  seedPosts,
  signInToAdmin,
  uniqueAddress,
  uniqueToken,
} from './blog-fixtures.ts'

/**
 * Insights in the browser: counting without cookies or other origins, lead sources with and without
 * JavaScript, and the Insights screen listing a post and its referrer.
 */

/** A visitor of their own (own address behind the proxy): a distinct visitor, whose limits are their own. */
async function visitor(
  browser: Browser,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': uniqueAddress() } })
}

/** A published post of this spec's own (other specs rename and delete theirs while this one runs). */
async function aPost(): Promise<{ slug: string; title: string }> {
  const token = uniqueToken('ins')
  const post = { title: `Counted visits ${token}`, slug: `counted-visits-${token}` }
  await seedPosts(await editorClient(), [post])
  return post
}

async function fillLeadForm(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone Number').fill('+91 98765 43210')
  await page.getByLabel('Team Requirements').fill('Six engineers for a new platform team in Pune')
  await page.getByLabel('Technology Stack').fill('TypeScript, Postgres')
  await page.getByRole('button', { name: 'Submit Request' }).click()
}

test('browsing the public pages sets no cookie, keeps no identifier and calls no other origin', async ({
  browser,
}) => {
  const context = await visitor(browser)
  const page = await context.newPage()
  const origins = new Set<string>()
  page.on('request', (req) => origins.add(new URL(req.url()).origin))
  const post = await aPost()
  for (const route of ['/', '/resources', `/post/${post.slug}`, '/get-started', '/platform']) {
    await page.goto(route)
    await page.waitForLoadState('networkidle')
  }
  // And in-site navigations (the beacon).
  await page.getByRole('banner').getByRole('link', { name: 'Solutions' }).click()
  await expect(page).toHaveURL(/\/solutions$/)
  await page.waitForLoadState('networkidle')
  // The one other address is the site's own email service, whose status /get-started checks (spec §4).
  const emailService = `http://localhost:${e2e.emailServicePort}`
  expect([...origins].filter((o) => o !== baseUrl && o !== emailService && !o.startsWith('data:'))).toEqual(
    [],
  )
  expect(await context.cookies()).toEqual([])
  const localKeys = await page.evaluate(() => Object.keys(localStorage))
  expect(localKeys).toEqual([])
  // The tab keeps where the visit started, and nothing else.
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['meridian:visit'])
  await context.close()
})

for (const javaScriptEnabled of [true, false]) {
  test(`a lead from a campaign link on another site keeps its source (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    page: admin,
  }) => {
    test.setTimeout(90_000)
    const token = uniqueToken(javaScriptEnabled ? 'js' : 'nojs')
    const post = await aPost()
    const context = await visitor(browser, { javaScriptEnabled })
    const page = await context.newPage()
    await page.goto(`/post/${post.slug}?utm_source=newsletter&utm_campaign=${token}`, {
      referer: `https://${token}.partner.example/article`,
    })
    await page
      .getByRole('link', { name: /get started/i })
      .last()
      .click()
    await expect(page).toHaveURL(/\/get-started$/)
    const name = `Lead ${token}`
    await fillLeadForm(page, name, `${token}@startup.example`)
    await expect(
      page.getByText(/Your request is in|Form submitted successfully|Your information was saved/).first(),
    ).toBeVisible()
    await context.close()

    await signInToAdmin(admin)
    await admin.getByRole('button', { name: 'Leads' }).click()
    await admin.getByLabel('Search leads').fill(token)
    const row = admin.getByTestId('lead-row')
    await expect(row).toHaveCount(1)
    // The row names the source on one line; the lead's panel shows all of it.
    await expect(row.getByTestId('lead-source')).toHaveText('newsletter')
    await row.click()
    const source = admin.getByRole('dialog', { name }).getByTestId('lead-source')
    await expect(source).toContainText('newsletter')
    await expect(source).toContainText(`/post/${post.slug}`)
    await expect(source).toContainText(token)
    await expect(source).toContainText(`via ${token}.partner.example`)
  })
}

test('after three visits to a post from a referrer, Insights lists the post and the referrer', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken('ref')
  const post = await aPost()
  for (let i = 0; i < 3; i++) {
    const context = await visitor(browser)
    const page = await context.newPage()
    await page.goto(`/post/${post.slug}`, { referer: `https://${token}.example.com/links` })
    await context.close()
  }
  await signInToAdmin(admin)
  await admin.getByRole('button', { name: 'Insights' }).click()
  await expect(admin.getByRole('heading', { name: 'Insights' })).toBeVisible()
  await admin.getByRole('button', { name: '7 days' }).click()
  const posts = admin.getByRole('region', { name: 'Top Posts' })
  await expect(posts).toContainText(post.title)
  // At 1280 px the post's row reads at a glance: its title and its path each on one line.
  const postRow = posts.getByTestId('ranked-row').filter({ hasText: post.title })
  for (const line of await postRow.getByRole('rowheader').locator(':scope > span').all()) {
    const box = (await line.boundingBox())!
    expect(box.height).toBeLessThan(24)
    expect(
      await line.evaluate(
        (el) => el.scrollWidth <= el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis',
      ),
    ).toBe(true)
  }
  expect((await postRow.boundingBox())!.height).toBeLessThan(56)
  const referrer = admin.getByRole('region', { name: 'Top Referrers' }).getByTitle(`${token}.example.com`)
  await expect(referrer).toHaveCSS('white-space', 'nowrap')
  const referrers = admin.getByRole('region', { name: 'Top Referrers' })
  await expect(referrers.getByRole('row', { name: new RegExp(`${token}\\.example\\.com 3`) })).toBeVisible()
  await expect(
    admin.getByRole('img', { name: /Views and unique visitors per day over 7 days/ }),
  ).toBeVisible()

  const download = admin.waitForEvent('download')
  await admin.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = ''
    for await (const chunk of stream) text += String(chunk)
    return text
  })
  expect(csv).toContain(`${token}.example.com,3`)
  expect(csv).toContain(`/post/${post.slug}`)
})
