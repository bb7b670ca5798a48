import type { Locator } from '@playwright/test'

/**
 * Waits until the element's CSS transitions and animations have finished (an element that fades or slides
 * in is measured, or checked for contrast, where it comes to rest). Endless ones (a spinner) must be gone.
 */
export async function transitionsDone(element: Locator): Promise<void> {
  await element.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
}
