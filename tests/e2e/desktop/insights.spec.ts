import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { editorClient, seedPosts, uniqueAddress, uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { siteUrl } from './desktop-flows.ts'

/**
 * The desktop's Insights screen reads the same report through its main process (`loadInsights` in the
 * contract): after three visits to a post from another site, it lists the post and the referrer host.
 */
test.describe('desktop: insights', () => {
  const app = desktopAppForDescribe()

  test('lists a post and its referrer after three visits', async ({ browser, page }) => {
    test.setTimeout(90_000)
    const token = uniqueToken('desk')
    // A post of its own (other specs rename and delete theirs), seen by three distinct visitors.
    const post = { title: `Desktop insights ${token}`, slug: `desktop-insights-${token}` }
    await seedPosts(await editorClient(), [post])
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueAddress() } })
      await (
        await context.newPage()
      ).goto(`${siteUrl}/post/${post.slug}`, {
        referer: `https://${token}.example.net/`,
      })
      await context.close()
    }

    await openSignedIn(page, app)
    await page.getByRole('banner').getByRole('button', { name: 'Insights' }).click()
    await page.getByRole('button', { name: '7 days' }).click()
    await expect(page.getByRole('region', { name: 'Top Posts' })).toContainText(post.title)
    await expect(
      page
        .getByRole('region', { name: 'Top Referrers' })
        .getByRole('row', { name: `${token}.example.net 3` }),
    ).toBeVisible()
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})
