import { describe, expect, it } from 'vitest'
import {
  createPost,
  deletePost,
  getPostBySlug,
  getPublishedPostBySlug,
  listPostsForAdmin,
  listPublishedPosts,
  updatePost,
  uploadBlogImage,
} from '../../shared/data/blogs.ts'
import { samplePost, standInSite } from '../support/clients.ts'
import { useSiteServer } from '../support/site-server.ts'

// The shell and the not-found page are all the post route needs.
const fixture = useSiteServer(() =>
  standInSite(
    '<title>Meridian</title>\n    <meta name="description" content="generic" />\n    <meta property="og:title" content="Meridian" />\n    <meta name="robots" content="noindex" />',
  ),
)

const post = samplePost

describe('blogs data module against the embedded backend', () => {
  it('creates a post and refuses a second post with the same slug', async () => {
    const created = await createPost(fixture.editor, post('same-slug', { tags: ['a', 'b'] }))
    expect(created.tags).toEqual(['a', 'b'])
    expect(created.excerpt).toBe('Body of same-slug')
    await expect(createPost(fixture.editor, post('same-slug', { title: 'Other' }))).rejects.toThrow(
      'A post with the slug “same-slug” already exists.',
    )
    expect((await getPostBySlug(fixture.editor, 'same-slug'))?.title).toBe('Post same-slug')
  })

  it('updates a post by id, including its slug, and refuses a slug taken by another post', async () => {
    const a = await createPost(fixture.editor, post('upd-a'))
    await createPost(fixture.editor, post('upd-b'))
    const moved = await updatePost(fixture.editor, post('upd-a2', { title: 'Renamed' }), a)
    expect(moved.slug).toBe('upd-a2')
    expect(moved.id).toBe(a.id)
    expect(moved.version).toBe(a.version + 1)
    await expect(updatePost(fixture.editor, post('upd-b'), moved)).rejects.toThrow(
      'A post with the slug “upd-b” already exists.',
    )
    // An update from the version before the rename lost the race: nothing is written.
    await expect(updatePost(fixture.editor, post('upd-a3'), a)).rejects.toMatchObject({
      code: 'conflict',
      theirs: { slug: 'upd-a2' },
    })
  })

  it('refuses writes from a visitor through row-level security', async () => {
    const { error } = await fixture.anon.from('blogs').insert(post('anon-write'))
    expect(error?.code).toBe('42501')
    await expect(createPost(fixture.anon, post('anon-write'))).rejects.toThrow(/row-level security/)
    const target = await createPost(fixture.editor, post('anon-delete'))
    await expect(deletePost(fixture.anon, target)).rejects.toMatchObject({ code: 'not_allowed' })
    expect(await getPostBySlug(fixture.editor, 'anon-delete')).not.toBeNull()
  })

  it('hides drafts from visitors but shows them to editors', async () => {
    await createPost(fixture.editor, post('secret-draft', { status: 'draft', title: 'Secret draft' }))
    expect(await getPublishedPostBySlug(fixture.anon, 'secret-draft')).toBeNull()
    expect((await listPublishedPosts(fixture.anon, { search: 'Secret draft' })).total).toBe(0)
    expect((await listPostsForAdmin(fixture.editor, { search: 'secret draft' })).total).toBe(1)
  })

  it('searches title and content case-insensitively, combined with the type filter, without the bodies', async () => {
    await createPost(
      fixture.editor,
      post('search-guide', {
        title: 'Hiring Guide',
        type: 'ebook',
        content: '<p>Everything about GCC payroll</p>',
      }),
    )
    await createPost(fixture.editor, post('search-story', { title: 'A payroll story', type: 'case study' }))
    const all = await listPublishedPosts(fixture.anon, { search: 'PAYROLL' })
    expect(all.rows.map((r) => r.slug).sort()).toEqual(['search-guide', 'search-story'])
    expect(all.rows[0]).not.toHaveProperty('content')
    const ebooks = await listPublishedPosts(fixture.anon, { search: 'payroll', type: 'ebook' })
    expect(ebooks.rows.map((r) => r.slug)).toEqual(['search-guide'])
  })

  it('reads PostgREST syntax characters and LIKE wildcards as plain text, not as syntax', async () => {
    await createPost(
      fixture.editor,
      post('special-chars', { title: 'Wombat (Quetzal), 57% narwhal_okapi "bilbo"' }),
    )
    for (const text of ['(Quetzal),', '57%', 'narwhal_okapi', '"bilbo"', 'Wombat (']) {
      const result = await listPublishedPosts(fixture.anon, { search: text })
      expect(
        result.rows.map((r) => r.slug),
        text,
      ).toEqual(['special-chars'])
    }
    expect((await listPublishedPosts(fixture.anon, { search: 'Quetz_%' })).total).toBe(0)
    expect((await listPublishedPosts(fixture.anon, { search: 'x\\y' })).total).toBe(0)
  })

  it('pages the admin list on the server with an exact total, newest or oldest first', async () => {
    for (let i = 0; i < 6; i++)
      await createPost(fixture.editor, post(`paging-${i}`, { author: 'Paging Author' }))
    const first = await listPostsForAdmin(fixture.editor, { search: 'paging author', page: 1 })
    expect(first.total).toBe(6)
    expect(first.rows).toHaveLength(5)
    expect(first.rows[0].slug).toBe('paging-5')
    const second = await listPostsForAdmin(fixture.editor, { search: 'paging author', page: 2 })
    expect(second.rows.map((r) => r.slug)).toEqual(['paging-0'])
    const oldest = await listPostsForAdmin(fixture.editor, { search: 'PAGING-', ascending: true })
    expect(oldest.rows[0].slug).toBe('paging-0')
  })

  it('uploads an image under its folder and returns a public URL visitors can read', async () => {
    // 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    )
    const url = await uploadBlogImage(fixture.editor, 'blog-covers', new Uint8Array(png), 'png', 'image/png')
    expect(url).toMatch(/\/storage\/v1\/object\/public\/images\/blog-covers\/\d+\.png$/)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    await expect(
      uploadBlogImage(fixture.anon, 'blog-covers', new Uint8Array(png), 'png', 'image/png'),
    ).rejects.toThrow('new row violates row-level security policy')
  })
})

