import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { adminPath } from './blog-fixtures.ts'
import { goToScreen } from './admin-screen-checks.ts'

/**
 * The browser admin's Downloads screen links to the desktop editor's installers where the site publishes
 * them (`DESKTOP_RELEASES_URL`, from /config.json): the visitor's own platform first.
 */
for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test(`Downloads at ${width} px: the installer for this computer first, then the others`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height })
    await page.goto(adminPath)
    await page.getByRole('heading', { name: 'Editor sign-in' }).waitFor()
    await goToScreen(page, 'Downloads')
    await expect(page.getByRole('heading', { name: 'Downloads' })).toBeVisible()
    // Playwright's desktop Chrome says it runs on Windows.
    const primary = page.getByTestId('download-primary')
    await expect(primary).toHaveText('Download for Windows')
    await expect(primary).toHaveAttribute('href', `${e2e.desktopReleasesUrl}/Meridian-Editor-windows.exe`)
    const others = page.getByRole('list', { name: 'Other platforms' }).getByRole('link')
    await expect(others).toHaveCount(4)
    await expect(others.first()).toHaveAttribute(
      'href',
      `${e2e.desktopReleasesUrl}/Meridian-Editor-mac-arm64.dmg`,
    )
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  })
}
