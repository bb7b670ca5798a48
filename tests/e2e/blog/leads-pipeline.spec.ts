import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { submitLead as submitLeadTo } from '../../support/leads.ts'
import { baseUrl, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

async function submitLead(name: string, email: string) {
  const res = await submitLeadTo(baseUrl, name, email)
  expect(res.status, await res.clone().text()).toBeLessThan(300)
}

test('sales works leads through the pipeline: status, owner, a note, filters and a CSV export', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const token = uniqueToken('lead')
  await submitLead(`=SUM(A1) ${token}`, `formula-${token}@startup.example`)
  await submitLead(`Marcus ${token}`, `marcus-${token}@scaleup.example`)

  await signInToAdmin(page)
  await page.getByRole('button', { name: 'Leads' }).click()
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible()
  await page.getByLabel('Search leads').fill(token)
  const rows = page.getByTestId('lead-row')
  await expect(rows).toHaveCount(2)

  const marcus = `Marcus ${token}`
  // The lead opens in its panel, where it is worked.
  await page.getByRole('button', { name: marcus, exact: true }).click()
  const panel = page.getByRole('dialog', { name: marcus })
  await expect(panel).toContainText('Five backend engineers in Pune')
  await panel.getByLabel(`Status of ${marcus}`).selectOption('contacted')
  await panel.getByLabel(`Owner of ${marcus}`).selectOption({ label: 'editor@meridian.example' })
  await panel.getByLabel(`Notes on ${marcus}`).fill('Called on Monday; wants a proposal by Friday.')
  await panel.getByLabel(`Notes on ${marcus}`).press('Tab')
  await expect(panel.getByText('Note saved')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(rows.filter({ hasText: marcus })).toContainText('Contacted')

  // Stored: a reload shows the same.
  await page.reload()
  await page.getByRole('button', { name: 'Leads' }).click()
  await page.getByLabel('Search leads').fill(token)
  await page.getByRole('button', { name: marcus, exact: true }).click()
  await expect(panel.getByLabel(`Status of ${marcus}`)).toHaveValue('contacted')
  await expect(panel.getByLabel(`Notes on ${marcus}`)).toHaveValue(
    'Called on Monday; wants a proposal by Friday.',
  )
  await panel.getByRole('button', { name: 'Close' }).click()

  // Filters run on the server.
  await page.getByLabel('Status', { exact: true }).selectOption('contacted')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(marcus)
  await page.getByLabel('Status', { exact: true }).selectOption('all')
  await page.getByLabel('Owner', { exact: true }).selectOption('none')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(`=SUM(A1) ${token}`)
  await page.getByLabel('Owner', { exact: true }).selectOption('all')
  await expect(rows).toHaveCount(2)
  // The search reads notes too.
  await page.getByLabel('Search leads').fill('proposal by Friday')
  await expect(rows.filter({ hasText: marcus })).toHaveCount(1)
  await page.getByLabel('Search leads').fill(token)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'Received,Name,Email,Phone,Requirement,Technology stack,Status,Owner,Notes,Source,Landing page,Referrer,UTM source,UTM medium,UTM campaign',
  )
  expect(lines).toHaveLength(3)
  const marcusLine = lines.find((l) => l.includes(marcus))!
  expect(marcusLine).toContain(
    ',Contacted,editor@meridian.example,Called on Monday; wants a proposal by Friday.',
  )
  // A cell a spreadsheet would run as a formula starts with an apostrophe; so does the phone's "+".
  expect(lines.find((l) => l.includes('SUM'))).toContain(`,'=SUM(A1) ${token},`)
  expect(marcusLine).toContain(",'+1 415 555 0100,")
})
