import { expect, test } from '@playwright/test'
import { submitLead } from '../../support/leads.ts'
import { baseUrl, signInToAdmin, uniqueToken } from './blog-fixtures.ts'
import { goToScreen } from './admin-screen-checks.ts'

test.use({ viewport: { width: 375, height: 812 } })

test('on a phone a lead is a card that opens its panel, where it is noted and re-statused', async ({
  page,
}) => {
  const token = uniqueToken('lp')
  const name = `Priya ${token}`
  const res = await submitLead(baseUrl, name, `priya-${token}@scaleup.example`)
  expect(res.status, await res.clone().text()).toBeLessThan(300)

  await signInToAdmin(page)
  await goToScreen(page, 'Leads')
  await page.getByLabel('Search leads').fill(token)
  const card = page.getByTestId('lead-row')
  await expect(card).toHaveCount(1)
  // The card names the lead, what they need, its status and date, and where they came from.
  await expect(card).toContainText(name)
  await expect(card).toContainText('Five backend engineers in Pune')
  await expect(card).toContainText('New')
  await expect(card).toContainText('Direct or unknown')
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)

  await card.click()
  const panel = page.getByRole('dialog', { name })
  await expect(panel).toBeVisible()
  expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(375)
  await panel.getByLabel(`Notes on ${name}`).fill('Wants a call on Thursday.')
  await panel.getByLabel(`Notes on ${name}`).press('Tab')
  await panel.getByLabel(`Status of ${name}`).selectOption('qualified')
  await expect(panel.getByText('Note saved')).toBeVisible()
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
  await expect(card).toContainText('Qualified')

  // Stored on the server: opened again after a reload, the lead holds both.
  await page.reload()
  await goToScreen(page, 'Leads')
  await page.getByLabel('Search leads').fill(token)
  await page.getByTestId('lead-row').click()
  await expect(panel.getByLabel(`Status of ${name}`)).toHaveValue('qualified')
  await expect(panel.getByLabel(`Notes on ${name}`)).toHaveValue('Wants a call on Thursday.')
})
