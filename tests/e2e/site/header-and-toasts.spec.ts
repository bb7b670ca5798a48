import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { fillLeadForm } from '../../support/lead-form-fill.ts'
import { transitionsDone } from '../../support/transitions.ts'

/** WCAG contrast ratio of two sRGB colours (0–255 channels). */
function contrast(a: number[], b: number[]): number {
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * R + 0.7152 * G + 0.0722 * B
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * The contrast of text as painted: in a screenshot of `png`, the most common colour is the background and
 * the pixel that differs most from it is the text's ink (the core of a glyph stem, not its anti-aliased edge).
 */
async function paintedContrast(png: Buffer): Promise<{ ratio: number; background: number[] }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  const counts = new Map<string, number>()
  const pixels: number[][] = []
  for (let i = 0; i < data.length; i += info.channels) {
    const px = [data[i], data[i + 1], data[i + 2]]
    pixels.push(px)
    counts.set(px.join(), (counts.get(px.join()) ?? 0) + 1)
  }
  const background = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])[0][0]
    .split(',')
    .map(Number)
  const ratio = Math.max(...pixels.map((px) => contrast(px, background)))
  return { ratio, background }
}

test.describe('the header over a dark section', () => {
  for (const width of [1280, 375]) {
    test(`stays legible at ${width} px: its links and menu keep a contrast of at least 4.5:1`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      // Scroll until the night-tone Advantage section runs under the sticky header.
      const dark = page.getByRole('region', { name: /Faster Than Building Alone/ })
      await dark.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 40))
      const header = page.getByRole('banner')
      const headerBox = (await header.boundingBox())!
      const darkBox = (await dark.boundingBox())!
      expect(darkBox.y).toBeLessThan(headerBox.y)
      expect(darkBox.y + darkBox.height).toBeGreaterThan(headerBox.y + headerBox.height)

      const targets =
        width >= 768
          ? [page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platform' })]
          : [page.getByRole('button', { name: 'Open menu' })]
      for (const target of targets) {
        const { ratio, background } = await paintedContrast(await target.screenshot())
        // A light header (not the night tone showing through it) with dark ink on it.
        expect(Math.min(...background), `background ${background}`).toBeGreaterThan(200)
        expect(ratio).toBeGreaterThanOrEqual(4.5)
      }
    })
  }
})

test.describe('toasts', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px a toast shows inside the viewport, below the header, in the site's type`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 })
      await page.route('**/api/leads', (route) => route.abort())
      await page.goto('/get-started')
      await fillLeadForm(page)
      await page.getByRole('button', { name: 'Submit Request' }).click()
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Something went wrong!' })
      await expect(toast).toBeVisible()
      // Let it slide in (mounted, and its transitions finished), then measure where it rests.
      await expect(toast).toHaveAttribute('data-mounted', 'true')
      await transitionsDone(toast)
      const box = (await toast.boundingBox())!
      const header = (await page.getByRole('banner').boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      expect(box.y + box.height).toBeLessThanOrEqual(740)
      const style = await toast.evaluate((el) => {
        const title = el.querySelector('[data-title]')!
        return { font: getComputedStyle(title).fontFamily, weight: getComputedStyle(title).fontWeight }
      })
      expect(style.font).toMatch(/^"?Inter Variable/)
      expect(Number(style.weight)).toBeGreaterThanOrEqual(600)
    })
  }
})
