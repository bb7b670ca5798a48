import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import {
  adminPath,
  editorClient,
  openNewPost,
  seedPosts,
  signInToAdmin,
  uniqueToken,
} from './blog-fixtures.ts'

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const width of [375, 1280]) {
  test.describe(`blog pages under axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('resources, a post and the admin have no WCAG 2.1 A/AA violations', async ({ page }) => {
      const token = uniqueToken('a11y')
      await seedPosts(await editorClient(), [
        {
          title: `Accessible post ${token}`,
          slug: `a11y-${token}`,
          excerpt: 'An excerpt.',
          content: '<h2>Heading</h2><p>Text with <a href="https://example.com">a link</a>.</p>',
        },
      ])
      await page.goto('/resources')
      await page.getByRole('article').first().waitFor()
      expect(await violations(page)).toEqual([])

      await page.goto(`/post/a11y-${token}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await violations(page)).toEqual([])

      await page.goto(adminPath)
      await page.getByRole('heading', { name: 'Editor sign-in' }).waitFor()
      expect(await violations(page)).toEqual([])

      await signInToAdmin(page)
      await page.getByText(/Page \d+ of \d+/).waitFor()
      expect(await violations(page)).toEqual([])
      // On a phone the editor is a screen of its own (from 1024 px it is already beside the list).
      await openNewPost(page)
      await page.locator('.ProseMirror').waitFor()
      expect(await violations(page)).toEqual([])
    })
  })
}
