import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { SyncStatus } from '../../../desktop/contract.ts'
import { createPost, uploadBlogImage } from '../../../shared/data/blogs.ts'
import { syncStatus } from '../../support/sync-status.ts'
import { serveRenderer, startDesktopMain } from './desktop-bridge.ts'
import { openSignedIn } from './desktop-app.ts'
import { otherEditor, siteUrl, syncNow } from './desktop-flows.ts'
import { readmeShotBytes, writeReadmeWebp } from './readme-webp.ts'

/**
 * The desktop screenshots of docs/desktop.md (docs/screenshots/desktop-*-1280.webp), taken from the built app driven
 * by the e2e harness: a real conflict, real refused changes, and the status bar in each of its states.
 * Opt-in: `node scripts/desktop-screenshots.mjs` (a fresh e2e server, so the list holds only seed posts).
 */
test.skip(
  !process.env.SCREENSHOTS,
  'Takes the screenshots of the docs: run `node scripts/desktop-screenshots.mjs`.',
)
test.use({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })

/** Waits until no toast is on screen (they would cover part of the window). */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
}

async function save(name: string, png: Buffer) {
  // Text stays crisp at 78; a tall shot steps down until it fits the documentation's budget.
  const webp = await writeReadmeWebp(name, png, 78)
  expect(webp.byteLength, `${name} stays small`).toBeLessThan(readmeShotBytes)
}

/** A cover that reads as a photo at thumbnail size: a gradient sky over a skyline of blocks. */
async function cover(from: string, to: string, seed: number) {
  const blocks = Array.from({ length: 14 }, (_, i) => {
    const height = 120 + ((seed * 37 + i * 53) % 260)
    return `<rect x="${i * 88}" y="${675 - height}" width="76" height="${height}" fill="#0f172a" opacity="${0.55 + (i % 3) * 0.12}"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/><circle cx="${880 - seed * 120}" cy="170" r="70" fill="#fde68a" opacity="0.9"/>${blocks}</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

/** Shows the bar with a given status, as main would push it. */
async function showStatus(page: Page, status: SyncStatus) {
  await page.evaluate(
    (s) =>
      (window as unknown as Record<string, (c: string, p: unknown) => void>).__meridianTestEmit(
        'meridian:event:sync-status',
        s,
      ),
    status,
  )
}

test('desktop screenshots: conflict, needs attention, status bar states', async ({ page }) => {
  test.setTimeout(240_000)
  const renderer = await serveRenderer()
  const desktop = await startDesktopMain(siteUrl)
  try {
    const other = await otherEditor()
    const [coverA, coverB] = [
      await uploadBlogImage(
        other.client,
        'blog-covers',
        await cover('#c7d2fe', '#6366f1', 1),
        'jpg',
        'image/jpeg',
      ),
      await uploadBlogImage(
        other.client,
        'blog-covers',
        await cover('#fed7aa', '#f97316', 2),
        'jpg',
        'image/jpeg',
      ),
    ]
    const post = await createPost(other.client, {
      title: 'Hiring your first ten engineers in Pune',
      slug: 'hiring-first-ten-engineers-pune',
      author: 'Neha Kapoor',
      tags: ['hiring', 'pune'],
      cover_image_url: coverA,
      content:
        '<p>Pune has one of the deepest pools of backend and data engineers in India, and salaries there are still below Bengaluru’s.</p><p>Start with two senior engineers who can interview the next eight. Budget four weeks for the first offers and two more for notice periods.</p><p>Most teams we help reach ten engineers within a quarter.</p>',
    })

    await openSignedIn(page, { desktop, renderer })
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })

    // The desktop edits offline; meanwhile someone retitles the post and swaps its cover in the browser.
    desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    const local = (await desktop.backend.engine.getPost(post.slug))!
    await desktop.backend.engine.savePost(
      {
        title: local.title,
        slug: local.slug,
        author: local.author ?? '',
        cover_image_url: local.cover_image_url,
        tags: ['hiring', 'pune', 'engineering'],
        content: (local.content ?? '').replace(
          'Budget four weeks for the first offers and two more for notice periods.',
          'Budget two weeks for the first offers: our screeners shortlist within days. Notice periods add up to four more.',
        ),
        status: 'published',
        type: 'blog',
        excerpt: local.excerpt,
        content_markdown: local.content_markdown,
      },
      { mode: 'update', id: local.id, version: local.version },
    )
    await other.update(post.slug, {
      title: 'Hiring your first ten engineers in Pune (2027 update)',
      cover_image_url: coverB,
    })
    desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-conflicts')).toHaveText('1 conflict to resolve', { timeout: 20_000 })
    await page.getByTestId('sync-conflicts').click()
    const comparison = page.getByRole('region', { name: /^Conflict: / })
    await expect(comparison.locator('img').first()).toBeVisible()
    await page.waitForFunction(() => [...document.images].every((img) => img.complete))
    // Tall enough for the whole comparison, the window's header and its status bar.
    await page.setViewportSize({ width: 1280, height: 1240 })
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0))
    await noToasts(page)
    await save('desktop-conflict-1280', await page.screenshot())
    await page.setViewportSize({ width: 1280, height: 900 })
    await comparison.getByRole('button', { name: /^Keep mine/ }).click()
    await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server', {
      timeout: 20_000,
    })

    // Two posts written offline whose slugs another editor takes before they are sent.
    desktop.network.up = false
    await syncNow(page)
    await expect(page.getByTestId('sync-connection')).toHaveText('Offline')
    for (const [title, slug] of [
      ['Payroll in India: what a startup must set up', 'payroll-india-startup-setup'],
      ['When to open your own subsidiary', 'when-to-open-your-own-subsidiary'],
    ]) {
      await desktop.backend.engine.savePost(
        {
          title,
          slug,
          author: 'Asha Rao',
          content: `<p>${title}.</p>`,
          tags: [],
          cover_image_url: null,
          status: 'published',
          type: 'blog',
          excerpt: null,
          content_markdown: null,
        },
        { mode: 'create' },
      )
      await other.seed([{ title: `${title} (browser draft)`, slug }])
    }
    desktop.network.up = true
    await syncNow(page)
    await expect(page.getByTestId('sync-attention')).toHaveText('2 changes need attention', {
      timeout: 20_000,
    })
    await page.getByTestId('sync-attention').click()
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0))
    await noToasts(page)
    await save('desktop-needs-attention-1280', await page.screenshot())

    // The status bar, each state as main reports it.
    const bar = page.getByTestId('sync-status')
    const now = new Date().toISOString()
    const states: [string, Partial<SyncStatus>][] = [
      ['synced', {}],
      ['pending', { pending: 3 }],
      ['offline', { online: false, pending: 2, lastError: 'The server could not be reached.' }],
      ['signed-out', { signedIn: false, pending: 2 }],
      ['issues', { conflicts: 1, attention: 2 }],
    ]
    for (const [name, patch] of states) {
      await showStatus(page, syncStatus(now, patch))
      await save(`desktop-status-${name}-1280`, await bar.screenshot())
    }
  } finally {
    await desktop.close()
    await renderer.close()
  }
})
