import { expect, test } from '../site/fixtures.ts'
import { fillLeadForm } from '../../support/lead-form-fill.ts'

test.describe('lead form confirmation', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: the form clears and the card confirms the request until / after 3 s`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/get-started')
      await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible()
      await fillLeadForm(page, { email: `confirm-${width}-${Date.now()}@example.com` })
      await page.getByRole('button', { name: 'Submit Request' }).click()

      const confirmation = page.getByRole('heading', { name: 'Thank you, Asha. Your request is in.' })
      await expect(confirmation).toBeVisible()
      await expect(confirmation).toBeFocused()
      await expect(page.getByText('Taking you to the home page in 3 seconds.')).toBeVisible()
      // The filled-in form is gone, not left behind with the visitor's details.
      await expect(page.getByLabel('Full Name')).toHaveCount(0)
      await page.waitForURL(/\/$/, { timeout: 8_000 })
    })
  }
})
