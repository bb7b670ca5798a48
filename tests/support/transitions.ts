import type { Locator, Page } from '@playwright/test'

/**
 * Waits until the element's CSS transitions and animations have finished (an element that fades or slides
 * in is measured, or checked for contrast, where it comes to rest). Endless ones (a spinner) must be gone.
 */
export async function transitionsDone(element: Locator): Promise<void> {
  await element.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
}

/**
 * Waits until the browser has drawn two more frames: whatever a scroll or a load changed in the layout (a
 * section laid out as it comes near, a shift to be recorded) has been laid out and painted by then.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

/** Waits until every image under `root` has loaded or failed (its load or error handlers have run). */
export async function imagesSettled(root: Locator): Promise<void> {
  await root.evaluate((el) =>
    Promise.all(
      [...el.querySelectorAll('img')].map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            }),
      ),
    ),
  )
}
