import { expect, test } from '@playwright/test'
import { editorClient, seedPosts, uniqueToken } from './blog-fixtures.ts'

test('a post ends with related posts (shared tags, then type) and a call to action to the lead form', async ({
  page,
}) => {
  const token = uniqueToken('next')
  const tag = `tag-${token}`
  const day = (d: number) => new Date(Date.UTC(2026, 1, d)).toISOString()
  await seedPosts(await editorClient(), [
    {
      title: `Main ${token}`,
      slug: `main-${token}`,
      type: 'ebook',
      tags: [tag, `second-${token}`],
      created_at: day(10),
    },
    // Same tag and type: first; same tag only: second, though it is newer.
    { title: `Tag and type ${token}`, slug: `both-${token}`, type: 'ebook', tags: [tag], created_at: day(2) },
    {
      title: `Tag only ${token}`,
      slug: `tag-${token}`,
      type: 'blog',
      tags: [tag],
      created_at: day(9),
    },
    // Neither the tag nor the type: never among the related posts while enough others are.
    {
      title: `Unrelated ${token}`,
      slug: `other-${token}`,
      type: 'case study',
      tags: [],
      created_at: day(11),
    },
    {
      title: `Draft ${token}`,
      slug: `draft-${token}`,
      type: 'ebook',
      tags: [tag],
      status: 'draft',
      created_at: day(12),
    },
  ])

  await page.goto(`/post/main-${token}`)
  const related = page.getByRole('region', { name: 'Read Next' })
  const cards = related.getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.nth(0).getByRole('heading')).toHaveText(`Tag and type ${token}`)
  await expect(cards.nth(1).getByRole('heading')).toHaveText(`Tag only ${token}`)
  // The third shares the type (some ebook), never the post itself, the draft or the unrelated post.
  await expect(related).not.toContainText(`Main ${token}`)
  await expect(related).not.toContainText(`Draft ${token}`)
  await expect(related).not.toContainText(`Unrelated ${token}`)

  // Then the call to action, which leads to the lead form.
  const cta = page.getByRole('region', { name: 'Build Your Tech Team in India with Us' })
  await expect(cta).toBeVisible()
  const box = (await cta.boundingBox())!
  expect(box.y).toBeGreaterThan((await related.boundingBox())!.y)
  await cta.getByRole('link', { name: 'Get Started' }).click()
  await expect(page).toHaveURL(/\/get-started$/)

  // Following a related post (client-side) shows that post with its own posts to read next.
  await page.goto(`/post/main-${token}`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await cards
    .nth(1)
    .getByRole('link', { name: /Read more/ })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tag only ${token}`)
  await expect(page.getByRole('region', { name: 'Read Next' }).getByRole('article').first()).toContainText(
    token,
  )
})

test('the related posts and the call to action are in the HTML the server sends', async ({ request }) => {
  const token = uniqueToken('nexthtml')
  await seedPosts(await editorClient(), [
    { title: `First ${token}`, slug: `first-${token}`, tags: [`t-${token}`] },
    { title: `Second ${token}`, slug: `second-${token}`, tags: [`t-${token}`] },
  ])
  const html = await (await request.get(`/post/first-${token}`)).text()
  expect(html).toContain('Read Next')
  expect(html).toContain(`Second ${token}`)
  expect(html).toContain('href="/get-started"')
  const api = await (await request.get(`/api/posts/first-${token}`)).json()
  expect(api.related.map((p: { slug: string }) => p.slug)).toContain(`second-${token}`)
  expect(api.related.length).toBeGreaterThanOrEqual(2)
  expect(api.related.length).toBeLessThanOrEqual(3)
})
