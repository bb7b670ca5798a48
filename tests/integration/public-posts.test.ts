import { beforeAll, describe, expect, it } from 'vitest'
import { createPost, getPostBySlug, updatePost } from '../../shared/data/blogs.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import { pageDataOf, samplePost, standInPostEntry, standInRenderedSite } from '../support/clients.ts'
import { useSiteServer } from '../support/site-server.ts'

/**
 * The server-rendered blog pages and the JSON read endpoint against the real server and database. The site
 * is a stand-in: a render bundle (`<site>-ssr/entry-server.js`) that prints the data it is given, so these
 * tests check what the server reads, as whom, and how it answers; the real components are covered by the
 * Playwright specs (tests/e2e/blog/server-rendered.spec.ts).
 */

const fixture = useSiteServer(() => standInRenderedSite(standInPostEntry(), '<h1>static not found</h1>'))
const token = `pp${Date.now().toString(36)}`

const get = (p: string, init?: RequestInit) => fetch(`${fixture.server.url}${p}`, init)

const post = samplePost

/** A stored post as an edit of all its fields. */
const input = (row: BlogRow) => ({
  title: row.title,
  slug: row.slug,
  author: row.author ?? '',
  content: row.content ?? '',
  type: row.type ?? 'blog',
  status: row.status,
})

