import { expect, test } from './fixtures.ts'

// The server answers a missing post with HTTP 404 and the prerendered not-found page; the browser must
// take over that page without a hydration mismatch (the post route does not render that markup).
test('a missing post shows the not-found page without hydration errors', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    if (message.text().includes('status of 404')) return
    problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  const response = await page.goto('/post/no-such-post-anywhere', { waitUntil: 'networkidle' })
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(problems).toEqual([])
})
