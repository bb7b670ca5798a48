// Screenshots of the editorial workflow at 375 and 1280 px: a scheduled post in the editor and the list, a
// post's history with the comparison of two versions, and a preview link opened without signing in. Taken
// from the built site against a fresh in-process server (editor's time zone: Asia/Kolkata).
//   SITE_DIR=… npm run build && SITE_DIR=… node --import tsx scripts/editorial-screenshots.ts [outDir=/tmp/shots]
// Full-page PNGs; the ones worth keeping become small WebP files with sharp (docs/screenshots/).
import path from 'node:path'
import { adminPath } from '../shared/config/brand.ts'
import { getPostBySlug, postFields, updatePost } from '../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../shared/data/node-client.ts'
import { testEditor } from '../tests/support/server.ts'
import { startScreenshotSession } from './screenshot-session.ts'

const { server, origin, browser, shot } = await startScreenshotSession(
  path.resolve(process.argv[2] ?? '/tmp/shots'),
  { fullPage: false },
)

const editor = createNodeSupabaseClient(origin, server.ctx.supabase.anonKey, {
  persistSession: false,
  autoRefreshToken: false,
})
await editor.auth.signInWithPassword(testEditor)

// A seed post edited twice (a history to compare), and one scheduled for next month at 09:30 in Kolkata.
const slug = 'why-startups-are-building-tech-capacity-centres-in-india'
let post = (await getPostBySlug(editor, slug))!
post = await updatePost(
  editor,
  {
    ...postFields(post),
    content: (post.content ?? '').replace(/<p>/, '<p>In 2026 more than ever, '),
    tags: [...(post.tags ?? []), 'strategy'],
  },
  post,
)
await updatePost(
  editor,
  {
    ...postFields(post),
    title: `${post.title}: the 2026 view`,
    content: `${post.content ?? ''}<p>Our next report covers Pune and Hyderabad hiring in detail.</p>`,
  },
  post,
)
const next = new Date()
next.setMonth(next.getMonth() + 1, 14)
const publishAt = new Date(
  `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-14T04:00:00Z`,
).toISOString()
await editor.from('blogs').insert({
  title: 'Building a second centre: Hyderabad or Pune?',
  slug: 'second-centre-hyderabad-or-pune',
  author: 'Asha Rao',
  type: 'case study',
  content:
    '<p>Two cities, one decision. We compare hiring pools, costs and time to a first team.</p><h2>Hiring pools</h2><p>Hyderabad has grown fastest in platform engineering.</p>',
  status: 'scheduled',
  publish_at: publishAt,
})

try {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 800 : 900 },
      timezoneId: 'Asia/Kolkata',
    })
    const page = await context.newPage()
    await page.goto(`${origin}${adminPath}`)
    await page.getByLabel('Email').fill(testEditor.email)
    await page.getByLabel('Password').fill(testEditor.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText(/Page \d+ of \d+/).waitFor()
    // From 1024 px the editor sits beside the list; on a phone the list is the first screen.
    if (width >= 1024) await page.locator('.ProseMirror').waitFor()

    // Scheduling: the scheduled post open, the list filtered to scheduled posts.
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: 'Scheduled' })
      .click()
    await page.getByTestId('row-scheduled').first().waitFor()
    await page.getByRole('button', { name: 'Edit Building a second centre: Hyderabad or Pune?' }).click()
    // Below 1280 px the schedule is in the post settings drawer.
    if (width < 1280) await page.getByRole('button', { name: 'Post settings' }).click()
    await page.getByTestId('scheduled-for').waitFor()
    await page.waitForTimeout(600)
    await page.getByTestId('schedule').scrollIntoViewIfNeeded()
    await shot(page, `admin-scheduled-${width}`)
    if (width < 1280) await page.getByRole('button', { name: 'Close settings' }).click()
    if (width < 1024) {
      await page.getByRole('button', { name: 'Back to all posts' }).click()
      await shot(page, `admin-list-scheduled-${width}`)
    }

    // History: the edited post, its three versions, 2 → 3 compared.
    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'All' }).click()
    await page.getByPlaceholder('Search by title, slug, or author...').fill('2026 view')
    await page.getByRole('button', { name: /^Edit Why startups/i }).click()
    await page.getByRole('button', { name: 'History', exact: true }).click()
    await page.getByTestId('revision-diff').waitFor()
    await page.getByRole('checkbox', { name: 'Compare version 2' }).uncheck()
    await page.getByRole('checkbox', { name: 'Compare version 1' }).check()
    await page.getByTestId('body-diff').waitFor()
    await page.waitForTimeout(400)
    await page.getByTestId('post-history').scrollIntoViewIfNeeded()
    if (width >= 768) await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, `admin-history-${width}`)

    // A share link, then the preview page in a fresh context without a session.
    await page.getByRole('button', { name: 'Close history' }).click()
    await page.getByRole('button', { name: 'Share link' }).click()
    await page.getByTestId('share-link').waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, `admin-share-link-${width}`)
    const url = await page.getByTestId('share-link').getByLabel('Preview link').inputValue()
    const guest = await browser.newContext({ viewport: { width, height: width < 768 ? 800 : 900 } })
    const guestPage = await guest.newPage()
    // The draft to preview: the scheduled post (not public yet).
    const res = await fetch(`${origin}/api/preview-links`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${(await editor.auth.getSession()).data.session!.access_token}`,
      },
      body: JSON.stringify({
        postId: (await getPostBySlug(editor, 'second-centre-hyderabad-or-pune'))!.id,
      }),
    })
    const scheduledLink = ((await res.json()) as { url: string }).url
    await guestPage.goto(scheduledLink.replace(server.ctx.publicUrl, origin), { waitUntil: 'networkidle' })
    await guestPage.waitForTimeout(300)
    await shot(guestPage, `preview-link-${width}`, true)
    await guestPage.goto(url.replace(server.ctx.publicUrl, origin), { waitUntil: 'networkidle' })
    await shot(guestPage, `preview-link-published-${width}`)
    await guest.close()
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