beforeAll(async () => {
  // Ten case studies and two blogs matching the token, one draft and one scheduled for later.
  for (let i = 1; i <= 12; i++) {
    await createPost(
      fixture.editor,
      post(`${token}-${i}`, {
        title: `${i <= 10 ? 'Case' : 'Blog'} ${i} ${token}`,
        type: i <= 10 ? 'case study' : 'blog',
      }),
    )
  }
  await createPost(fixture.editor, post(`${token}-draft`, { title: `Draft ${token}`, status: 'draft' }))
  await createPost(
    fixture.editor,
    post(`${token}-later`, {
      title: `Later ${token}`,
      status: 'scheduled',
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  )
}, 60_000)

describe('/post/{slug} rendered on the server', () => {
  it('renders the post with its sanitised body, head and embedded data, cacheable with a strong ETag', async () => {
    await createPost(
      fixture.editor,
      post(`${token}-head`, {
        title: 'Tom & Jerry </script><script>alert(1)</script>',
        excerpt: 'An "excerpt" <b>here</b>',
        content: '<p onclick="x()">Safe body</p><script>alert(2)</script><img src="javascript:alert(3)">',
      }),
    )
    const res = await get(`/post/${token}-head`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60')
    const html = await res.text()
    expect(html).toContain('<p>Safe body</p>')
    expect(html).not.toMatch(/alert\([23]\)|onclick|javascript:/)
    expect(html).toContain('<title>Tom &amp; Jerry &lt;/script&gt;&lt;script&gt;')
    expect(html).toContain(
      '<meta name="description" content="An &quot;excerpt&quot; &lt;b&gt;here&lt;/b&gt;" />',
    )
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/post\/pp\w+-head" \/>/)
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/og\/post\/pp\w+-head\.png" \/>/,
    )
    expect(html).toContain('"@type":"Article"')
    expect(html).toContain('"@type":"BreadcrumbList"')
    // Nothing in the embedded data or JSON-LD can close its script element.
    expect(html.match(/<\/script>/g)).toHaveLength(3)
    const data = pageDataOf(html)
    expect(data.post?.slug).toBe(`${token}-head`)
    expect(data.post?.row?.content).toBe('<p>Safe body</p><img>')
    expect(data.post?.row?.content_markdown).toBeNull()

    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get(`/post/${token}-head`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('shows a published change at once, with a new ETag', async () => {
    const before = await get(`/post/${token}-1`)
    const row = (await getPostBySlug(fixture.editor, `${token}-1`))!
    await updatePost(fixture.editor, { ...input(row), title: `Renamed ${token}` }, row)
    const after = await get(`/post/${token}-1`, { headers: { 'If-None-Match': before.headers.get('etag')! } })
    expect(after.status).toBe(200)
    expect(await after.text()).toContain(`<h1>Renamed ${token}</h1>`)
  })

  it('answers 404 with the not-found page for a missing post, a draft and a post scheduled for later', async () => {
    for (const slug of [`${token}-missing`, `${token}-draft`, `${token}-later`]) {
      const res = await get(`/post/${slug}`)
      expect(res.status, slug).toBe(404)
      const html = await res.text()
      expect(html).toContain('Oops! Page not found')
      expect(html).toContain('<meta name="robots" content="noindex" />')
      expect(html).not.toMatch(/Draft pp|Later pp/)
      expect(pageDataOf(html).post).toEqual({ slug, row: null })
    }
  })
})

describe('/resources rendered on the server', () => {
  it('renders the cards of the type, search and page in the query string, never drafts', async () => {
    const res = await get(`/resources?type=case-study&q=${token}&page=2`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const data = pageDataOf(html).resources!
    expect(data.query).toEqual({ type: 'case-study', q: token, page: 2 })
    expect(data.total).toBe(10)
    expect(data.posts).toHaveLength(10)
    expect(data.posts.every((p) => p.type === 'case study')).toBe(true)
    expect(html).toContain('<link rel="canonical" href="http://localhost:')
    expect(html).toContain('<title>Resources | Meridian</title>')

    const all = pageDataOf(await (await get(`/resources?q=${token}`)).text()).resources!
    expect(all.posts).toHaveLength(9)
    expect(all.total).toBe(12)
    expect(all.posts.some((p) => /Draft|Later/.test(p.title))).toBe(false)
  })

  it('forgives a bad query string (unknown type, bad page) instead of failing', async () => {
    const res = await get(`/resources?type=nope&page=-3&q=%00${token}`)
    expect(res.status).toBe(200)
    expect(pageDataOf(await res.text()).resources!.query).toEqual({ type: 'all', q: token, page: 1 })
  })
})

describe('GET /api/posts', () => {
  it('pages published posts by type and search, never drafts or posts scheduled for later', async () => {
    const first = await get(`/api/posts?q=${token}`)
    expect(first.status).toBe(200)
    const page1 = (await first.json()) as { posts: { title: string; content?: string }[]; total: number }
    expect(page1.total).toBe(12)
    expect(page1.posts).toHaveLength(9)
    expect(page1.posts[0]).not.toHaveProperty('content')
    const page2 = (await (await get(`/api/posts?q=${token}&page=2`)).json()) as typeof page1
    expect(page2.posts).toHaveLength(3)
    const titles = [...page1.posts, ...page2.posts].map((p) => p.title)
    expect(new Set(titles).size).toBe(12)
    expect(titles.some((t) => /Draft|Later/.test(t))).toBe(false)

    const blogs = (await (await get(`/api/posts?type=blog&q=${token}`)).json()) as typeof page1
    expect(blogs.total).toBe(2)
    const draftSearch = (await (await get(`/api/posts?q=Draft ${token}`)).json()) as typeof page1
    expect(draftSearch.total).toBe(0)
  })

  it('gives one post with its body sanitised, and 404 for a draft, one scheduled for later or none', async () => {
    const res = await get(`/api/posts/${token}-2`)
    expect(res.status).toBe(200)
    const { post: one } = (await res.json()) as { post: { title: string; content: string } }
    expect(one.content).toBe(`<p>Body of ${token}-2</p>`)
    const etag = res.headers.get('etag')!
    expect((await get(`/api/posts/${token}-2`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    for (const slug of [`${token}-draft`, `${token}-later`, `${token}-none`]) {
      const missing = await get(`/api/posts/${slug}`)
      expect(missing.status, slug).toBe(404)
      expect(await missing.text()).not.toContain('Body of')
    }
  })

  it('answers bad input with 400 and a message per field, never a 5xx', async () => {
    // The field each address's message names, and the addresses.
    const cases = Object.entries({
      type: ['/api/posts?type=podcast', '/api/posts?type=case%20study'],
      page: ['/api/posts?page=0', '/api/posts?page=abc', '/api/posts?page=1.5', '/api/posts?page=51'],
      q: [`/api/posts?q=${'x'.repeat(201)}`, '/api/posts?q=a%00b'],
      form: [`/api/posts/${'s'.repeat(201)}`, '/api/posts/a%00b'],
    }).flatMap(([field, urls]) => urls.map((url) => [url, field] as const))
    for (const [url, field] of cases) {
      const res = await get(url)
      expect(res.status, url).toBe(400)
      const body = (await res.json()) as { message: string; fieldErrors: Record<string, string[]> }
      expect(body.message, url).toBeTruthy()
      expect(Object.keys(body.fieldErrors), url).toContain(field)
    }
    // Odd but harmless input is fine.
    for (const url of ['/api/posts?q=%25_*(),."\\', '/api/posts?type=&q=&page=', '/api/posts/%E2%9C%93'])
      expect((await get(url)).status, url).toBeLessThan(500)
  })
})
