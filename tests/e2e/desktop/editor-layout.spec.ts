import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { serveRenderer, startDesktopMain, type DesktopHarness } from './desktop-bridge.ts'
import { otherEditor, searchPosts, signIn } from './desktop-flows.ts'
import { transitionsDone } from '../../support/transitions.ts'
import { goToScreen } from '../blog/admin-screen-checks.ts'

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function check(page: Page, screen: string) {
  expect.soft(await violations(page), `axe on ${screen}`).toEqual([])
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect.soft(sideways, `sideways scroll on ${screen}`).toBeLessThanOrEqual(0)
}

/**
 * The desktop renderer (built, with the built preload and the real main-process handlers) has the same
 * writing-first editor and the same shell as the browser admin, at a laptop's 1280 × 800 and at 375 px.
 */
test.describe('desktop: the editor as a writing tool', () => {
  let renderer: Awaited<ReturnType<typeof serveRenderer>>
  let desktop: DesktopHarness
  const token = Date.now().toString(36)
  const slug = `desktop-canvas-${token}`

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    renderer = await serveRenderer()
    desktop = await startDesktopMain(`http://localhost:${e2e.port}`)
    await (
      await otherEditor()
    ).seed([
      {
        title: `Desktop canvas ${token}`,
        slug,
        tags: ['gcc'],
        content: `<h2>On the desktop</h2>${'<p>A paragraph written on a train, with no network at all.</p>'.repeat(10)}`,
      },
    ])
  })
  test.afterAll(async () => {
    await desktop?.close()
    await renderer?.close()
  })

  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    test(`at ${width} px: the body in view, settings beside it or in a drawer, every screen passes axe`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const narrow = width < 1024
      await page.setViewportSize({ width, height })
      await desktop.attach(page)
      await page.goto(renderer.url)
      await check(page, 'sign-in')
      if (narrow) {
        // "Signed in as …" gives way to the tabs on a phone (Sign out keeps the address as its title).
        await page.getByLabel('Email').fill(e2e.editorEmail)
        await page.getByLabel('Password').fill(e2e.editorPassword)
        await page.getByRole('button', { name: 'Sign in' }).click()
      } else {
        await signIn(page)
      }
      await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
      // The shell: the same top bar as the browser admin, Inter bundled (no network font).
      // Every screen in the sidebar from 1024 px, behind the Menu below that.
      if (narrow) await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible()
      else await expect(page.getByRole('navigation', { name: 'Admin screens' })).toBeVisible()
      const inter = await page.evaluate(async () => {
        await document.fonts.ready
        return [...document.fonts].some((f) => f.family.includes('Inter') && f.status === 'loaded')
      })
      expect(inter).toBe(true)

      await searchPosts(page, slug)
      await page.getByRole('button', { name: `Edit Desktop canvas ${token}` }).click()
      const body = page.getByRole('textbox', { name: 'Content' })
      await expect(body.locator('h2')).toHaveText('On the desktop')
      await expect(body).toBeInViewport({ ratio: 0.2 })
      expect((await body.boundingBox())!.y).toBeLessThan(height - 150)
      await expect(page.getByTestId('word-count')).toHaveText(/^\d+ words · 1 min read$/)
      await check(page, 'the editor')

      if (narrow) {
        await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeHidden()
        await page.getByRole('button', { name: 'Post settings' }).click()
        await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug)
        await check(page, 'the settings drawer')
        await page.getByRole('button', { name: 'Close settings' }).click()
        await page.getByRole('button', { name: 'Back to all posts' }).click()
        await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
        await check(page, 'the list')
      } else {
        const settings = page.getByRole('complementary', { name: 'Post settings' })
        await expect(settings.getByLabel('Slug', { exact: true })).toHaveValue(slug)
        expect((await settings.boundingBox())!.x).toBeGreaterThan((await body.boundingBox())!.x)
      }

      await goToScreen(page, 'Email test')
      await expect(page.getByRole('heading', { name: /email/i }).first()).toBeVisible()
      // Once the service's status is known: while it is checked, the refresh button is disabled and dimmed,
      // and axe would otherwise catch it fading back in.
      const refresh = page.getByRole('button', { name: 'Refresh status' })
      await expect(refresh).toBeEnabled()
      await transitionsDone(refresh)
      await check(page, 'email test')
      await goToScreen(page, 'Settings')
      await expect(page.getByLabel(/site address/i)).toBeVisible()
      // The hint under the field is its description for a screen reader, not a stray paragraph.
      await expect(page.getByLabel(/site address/i)).toHaveAccessibleDescription(/public configuration/)
      await check(page, 'settings')

      // Main keeps the session for the next test: sign out, so it starts from the sign-in screen too.
      await page.getByRole('button', { name: 'Sign out' }).click()
      await goToScreen(page, 'Posts')
      await expect(page.getByLabel('Password')).toBeVisible()
    })
  }
})
