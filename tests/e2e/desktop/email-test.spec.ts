import { expect, test } from '@playwright/test'
import { e2e } from '../../../playwright.config.ts'
import { desktopAppForDescribe } from './desktop-app.ts'
import { signIn } from './desktop-flows.ts'

/** The desktop's Email test screen is the site's /test-email tool, checking and sending through main. */
test.describe('desktop email test', () => {
  const app = desktopAppForDescribe()

  test('shows the service as available, asks for an address, then sends a test email', async ({ page }) => {
    test.setTimeout(90_000)
    await app.desktop.attach(page)
    await page.goto(app.renderer.url)
    await signIn(page)
    await page.getByRole('button', { name: 'Email test' }).click()

    await expect(page.getByTestId('email-service-status')).toHaveText('Available')
    await expect(page.getByTestId('email-service-endpoint')).toHaveText(
      `http://localhost:${e2e.emailServicePort}`,
    )
    await expect(page.getByTestId('email-service-protocol')).toHaveText('HTTP')

    const send = page.getByRole('button', { name: 'Send Test Email' })
    await send.click()
    await expect(page.getByRole('alert')).toHaveText('Please enter an email address')

    await page.getByLabel('Recipient email').fill('desk.test@example.com')
    await send.click()
    await expect(page.getByRole('status').filter({ hasText: 'Test email sent successfully!' })).toBeVisible()
    const details = page.locator('details').filter({ hasText: 'Response details' }).last()
    await details.locator('summary').click()
    await expect(details.locator('pre')).toContainText('"success": true')
  })
})
