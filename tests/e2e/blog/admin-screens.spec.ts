import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { adminPath, editorClient, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

/** WCAG 2.1 A/AA violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** How far the page scrolls sideways (0: not at all). */
async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

/** Every admin screen, checked the same way: no axe violation and nothing scrolling sideways. */
async function check(page: Page, screen: string) {
  expect.soft(await violations(page), `axe on ${screen}`).toEqual([])
  expect.soft(await sideways(page), `sideways scroll on ${screen}`).toBe(0)
}

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  const narrow = width < 1024
  test.describe(`every admin screen at ${width} px`, () => {
    test.use({ viewport: { width, height } })

    test('sign-in, choosing a password, list, editor, settings, history, preview, conflict, leads and people pass axe and never scroll sideways', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const token = uniqueToken('scr')
      const slug = `screens-${token}`
      const client = await editorClient()
      await seedPosts(client, [
        {
          title: `Every screen ${token}: an Employer of Record comparison`,
          slug,
          tags: ['gcc', 'hiring'],
          excerpt: 'Employer of Record, talent acquisition and retention, side by side.',
          content: `<h2>Employer of Record</h2><p>${'Supercalifragilistic employer-of-record arrangements. '.repeat(20)}</p>`,
        },
      ])

      await page.goto(adminPath)
      await page.getByRole('heading', { name: 'Editor sign-in' }).waitFor()
      await check(page, 'sign-in')

      // An invitation's link asks for a password first (the link is used only when the form is sent).
      await page.goto(`${adminPath}?token_hash=${token}&type=invite`)
      await page.getByRole('heading', { name: 'Welcome! Choose your password' }).waitFor()
      await check(page, 'choosing a password')

      await signInToAdmin(page)
      await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
      await expect(page.getByRole('row').filter({ hasText: slug })).toBeVisible()
      await check(page, 'the list')

      await page.getByRole('button', { name: `Edit Every screen ${token}` }).click()
      await expect(page.getByRole('textbox', { name: 'Content' }).locator('h2')).toHaveText(
        'Employer of Record',
      )
      await check(page, 'the editor')

      if (narrow) {
        await page.getByRole('button', { name: 'Post settings' }).click()
        await expect(page.getByLabel('Slug', { exact: true })).toBeVisible()
        await check(page, 'the settings drawer')
        await page.getByRole('button', { name: 'Close settings' }).click()
      }

      await page.getByRole('button', { name: 'History', exact: true }).click()
      await expect(page.getByRole('region', { name: /history/i }).first()).toBeVisible()
      await check(page, 'history')
      await page.getByRole('button', { name: 'History', exact: true }).click()

      await page.getByRole('button', { name: 'Preview' }).click()
      await expect(page.getByTestId('post-preview')).toBeVisible()
      await check(page, 'preview')
      await page.getByRole('button', { name: 'Preview' }).click()

      // Someone else saves the post meanwhile: the comparison, stacked per field on a phone.
      const { error } = await client
        .from('blogs')
        .update({ title: `Renamed elsewhere ${token}: Employer of Record` })
        .eq('slug', slug)
      expect(error).toBeNull()
      await page.getByLabel('Title', { exact: true }).fill(`Mine ${token}: Employer of Record`)
      await page.getByRole('button', { name: 'Save Blog Post' }).click()
      const comparison = page.getByRole('region', { name: /^Conflict:/ })
      await expect(comparison).toBeVisible()
      const title = comparison.locator('tr[data-field="title"]')
      const mine = (await title.getByText(`Mine ${token}`).boundingBox())!
      const theirs = (await title.getByText(`Renamed elsewhere ${token}`).boundingBox())!
      if (narrow) {
        // One above the other, each as wide as the comparison allows (no word broken into pieces).
        expect(theirs.y).toBeGreaterThan(mine.y + mine.height - 1)
        expect(mine.width).toBeGreaterThan(200)
        // Each value is labelled with its column's name (the header row is hidden once they stack).
        const labels = await title
          .locator('td')
          .evaluateAll((cells) => cells.map((td) => getComputedStyle(td, '::before').content))
        expect(labels).toEqual(['"Your version"', '"On the server"'])
      } else {
        expect(Math.abs(theirs.y - mine.y)).toBeLessThan(8)
        expect(theirs.x).toBeGreaterThan(mine.x + mine.width)
      }
      await check(page, 'a conflict')
      // The posts screen fits the window: the canvas scrolls to the comparison, the screen itself never does.
      const mainOverflow = await page
        .getByRole('main')
        .evaluate((main) => ({ scrolled: main.scrollTop, extra: main.scrollHeight - main.clientHeight }))
      expect(mainOverflow).toEqual({ scrolled: 0, extra: 0 })
      await expect(page.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeInViewport()
      await comparison.getByRole('button', { name: /^Keep theirs/ }).click()

      if (narrow) await page.getByRole('button', { name: 'Back to all posts' }).click()
      await page.getByRole('button', { name: 'Leads' }).click()
      await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible()
      await page
        .getByText(/Page \d+ of \d+|No leads/)
        .first()
        .waitFor()
      await check(page, 'leads')

      await page.getByRole('button', { name: 'People' }).click()
      await expect(page.getByRole('heading', { name: 'People' })).toBeVisible()
      await expect(page.getByText('editor@meridian.example').filter({ visible: true }).first()).toBeVisible()
      await check(page, 'people')

      // The top bar's controls all have names (icons alone on a phone).
      for (const name of ['Posts', 'Leads', 'People', 'View site', 'Sign out'])
        await expect(
          page.getByRole('banner').getByRole(name === 'View site' ? 'link' : 'button', { name }),
        ).toBeVisible()
    })
  })
}
