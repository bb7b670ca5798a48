import { expect, test, type Page } from '@playwright/test'
import path from 'node:path'
import sharp from 'sharp'
import { e2e } from '../../../playwright.config.ts'
import { createPost, uploadBlogImage } from '../../../shared/data/blogs.ts'
import { signInToAdmin } from '../blog/blog-fixtures.ts'
import { serveRenderer, startDesktopMain } from './desktop-bridge.ts'
import { otherEditor, searchPosts, signIn } from './desktop-flows.ts'
import { writeReadmeWebp } from './readme-webp.ts'

/**
 * The screenshots of the editor in docs/admin.md and docs/desktop.md (docs/screenshots/editor-*.webp and desktop-editor-*.webp): the
 * browser admin and the built desktop renderer at 1280 × 800 and 375 × 812, a post with an image in its body.
 * Opt-in: `node scripts/editor-screenshots.mjs` (after `npm run build && npm run desktop:build`).
 */
test.skip(
  !process.env.SCREENSHOTS,
  'Takes the screenshots of the docs: run `node scripts/editor-screenshots.mjs`.',
)
test.use({ deviceScaleFactor: 1 })

const coversDir = path.resolve(import.meta.dirname, '../../../site/public/covers')

async function save(page: Page, name: string) {
  await page.waitForTimeout(400)
  await writeReadmeWebp(name, await page.screenshot(), 80)
}

const slug = `building-an-engineering-team-in-bengaluru-${Date.now().toString(36)}`

test.beforeAll(async () => {
  const other = await otherEditor()
  const photo = await sharp(path.join(coversDir, 'founders-guide-to-setting-up-a-gcc-in-india.webp'))
    .resize(1200)
    .jpeg({ quality: 82 })
    .toBuffer()
  const image = await uploadBlogImage(other.client, 'blog-content', photo, 'jpg', 'image/jpeg')
  await createPost(other.client, {
    title: 'Building an engineering team in Bengaluru, from the first hire to twenty',
    slug,
    author: 'Neha Kapoor',
    type: 'blog',
    status: 'published',
    excerpt: 'What the first ninety days of a capacity centre look like, week by week.',
    tags: ['hiring', 'bengaluru', 'gcc'],
    cover_image_url: null,
    content: [
      '<p>The first hire sets the tone for the next twenty. We start with a lead engineer who has run a team before, then hire in pairs so nobody works alone in the first month.</p>',
      '<h2>Weeks one to four: the lead and the first pair</h2>',
      '<p>Screening by domain experts keeps the bar where the founders put it. Offers go out within two weeks of the first conversation.</p>',
      `<p><img src="${image}" alt="The Bengaluru team planning the first sprint"></p>`,
      '<h2>Weeks five to twelve: a team that ships</h2>',
      '<p>By the third month the team runs its own sprints, reviews its own code and hires its own next members with us.</p>',
    ].join(''),
    content_markdown: null,
    publish_at: null,
  })
})

for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test(`browser admin at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await signInToAdmin(page)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(slug)
    await page.getByRole('button', { name: /^Edit Building an engineering team/ }).click()
    await expect(
      page.getByRole('img', { name: 'The Bengaluru team planning the first sprint' }),
    ).toBeVisible()
    await save(page, `editor-${width}`)
    if (width < 1024) {
      await page.getByRole('button', { name: 'Post settings' }).click()
      await save(page, `editor-settings-${width}`)
    }
  })

  test(`desktop renderer at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000)
    const renderer = await serveRenderer()
    const desktop = await startDesktopMain(`http://localhost:${e2e.port}`)
    try {
      await page.setViewportSize({ width, height })
      await desktop.attach(page)
      await page.goto(renderer.url)
      if (width >= 1024) await signIn(page)
      else {
        await page.getByLabel('Email').fill(e2e.editorEmail)
        await page.getByLabel('Password').fill(e2e.editorPassword)
        await page.getByRole('button', { name: 'Sign in' }).click()
      }
      await searchPosts(page, slug)
      await page.getByRole('button', { name: /^Edit Building an engineering team/ }).click()
      await expect(
        page.getByRole('img', { name: 'The Bengaluru team planning the first sprint' }),
      ).toBeVisible()
      await expect(page.getByTestId('sync-pending')).toHaveText('All changes saved to the server')
      await save(page, `desktop-editor-${width}`)
    } finally {
      await desktop.close()
      await renderer.close()
    }
  })
}
