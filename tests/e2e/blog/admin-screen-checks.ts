import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { writeReadmeWebp } from '../desktop/readme-webp.ts'

/** The checks every admin screen passes, in the browser and in the desktop renderer alike. */

/** WCAG 2.1 A/AA violations on the page as it is now. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** How far the page scrolls sideways (0: not at all). */
export async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

/**
 * Text cut off by a box that hides its overflow, unless the cut ends in an ellipsis and the full text is
 * there to hover (a title), to focus (the box or its control takes focus) and to screen readers (it is in
 * the page, not replaced). Visually hidden text (1 px boxes) and scrolling boxes are not cuts.
 */
export async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      const id = el.id ? `#${el.id}` : ''
      const testId = el.getAttribute('data-testid')
      return `${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''} “${text}”`
    }
    const hides = (v: string) => v === 'hidden' || v === 'clip'
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el)
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue
      if (el.getClientRects().length === 0 || style.visibility === 'hidden') continue
      // Visually hidden text for screen readers (1 px boxes), and artwork hidden from them (its words are
      // beside it, e.g. the title on a drawn cover).
      if (el.clientWidth <= 2 || el.clientHeight <= 2 || el.closest('[aria-hidden="true"]')) continue
      const box = el.getBoundingClientRect()
      const left = box.left + el.clientLeft
      const top = box.top + el.clientTop
      const right = left + el.clientWidth
      const bottom = top + el.clientHeight
      // Text whose own boxes reach outside this one (shapes and images that overflow are not text).
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      let cut = ''
      for (let node = walker.nextNode(); node && !cut; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue
        const parent = node.parentElement!
        if (parent.closest('[aria-hidden="true"]') || getComputedStyle(parent).visibility === 'hidden')
          continue
        // Text inside a box nearer to it that scrolls (scrolled to, not cut off) or clips (judged as that box,
        // e.g. visually hidden text) is not this box's.
        let nearer = false
        for (let up: HTMLElement | null = parent; up && up !== el; up = up.parentElement) {
          const s = getComputedStyle(up)
          if (/(auto|scroll|hidden|clip)/.test(s.overflowX + s.overflowY)) {
            nearer = true
            break
          }
        }
        if (nearer) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const r of range.getClientRects()) {
          if (r.width === 0 || r.height === 0) continue
          const words = `“${node.textContent.trim().slice(0, 30)}”`
          if (r.right > right + 1 || r.left < left - 1)
            cut = `${words} ${Math.round(Math.max(r.right - right, left - r.left))} px past the side`
          else if (r.bottom > bottom + 1 || r.top < top - 1)
            cut = `${words} ${Math.round(Math.max(r.bottom - bottom, top - r.top))} px past the bottom`
          if (cut) break
        }
      }
      if (!cut) continue
      const ellipsis = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'
      const titled = el.closest('[title]') !== null
      // Focus reaches the full text where the box is focusable, or where it sits in a row whose own
      // control (Edit, the lead's name) opens the item in full.
      const focusable =
        el.closest('a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"]),summary') !== null ||
        el.closest('[data-opens-detail]')?.querySelector('button,a[href]') != null
      if (ellipsis && titled && focusable) continue
      found.push(`${describe(el)} (${cut}${ellipsis ? '; ellipsis without a title or focus' : ''})`)
    }
    return found
  })
}

/** Every screen, checked the same way: axe clean, no sideways scroll, no text cut off. */
export async function checkScreen(page: Page, screen: string) {
  expect.soft(await violations(page), `axe on ${screen}`).toEqual([])
  expect.soft(await sideways(page), `sideways scroll on ${screen}`).toBe(0)
  expect.soft(await clippedText(page), `text cut off on ${screen}`).toEqual([])
}

/** Opens an admin screen from the sidebar, or from the Menu where the window is narrow. */
export async function goToScreen(page: Page, label: string) {
  const target = page
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('button', { name: label, exact: true })
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
  await expect(menu.or(target).first()).toBeVisible()
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
  await target.click()
}

/** Opens an admin screen as goToScreen does, and waits for its heading (the screen's name). */
export async function openScreen(page: Page, label: string) {
  await goToScreen(page, label)
  await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible()
}

const shotsDir = process.env.ADMIN_SHOTS_DIR

/**
 * With ADMIN_SHOTS_DIR set, keeps a PNG of the window there (to look at) and a small WebP of it in
 * docs/screenshots/ (the review set of every admin screen).
 */
export async function shot(page: Page, name: string) {
  if (!shotsDir) return
  mkdirSync(shotsDir, { recursive: true })
  await page.waitForTimeout(300)
  const png = await page.screenshot({ path: path.join(shotsDir, `${name}.png`) })
  await writeReadmeWebp(name, png, 72)
}
