import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
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
    const token = `desk${Date.now().toString(36)}`
    const res = await fetch(`${siteUrl}/api/posts`)
    const { posts } = (await res.json()) as { posts: { slug: string; title: string }[] }
    const post = posts[1] ?? posts[0]
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({
        extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${(Date.now() + i) % 250}` },
      })
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
