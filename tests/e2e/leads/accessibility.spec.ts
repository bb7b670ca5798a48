import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../site/fixtures.ts'
import { serverForSpec } from '../../support/spec-server.ts'
import { transitionsDone } from '../../support/transitions.ts'

/** axe-core on the lead form (with its validation errors showing) and the email test page. */

const spec = serverForSpec(test)

const seriousViolations = async (page: import('@playwright/test').Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

test('the lead form has no serious accessibility violations, also with errors showing', async ({ page }) => {
  await page.goto(`${spec.origin}/get-started`)
  await expect(page.getByRole('button', { name: 'Submit Request' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('the email test page has no serious accessibility violations', async ({ page }) => {
  await page.goto(`${spec.origin}/test-email`)
  await expect(page.getByTestId('email-service-status')).toHaveText('Available')
  // The refresh button fades back in from its dimmed "checking" state: read its contrast where it rests.
  await transitionsDone(page.getByRole('button', { name: 'Refresh status' }))
  expect(await seriousViolations(page)).toEqual([])
})
