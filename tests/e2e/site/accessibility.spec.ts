import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

const routes = ['/', '/solutions', '/platform', '/contact', '/privacy', '/terms', '/no-such-page']

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })
    for (const path of routes) {
      test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await page.goto(path, { waitUntil: 'networkidle' })
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze()
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        )
        expect(summary).toEqual([])
      })
    }
  })
}
