import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * Prerendered pages show their markup before React takes over; a click in between is lost. Every
 * navigation in these specs therefore waits until the app has hydrated (App marks `<html data-hydrated>`).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      return response
    }
    await use(page)
  },
})
