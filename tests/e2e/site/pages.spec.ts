import { expect, test } from './fixtures.ts'

test('the FAQ accordion opens one answer at a time', async ({ page }) => {
  await page.goto('/contact')
  const questions = page.getByRole('button', { name: /\?$/ })
  await expect(questions).toHaveCount(4)
  const first = page.getByRole('button', { name: 'How Quickly Can You Build My Team in India?' })
  const subsidiary = page.getByRole('button', { name: 'When Should I Set Up My Own Subsidiary in India?' })
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(subsidiary).toHaveAttribute('aria-expanded', 'false')
  await subsidiary.click()
  await expect(subsidiary).toHaveAttribute('aria-expanded', 'true')
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(
    page.getByRole('region', { name: 'When Should I Set Up My Own Subsidiary in India?' }),
  ).toContainText('20 to 30 employees')
})

test('solutions: both models ask for more information on the lead form and the comparison has four rows', async ({
  page,
}) => {
  await page.goto('/solutions')
  await expect(page.locator('#talent-bot')).toContainText('Premium Solution for Enterprise Growth')
  for (const card of [
    'Dedicated Company',
    'Seamless Acquisition',
    'Dedicated Support',
    'Exclusive Service',
  ]) {
    await expect(page.locator('#talent-bot').getByRole('heading', { name: card })).toBeVisible()
  }
  for (const card of [
    'Shared Employer of Record',
    'Shared Resources',
    'Common Workspace',
    'Transfer Option',
    'Same Quality',
    'Quick Onboarding',
  ]) {
    await expect(page.locator('#shared-gcc').getByRole('heading', { name: card })).toBeVisible()
  }
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText([
    'Feature',
    'TALENT BOT Model',
    'Shared GCC Model',
  ])
  await expect(table.getByRole('row')).toHaveCount(5)
  await expect(table.getByRole('row', { name: /Talent onboarding SLA/ })).toContainText('2 weeks')
  await page.locator('#shared-gcc').getByRole('link', { name: 'Request More Information' }).click()
  await expect(page).toHaveURL(/\/get-started$/)
})

test('platform: Schedule a Demo and each section lead to the lead form', async ({ page }) => {
  await page.goto('/platform')
  for (const title of [
    'Advanced Talent Search',
    'Interview Scheduling',
    'Multi-channel Outreach',
    'Quality Assessments',
    'Analytics Dashboard',
    'Compliance Management',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
  }
  for (const id of ['talent-acquisition', 'talent-management', 'talent-retention']) {
    await expect(page.locator(`#${id}`).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/get-started',
    )
  }
  await page.getByRole('link', { name: 'Schedule a Demo' }).click()
  await expect(page).toHaveURL(/\/get-started$/)
})

test('the footer shows the contact email, the current year and social profiles that are not links', async ({
  page,
}) => {
  await page.goto('/privacy')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: 'hello@meridian.example' })).toHaveAttribute(
    'href',
    'mailto:hello@meridian.example',
  )
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Meridian`)
  await expect(footer.getByRole('img', { name: /LinkedIn/ })).toBeVisible()
  await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0)
  await expect(page.getByRole('main')).toContainText('hello@meridian.example')
})

test('no marketing page sends a request to another host', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const elsewhere: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(request.url())
  })
  for (const path of ['/', '/solutions', '/platform', '/contact', '/privacy', '/terms']) {
    await page.goto(path, { waitUntil: 'networkidle' })
  }
  expect(elsewhere).toEqual([])
})
