import { expect, test } from '@playwright/test'
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts'
import { openScreen } from './admin-screen-checks.ts'
import { adminPath, baseUrl, signInToAdmin, uniqueToken } from './blog-fixtures.ts'
import { invitedEditor } from './people-fixtures.ts'

// The Webhooks screen in the browser admin, on a phone and on a laptop: an administrator adds an endpoint
// (its secret shown once, with a copy button), sends a test event and sees it delivered in the log; the
// receiver (standardwebhooks) verified it. An editor reads the log but cannot change endpoints. The e2e
// server runs with WEBHOOK_ALLOW_LOOPBACK=1, so the receiver may be on 127.0.0.1.

let receiver: WebhookReceiver

test.beforeAll(async () => {
  receiver = await startWebhookReceiver()
})

test.afterAll(async () => {
  await receiver?.close()
})

for (const width of [375, 1280]) {
  test(`at ${width} px an administrator adds an endpoint, sends a test event and sees it in the log; an editor cannot change endpoints`, async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    const url = `${receiver.url}?from=${uniqueToken(`w${width}`)}`

    await signInToAdmin(page)
    await openScreen(page, 'Webhooks')
    await page.getByLabel('Endpoint URL').fill(url)
    await page.getByLabel('Description (optional)').fill(`Sales CRM ${width}`)
    await page.getByRole('checkbox', { name: /lead\.updated/ }).check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()

    // The secret, once, with a copy button.
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    receiver.secrets.push(secret)
    await page.getByRole('button', { name: 'Copy secret' }).click()
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0)

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: `Sales CRM ${width}` })
    await expect(endpoint).toContainText('Active')
    await endpoint.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.getByText('Test event sent. It appears in the delivery log.')).toBeVisible()
    const delivery = endpoint.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' })
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 })
    expect(receiver.received.some((r) => r.type === 'webhook.test' && r.payload.data.endpointId)).toBe(true)
    expect(receiver.rejected).toEqual([])
    // Nothing is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    // An editor sees the endpoint and its log, and nothing that changes them.
    const person = {
      email: `hooks-editor-${uniqueToken('wh')}@example.com`,
      password: 'hooks-editor-password-1',
    }
    await invitedEditor(person.email, person.password)
    const other = await browser.newContext({ viewport: { width, height: 900 } })
    const editorPage = await other.newPage()
    await editorPage.goto(adminPath)
    await editorPage.getByLabel('Email').fill(person.email)
    await editorPage.getByLabel('Password').fill(person.password)
    await editorPage.getByRole('button', { name: 'Sign in' }).click()
    await openScreen(editorPage, 'Webhooks')
    await expect(editorPage.getByText('Only administrators can add or change endpoints.')).toBeVisible()
    await expect(editorPage.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0)
    const seen = editorPage.getByTestId('webhook-endpoint').filter({ hasText: `Sales CRM ${width}` })
    await expect(seen.getByRole('button', { name: 'Send test event' })).toHaveCount(0)
    await expect(seen.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await seen.getByRole('button', { name: 'Delivery log' }).click()
    await expect(seen.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' })).toContainText(
      'Delivered',
    )
    await expect(seen.getByRole('button', { name: /^Resend/ })).toHaveCount(0)
    await other.close()
  })
}