// The post pages the server renders: tests/integration/public-posts.test.ts.

describe('newsletter subscription', () => {
  it('stores the address once, lower-cased, and sends one confirmation link', async () => {
    const subscribe = (email: string) =>
      fetch(`${fixture.server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      })
    const first = await subscribe('Reader@Example.com')
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ subscribed: true })
    expect((await subscribe('reader@example.com')).status).toBe(200)
    const { data } = await fixture.service
      .from('newsletter_subscribers')
      .select('email, confirmation_sent_at')
      .eq('email', 'reader@example.com')
    expect(data).toHaveLength(1)
    const captured = (await fixture.server.ctx.mail.listCaptured?.()) ?? []
    const confirmations = captured.filter((m) => m.to.includes('reader@example.com'))
    expect(confirmations).toHaveLength(1)
    expect(confirmations[0].subject).toContain('Confirm your subscription')
    expect(data?.[0].confirmation_sent_at).not.toBeNull()
  })

  it('answers 400 with a clear message for a bad email and bad JSON, 413 for a huge body', async () => {
    const post = (body: string) =>
      fetch(`${fixture.server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
    const bad = await post(JSON.stringify({ email: 'not-an-email' }))
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'Please enter a valid email address.' })
    expect((await post('{nope')).status).toBe(400)
    expect((await post(JSON.stringify({ email: `${'a'.repeat(20_000)}@x.com` }))).status).toBe(413)
  })

  it('keeps visitors from reading the subscriber list', async () => {
    const { data } = await fixture.anon.from('newsletter_subscribers').select('email')
    expect(data ?? []).toEqual([])
    const recipients = await fixture.anon.from('newsletter_recipients').select('email')
    expect(recipients.data ?? []).toEqual([])
  })
})
