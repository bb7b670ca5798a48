import { expect, test } from '@playwright/test'
import { pageAssets } from '../../support/page-assets.ts'
import { adminPath, brand } from '../../../shared/config/brand.ts'
import { escapeHtml } from '../../../shared/lib/html-escape.ts'

// What a crawler sees: the first HTML of each page, fetched without a browser (no script runs).
const robotsNoindex = /<meta\s+name="robots"\s+content="[^"]*noindex/i

test.describe('indexing (first HTML, no browser)', () => {
  for (const { path, title, description } of [
    {
      path: '/resources',
      title: `Resources & Insights | ${brand.name}`,
      description: 'Articles, case studies and ebooks on building a tech capacity centre in India.',
    },
    {
      path: '/get-started',
      title: `Get Started | ${brand.name}`,
      description: "Tell us about your requirements and we'll help you assemble the perfect team.",
    },
  ]) {
    test(`${path} is indexable, with its own title, description and canonical URL`, async ({ request }) => {
      const res = await request.get(path)
      expect(res.status()).toBe(200)
      const html = await res.text()
      expect(html).not.toMatch(robotsNoindex)
      // As the one escaper writes text and attributes (`&` as `&amp;`, `'` as `&#39;`).
      expect(html).toContain(`<title>${escapeHtml(title)}</title>`)
      expect(html).toContain(`<meta name="description" content="${escapeHtml(description)}" />`)
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${path}"`))
      // Still the app: the page's script loads (after the first paint).
      expect(pageAssets(html)?.js).toMatch(/^\/assets\//)
    })
  }

  test('/resources stays in sitemap.xml', async ({ request }) => {
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/resources</loc>')
  })

  for (const path of [adminPath, '/test-email']) {
    test(`${path} is noindex`, async ({ request }) => {
      const res = await request.get(path)
      expect(res.status()).toBe(200)
      expect(await res.text()).toMatch(robotsNoindex)
    })
  }
})
