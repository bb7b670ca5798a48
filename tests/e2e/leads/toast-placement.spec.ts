import type { Locator } from '@playwright/test'
import { expect, test } from '../site/fixtures.ts'
import { fillLeadForm } from '../../support/lead-form-fill.ts'

/**
 * A toast answers what the visitor did without hiding it: on a phone it never covers the card that confirms
 * the request, nor the form's alert and its submit button after a failure; and its "Thanks" does something
 * (it takes the visitor home now, where the page was going anyway).
 */

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!]
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the success toast leaves the confirmation card in view, and "Thanks" goes home', async ({ page }) => {
    // The page's own clock, paused once the toast is up: the 3 s redirect then waits, so only "Thanks" can
    // take the visitor home.
    await page.clock.install()
    await page.goto('/get-started')
    await fillLeadForm(page, { email: `toast-${Date.now()}@example.com` })
    await page.getByRole('button', { name: 'Submit Request' }).click()
    const card = page.getByTestId('lead-submitted')
    await expect(card).toBeVisible()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Form submitted successfully!' })
    await expect(toast).toHaveAttribute('data-mounted', 'true')
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500))
    expect(await overlaps(toast, card)).toBe(false)
    await toast.getByRole('button', { name: 'Thanks' }).click()
    await page.waitForURL(/:\d+\/$/)
  })
})

for (const width of [375, 1280])
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } })

    test('an error toast covers neither the alert nor the submit button', async ({ page }) => {
      await page.route('**/api/leads', (route) => route.abort())
      await page.goto('/get-started')
      await fillLeadForm(page)
      await page.getByRole('button', { name: 'Submit Request' }).click()
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Something went wrong!' })
      await expect(toast).toHaveAttribute('data-mounted', 'true')
      await page.waitForTimeout(600)
      const alert = page.getByRole('alert').filter({ hasText: 'Submission failed' })
      await expect(alert).toBeInViewport()
      expect(await overlaps(toast, alert)).toBe(false)
      expect(await overlaps(toast, page.getByRole('button', { name: 'Submit Request' }))).toBe(false)
    })
  })
