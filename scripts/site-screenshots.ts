// Screenshots of every public route (and the admin's states: signed out, list, editing, preview, a conflict,
// confirm delete) at 375 and 1280 px, taken from the built site
// against a fresh in-process server; also prints the JavaScript `/` loads at each width (gzip).
//   npm run build && node --import tsx scripts/site-screenshots.ts [outDir=/tmp/shots] [filter]
// Full-page PNGs; turn the ones worth keeping into small WebP files with sharp (docs/screenshots/).
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { marketingRoutes } from '../tests/support/routes.ts'
import { testEditor } from '../tests/support/server.ts'
import { startScreenshotSession } from './screenshot-session.ts'

const filter = process.argv[3] ?? ''

const routes = [
  ...marketingRoutes,
  '/post/why-startups-are-building-tech-capacity-centres-in-india',
  '/privacy',
  '/terms',
  '/no-such-page',
]
const widths = [375, 1280]

const { server, origin, browser, shot } = await startScreenshotSession(
  path.resolve(process.argv[2] ?? '/tmp/shots'),
)

try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 800 } })
    const page = await context.newPage()
    const scripts = new Map<string, Buffer>()
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)))
    })
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    const gzip = [...scripts.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0)
    console.log(`/ at ${width} px: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`)
    for (const route of routes) {
      const name = `${route === '/' ? 'home' : route.split('/')[1]}-${width}`
      if (filter && !name.includes(filter)) continue
      await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' })
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      // Let entrance transitions settle, then walk the page so lazy content renders.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 40))
        }
        window.scrollTo(0, 0)
      })
      // Sections below the fold are laid out only near the viewport (`defer-layout`); a full-page
      // capture paints beyond it, so lay them all out first.
      await page.addStyleTag({ content: '.defer-layout { content-visibility: visible !important }' })
      await page.waitForTimeout(300)
      await shot(page, name)
    }
    if (!filter || 'admin'.includes(filter) || filter.startsWith('admin')) await adminStates(page, width)
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}

async function adminStates(page: Page, width: number) {
  const admin = `${origin}/meridian/updateresources`
  await page.goto(admin, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { name: 'Editor sign-in' }).waitFor()
  await shot(page, `admin-signed-out-${width}`, false)
  await page.getByLabel('Email').fill(testEditor.email)
  await page.getByLabel('Password').fill(testEditor.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByText(/Page \d+ of \d+/).waitFor()
  // From 1024 px the list and the editor sit side by side; on a phone the list is the first screen.
  const narrow = width < 1024
  if (!narrow) await page.locator('.ProseMirror').waitFor()
  await page.waitForTimeout(500)
  await shot(page, `admin-list-${width}`, false)
  await page.getByRole('button', { name: /^Edit/ }).first().click()
  await page.getByText(/^Editing/).waitFor()
  await page.locator('.ProseMirror').waitFor()
  await page.waitForTimeout(800)
  await shot(page, `admin-editing-${width}`, false)
  await page.getByRole('button', { name: 'Preview' }).click()
  await page.waitForTimeout(500)
  await shot(page, `admin-preview-${width}`, false)
  await page.getByRole('button', { name: 'Preview' }).click()

  // A lost race: someone else renames the open post, then this editor saves.
  const slug = await page.getByLabel('Slug').inputValue()
  const key = server.ctx.supabase.serviceRoleKey
  await fetch(`${origin}/rest/v1/blogs?slug=eq.${encodeURIComponent(slug)}`, {
    method: 'PATCH',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: `${await page.getByLabel('Title', { exact: true }).inputValue()} (updated elsewhere)`,
    }),
  })
  // Below 1280 px the post's settings are a drawer.
  if (width < 1280) await page.getByRole('button', { name: 'Post settings' }).click()
  await page.getByLabel('Tags (comma-separated)').fill('hiring, india, conflict')
  if (width < 1280) await page.getByRole('button', { name: 'Close settings' }).click()
  await page.getByRole('button', { name: 'Save Blog Post' }).click()
  const comparison = page.getByRole('region', { name: /^Conflict:/ })
  await comparison.waitFor()
  await page.waitForTimeout(600)
  await shot(page, `admin-conflict-${width}`, false)
  await comparison.getByRole('button', { name: /^Keep theirs/ }).click()
  await page.waitForTimeout(400)
  if (narrow) await page.getByRole('button', { name: 'Back to all posts' }).click()

  await page
    .getByRole('button', { name: /^Delete/ })
    .first()
    .click()
  await page.getByRole('alertdialog').waitFor()
  await page.waitForTimeout(300)
  await shot(page, `admin-confirm-delete-${width}`, false)
  await page.getByRole('button', { name: 'Cancel' }).click()
}
