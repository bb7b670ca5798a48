import { expect, test } from './fixtures.ts'

const paths = ['/', '/solutions', '/platform', '/contact', '/get-started', '/resources', '/privacy']

for (const width of [375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })
    test('no page scrolls sideways', async ({ page }) => {
      for (const path of paths) {
        await page.goto(path)
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
        expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(width)
      }
    })
  })
}
