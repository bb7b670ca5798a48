import { expect, test } from '@playwright/test'
import { submitLead } from '../../support/leads.ts'
import { checkScreen, goToScreen, shot } from '../blog/admin-screen-checks.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe } from './desktop-app.ts'
import { otherEditor, postRow, searchPosts, siteUrl, syncNow } from './desktop-flows.ts'

/**
 * Every screen of the desktop renderer at 375, 768 and 1280 px, checked as the browser's are (axe clean, no
 * sideways scroll, no text cut off). With ADMIN_SHOTS_DIR set it also keeps a screenshot of each at 375 and
 * 1280 px (docs/screenshots/review-desktop-*).
 */
test.describe('every desktop screen', () => {
  const app = desktopAppForDescribe()

  for (const [width, height] of [
    [375, 812],
    [768, 1024],
    [1280, 800],
  ] as const) {
    test(`at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000)
      const check = async (screen: string) => {
        await checkScreen(page, screen)
        if (width !== 768) await shot(page, `review-desktop-${screen.replace(/\W+/g, '-')}-${width}`)
      }
      const narrow = width < 1024
      const token = uniqueToken('dscr')
      const slug = `desktop-screens-${token}`
      const other = await otherEditor()
      await other.seed([
        {
          title: `Desktop screens ${token}: hiring a platform team`,
          slug,
          tags: ['gcc'],
          content: `<h2>Why Pune</h2><p>${'We hired twelve engineers in four weeks. '.repeat(8)}</p>`,
        },
      ])
      const lead = await submitLead(siteUrl, `Ravi ${token}`, `ravi-${token}@scaleup.example`)
      expect(lead.status).toBeLessThan(300)

      await page.setViewportSize({ width, height })
      await app.desktop.attach(page)
      await page.goto(app.renderer.url)
      // The app keeps its session between the widths: sign out first, so the sign-in screen is checked too.
      const signIn = page.getByRole('heading', { name: 'Editor sign-in' })
      const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' })
      await expect(signIn.or(signOut)).toBeVisible()
      if (await signOut.isVisible()) await signOut.click()
      await signIn.waitFor()
      await check('sign-in')
      await page.getByLabel('Email').fill('editor@meridian.example')
      await page.getByLabel('Password').fill('correct-horse-battery-staple')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
      await syncNow(page)
      await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
        timeout: 20_000,
      })
      await searchPosts(page, token)
      await expect(postRow(page, slug)).toBeVisible({ timeout: 20_000 })
      await check('the list')

      await postRow(page, slug).getByRole('button', { name: /^Edit/ }).click()
      await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug)
      await check('the editor')
      if (width < 1280) {
        await page.getByRole('button', { name: 'Post settings' }).click()
        await check('the settings drawer')
        await page.getByRole('button', { name: 'Close settings' }).click()
      }
      await page.getByRole('button', { name: 'History', exact: true }).click()
      await expect(page.getByRole('region', { name: /history/i }).first()).toBeVisible()
      await check('history')
      await page.getByRole('button', { name: 'History', exact: true }).click()

      // A conflict: the desktop edits offline while another editor changes the same post.
      app.desktop.network.up = false
      await syncNow(page)
      await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
      if (width < 1280) await page.getByRole('button', { name: 'Post settings' }).click()
      await page.getByLabel('Tags (comma-separated)').fill('gcc, from the desktop')
      if (width < 1280) await page.getByRole('button', { name: 'Close settings' }).click()
      await page.getByRole('button', { name: 'Save Blog Post' }).click()
      await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
      await other.update(slug, {
        title: `Retitled in the browser ${token}`,
        content: `<h2>Why Pune</h2><p>${'We hired forty engineers in four weeks. '.repeat(8)}</p>`,
      })
      app.desktop.network.up = true
      await syncNow(page)
      const comparison = page.getByRole('region', { name: /^Conflict: “Desktop screens/ })
      await expect(comparison).toBeVisible({ timeout: 20_000 })
      if (narrow) await page.getByRole('button', { name: 'Back to all posts' }).click()
      await comparison.scrollIntoViewIfNeeded()
      await check('a conflict')
      await comparison.getByRole('button', { name: /^Keep mine/ }).click()
      await expect(comparison).toHaveCount(0)

      await goToScreen(page, 'Leads')
      await page.getByLabel('Search leads').fill(token)
      await page.getByTestId('lead-row').first().click()
      await expect(page.getByRole('dialog', { name: `Ravi ${token}` })).toBeVisible()
      await check('a lead')
      await page.keyboard.press('Escape')

      for (const [screen, heading] of [
        ['Insights', 'Insights'],
        ['People', 'People'],
        ['Newsletter', 'Subscribers'],
        ['Email test', null],
        ['Settings', null],
        ['Downloads', null],
      ] as const) {
        await goToScreen(page, screen)
        if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible()
        else await page.waitForTimeout(500)
        await check(screen.toLowerCase())
      }
      if (narrow) {
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
        await check('the menu')
      }
    })
  }
})
