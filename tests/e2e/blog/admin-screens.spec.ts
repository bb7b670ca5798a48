import { expect, test, type Page } from '@playwright/test'
import { submitLead } from '../../support/leads.ts'
import { adminPath, baseUrl, editorClient, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'
import { checkScreen, goToScreen, shot } from './admin-screen-checks.ts'
import { confirmedReader } from './newsletter-fixtures.ts'

/**
 * Every admin screen of the browser at 375, 768 and 1280 px: axe clean, no sideways scroll and no text cut
 * off (see admin-screen-checks.ts). With ADMIN_SHOTS_DIR set it also keeps a screenshot of each at 375 and
 * 1280 px (docs/screenshots/review-admin-*).
 */

for (const [width, height] of [
  [375, 812],
  [768, 1024],
  [1280, 800],
] as const) {
  const narrow = width < 1024
  test.describe(`every admin screen at ${width} px`, () => {
    test.use({ viewport: { width, height } })
    const check = async (page: Page, screen: string) => {
      await checkScreen(page, screen)
      if (width !== 768) await shot(page, `review-admin-${screen.replace(/\W+/g, '-')}-${width}`)
    }

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

      const lead = await submitLead(baseUrl, `Ada ${token}`, `ada-${token}@scaleup.example`)
      expect(lead.status, await lead.clone().text()).toBeLessThan(300)
      await confirmedReader(`reader-${token}@example.com`)

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
      // The comparison lays itself out by its own width: stacked below 512 px, side by side from there.
      const stacked = (await comparison.boundingBox())!.width < 512
      if (stacked) {
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
      await expect(comparison).toHaveCount(0)

      // The post is published and saved: sent as a newsletter, its panel follows the send.
      if (width < 1280) await page.getByRole('button', { name: 'Post settings' }).click()
      const newsletter = page.getByRole('region', { name: 'Newsletter' })
      await newsletter.getByRole('button', { name: 'Send as newsletter' }).click()
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Send to / })
        .click()
      await expect(newsletter.getByTestId('newsletter-progress')).toBeVisible()
      await newsletter.scrollIntoViewIfNeeded()
      await check(page, 'newsletter mid-send')
      if (width < 1280) await page.getByRole('button', { name: 'Close settings' }).click()

      if (narrow) await page.getByRole('button', { name: 'Back to all posts' }).click()
      await goToScreen(page, 'Leads')
      await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible()
      await page.getByLabel('Search leads').fill(token)
      await page.getByTestId('lead-row').first().click()
      await expect(page.getByRole('dialog', { name: new RegExp(`Ada ${token}`) })).toBeVisible()
      await check(page, 'a lead')
      await page.keyboard.press('Escape')

      await goToScreen(page, 'Insights')
      await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible()
      await page.getByTestId('insights-chart').waitFor()
      await check(page, 'insights')

      await goToScreen(page, 'People')
      await expect(page.getByRole('heading', { name: 'People' })).toBeVisible()
      await expect(page.getByText('editor@meridian.example').filter({ visible: true }).first()).toBeVisible()
      await check(page, 'people')

      await goToScreen(page, 'Newsletter')
      await expect(page.getByRole('heading', { name: 'Subscribers' })).toBeVisible()
      await check(page, 'newsletter sends')

      await goToScreen(page, 'Downloads')
      await expect(page.getByRole('heading', { name: 'Downloads' })).toBeVisible()
      await check(page, 'downloads')

      // The menu on a phone and a tablet, the sidebar from 1024 px: every screen named in full.
      if (narrow) {
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
        await check(page, 'the menu')
      }
      for (const name of ['Posts', 'Leads', 'Insights', 'People', 'Newsletter', 'Downloads'])
        await expect(
          page.getByRole('navigation', { name: 'Admin screens' }).getByRole('button', { name, exact: true }),
        ).toBeVisible()
      for (const [role, name] of [
        ['link', 'View site'],
        ['button', 'Sign out'],
      ] as const)
        await expect(page.getByRole('banner').getByRole(role, { name })).toBeVisible()
    })
  })
}
