import type { BrowserContext, Page } from '@playwright/test'

/**
 * Cumulative layout shift as Lighthouse counts it on load: every `layout-shift` entry without recent input,
 * summed from the first paint on. `recordLayoutShift` before navigating, `layoutShift` to read the sum.
 */
export async function recordLayoutShift(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { cls: number }
    w.cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.cls += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { cls: number }).cls)
