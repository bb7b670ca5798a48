import type { Page } from '@playwright/test'
import { expect, test } from '../site/fixtures.ts'
import { capturedMail, testEditor } from '../../support/server.ts'
import { serverForSpec } from '../../support/spec-server.ts'

/** /test-email against the real server and its email service (a second listener in the same process). */

const spec = serverForSpec(test)

const status = (page: Page) => page.getByTestId('email-service-status')

async function signIn(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(testEditor.email)
  await page.getByLabel('Password').fill(testEditor.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(`Signed in as ${testEditor.email}`)).toBeVisible()
}

test('shows the service as available with its endpoint, protocol and response details', async ({ page }) => {
  const endpoint = spec.server.ctx.emailServiceUrl
  await page.goto(`${spec.origin}/test-email`)
  await expect(status(page)).toHaveText('Available')
  await expect(page.getByTestId('email-service-endpoint')).toHaveText(endpoint)
  await expect(page.getByTestId('email-service-protocol')).toHaveText('HTTP')
  await expect(page.getByText('Email service is currently unavailable')).toHaveCount(0)
  // Code-like text in the site's own monospace (bundled, like Inter), not whatever the system has.
  const font = await page
    .getByTestId('email-service-endpoint')
    .evaluate((el) => getComputedStyle(el).fontFamily)
  expect(font).toMatch(/^"?JetBrains Mono Variable/)

  const details = page.locator('details').filter({ hasText: 'Response details' }).first()
  await expect(details.locator('pre')).toBeHidden()
  await details.locator('summary').click()
  await expect(details.locator('pre')).toContainText('"service": "meridian-email"')

  // Refresh goes through Checking... back to Available.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`${endpoint}/`, async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Refresh status' }).click()
  await expect(status(page)).toHaveText('Checking...')
  release()
  await expect(status(page)).toHaveText('Available')
})

test('shows Unavailable with the status code and troubleshooting steps, and keeps Send disabled', async ({
  page,
}) => {
  const endpoint = spec.server.ctx.emailServiceUrl
  await page.route(`${endpoint}/`, (route) => route.fulfill({ status: 503, body: 'maintenance' }))
  await page.goto(`${spec.origin}/test-email`)
  await expect(status(page)).toHaveText('Unavailable')
  const alert = page.getByRole('alert').filter({ hasText: 'Email service is currently unavailable' })
  await expect(alert).toContainText('Status code: 503')
  await expect(alert).toContainText('Service returned status 503')
  await expect(alert).toContainText('Troubleshooting')
  await expect(alert.locator('li')).toHaveCount(4)

  // Signed out, the input and the button are there; the button stays disabled while the service is down.
  await page.getByLabel('Recipient email').fill('ops@example.com')
  await expect(page.getByRole('button', { name: 'Send Test Email' })).toBeDisabled()

  // A dead service (no reply at all): no status code, the connection error message.
  await page.unroute(`${endpoint}/`)
  await page.route(`${endpoint}/`, (route) => route.abort('connectionrefused'))
  await page.getByRole('button', { name: 'Refresh status' }).click()
  await expect(status(page)).toHaveText('Unavailable')
  await expect(alert).toContainText('Status code: no response')
  await expect(alert).toContainText('Connection error:')
})

test('shows the whole screen signed out; sending asks for an editor sign-in, then sends', async ({
  page,
}) => {
  await page.goto(`${spec.origin}/test-email`)
  await expect(status(page)).toHaveText('Available')
  // Every part of the screen is there before anyone signs in.
  await expect(page.getByLabel('Recipient email')).toBeVisible()
  const send = page.getByRole('button', { name: 'Send Test Email' })
  await expect(send).toBeEnabled()
  await expect(page.getByText('Sending a test email asks for an editor sign-in.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0)

  await send.click()
  await expect(page.getByText('Please enter an email address')).toBeVisible()

  const recipient = `test-email.${Date.now()}@example.com`
  await page.getByLabel('Recipient email').fill(recipient)
  await send.click()
  // The sign-in card says what signing in is for here, not the admin's "manage blog posts".
  await expect(page.getByText('Sign in with your editor account to send a test email.')).toBeVisible()
  await expect(page.getByText('Test email sent successfully!')).toHaveCount(0)
  await signIn(page)
  // The send the visitor asked for goes out once they are signed in.
  await expect(page.getByText('Test email sent successfully!')).toBeVisible()
  const mails = (await capturedMail(spec.server)).filter((m) => m.to === recipient)
  expect(mails).toHaveLength(1)
  expect(mails[0].subject).toBe('Meridian email service test')
  expect(mails[0].text).toContain('Hi Test-email.')
})

test('reports each outcome of a send for a signed-in editor', async ({ page }) => {
  const endpoint = spec.server.ctx.emailServiceUrl
  await page.goto(`${spec.origin}/test-email`)
  await expect(status(page)).toHaveText('Available')
  await page.getByLabel('Recipient email').fill(`outcomes.${Date.now()}@example.com`)
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await signIn(page)
  await expect(page.getByText('Test email sent successfully!')).toBeVisible()

  // The service refuses (4xx): a single attempt and the failure message.
  await page.route(`${endpoint}/send-email`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Please enter a valid email address.' }),
        })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await expect(page.getByText('Failed to send test email')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible()

  // The network fails on every attempt: three tries (1 s and 2 s apart), then the error message.
  await page.unroute(`${endpoint}/send-email`)
  let attempts = 0
  await page.route(`${endpoint}/send-email`, (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    attempts++
    return route.abort('connectionreset')
  })
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(page.getByText('Error sending test email')).toBeVisible({ timeout: 10_000 })
  expect(attempts).toBe(3)
})
