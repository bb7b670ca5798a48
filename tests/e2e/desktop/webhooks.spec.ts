import { expect, test } from '@playwright/test'
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts'
import { openScreen } from '../blog/admin-screen-checks.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'

/**
 * The desktop's Webhooks screen goes online through the same operations as the browser (`addWebhook`,
 * `sendWebhookTest`, `listWebhookDeliveries` in the admin contract, through main to the site's /api/webhooks):
 * at 375 and 1280 px an administrator adds an endpoint, sends a test event, and sees it delivered in the log,
 * verified by a standardwebhooks receiver. (Editors' read-only view: tests/e2e/blog/webhooks.spec.ts; the
 * same component and contract.)
 */
test.describe('desktop: webhooks', () => {
  const app = desktopAppForDescribe()
  let receiver: WebhookReceiver

  test.beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  test.afterAll(async () => {
    await receiver?.close()
  })

  // One window (the app keeps its session), narrowed and widened.
  test('at 375 and 1280 px an administrator adds an endpoint, sends a test event and sees it in the log', async ({
    page,
  }) => {
    await openSignedIn(page, app)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const description = `Desktop CRM ${uniqueToken(`d${width}`)}`
      await openScreen(page, 'Webhooks')
      await page.getByLabel('Endpoint URL').fill(`${receiver.url}?desktop=${width}`)
      await page.getByLabel('Description (optional)').fill(description)
      await page.getByRole('button', { name: 'Add endpoint' }).click()
      const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
      expect(secret).toMatch(/^whsec_/)
      receiver.secrets.push(secret)
      await page.getByRole('button', { name: 'Done' }).click()

      const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: description })
      await endpoint.getByRole('button', { name: 'Send test event' }).click()
      await expect(
        endpoint.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' }),
      ).toContainText('Delivered', { timeout: 20_000 })
      expect(receiver.rejected).toEqual([])
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${width} px`,
      ).toBeLessThanOrEqual(width)
    }
    expect(receiver.received.filter((r) => r.type === 'webhook.test')).toHaveLength(2)
  })
})
