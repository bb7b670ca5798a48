import { expect, test, type Page } from '@playwright/test'
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts'
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

  async function goTo(page: Page, label: string) {
    const target = page
      .getByRole('navigation', { name: 'Admin screens' })
      .getByRole('button', { name: label, exact: true })
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
    await expect(menu.or(target).first()).toBeVisible()
    if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
    await target.click()
    await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible()
  }

  // One window (the app keeps its session), narrowed and widened.
  test('at 375 and 1280 px an administrator adds an endpoint, sends a test event and sees it in the log', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openSignedIn(page, app)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const description = `Desktop CRM ${uniqueToken(`d${width}`)}`
      await goTo(page, 'Webhooks')
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
