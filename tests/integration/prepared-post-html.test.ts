import { beforeAll, describe, expect, it } from 'vitest'
import { createPost, getPostById, updatePost } from '../../shared/data/blogs.ts'
import { listPostsAwaitingPreparation } from '../../shared/data/published-blogs.ts'
import { sanitizeHtml, sanitizerVersion, sanitizerWorker } from '../../shared/lib/sanitize-html.node.ts'
import { preparePostsSoon } from '../../server/web/prepared-posts.ts'
import { standInPostEntry, standInRenderedSite } from '../support/clients.ts'
import { restRequestLog, useSiteServer } from '../support/site-server.ts'

/**
 * A post page's first render: one database round trip (the post, its prepared body and the candidates for
 * "Read next"), with the body sanitised when the post was saved, never trusted from anyone but the server,
 * and never shown when it was prepared for another version of the post or under other sanitiser rules.
 * The real server and database; the site is a stand-in render bundle that prints the post it is given.
 */

/** Paths of the embedded backend's API the server itself asked for. */
const { paths: apiRequests, destination: requestLog } = restRequestLog()
const fixture = useSiteServer(
  () => standInRenderedSite(standInPostEntry()),
  { LOG_LEVEL: 'debug' },
  { logDestination: requestLog },
)
const token = `pp${Date.now().toString(36)}`
const hostile =
  '<p>Kept</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">l</a>'

const text = async (p: string) => (await fetch(`${fixture.server.url}${p}`)).text()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until the server has prepared every public post's body. */
async function prepared(limit = 20_000): Promise<void> {
  const started = Date.now()
  while ((await listPostsAwaitingPreparation(fixture.service, sanitizerVersion, 1)).length > 0) {
    if (Date.now() - started > limit) throw new Error(`posts still awaiting preparation after ${limit} ms`)
    await sleep(50)
  }
}

const storedBody = async (slug: string) =>
  (
    await fixture.server.ctx.localSupabase!.db.query<{ html: string; post_version: string }>(
      `select h.html, h.post_version::text from public.blog_prepared_html h
         join public.blogs b on b.id = h.post_id where b.slug = $1`,
      [slug],
    )
  ).rows[0]

beforeAll(async () => {
  // The outboxes ask the database on their own timers: their requests are nobody's page.
  await fixture.server.ctx.newsletterOutbox?.stop()
  await fixture.server.ctx.leadOutbox?.stop()
  for (const name of ['one', 'stale-version', 'old-rules', 'again'])
    await createPost(fixture.editor, {
      title: `Prepared ${name} ${token}`,
      slug: `${token}-${name}`,
      author: 'Asha Rao',
      tags: ['prepared'],
      content: hostile,
    })
}, 60_000)

describe('a post page’s first render', () => {
  it('asks the database once and does not sanitise the body', async () => {
    await prepared()
    // The sanitiser's thread ends once idle: a first render that needed it would start it again.
    const idleMs = sanitizerWorker.idleMs
    sanitizerWorker.idleMs = 50
    try {
      // One call now, so the thread's idle timer runs with the short wait.
      await sanitizeHtml('')
      while (sanitizerWorker.running) await sleep(20)
      apiRequests.length = 0
      const html = await text(`/post/${token}-one`)
      expect(html).toContain(`Prepared one ${token}`)
      expect(
        // Besides the page cache's stamp and the preparer looking for work (both in the background).
        apiRequests.filter((r) => !/\/rpc\/(published_posts_stamp|posts_awaiting_preparation)$/.test(r)),
        'the page’s reads',
      ).toEqual(['/rest/v1/rpc/public_post_page'])
      expect(sanitizerWorker.running, 'the sanitiser ran for a prepared post').toBe(false)
    } finally {
      sanitizerWorker.idleMs = idleMs
    }
  })

  it('shows the body prepared when the post was saved: sanitised, and the post’s version unchanged', async () => {
    const slug = `${token}-one`
    const expected = await sanitizeHtml(hostile)
    expect(expected).not.toMatch(/script|onerror|javascript/)
    const post = (await fixture.service.from('blogs').select('id').eq('slug', slug).single()).data!
    const row = (await getPostById(fixture.service, post.id))!
    // Preparing wrote beside the post, not to it: the desktop's sync and conflict check see no change.
    expect(row.version).toBe(1)
    expect((await storedBody(slug)).html).toBe(expected)
    expect(await text(`/post/${slug}`)).toContain(`<div>${expected}</div>`)
  })

  it('never shows a body prepared for another version of the post', async () => {
    const slug = `${token}-stale-version`
    await prepared()
    const post = (await fixture.service.from('blogs').select('id').eq('slug', slug).single()).data!
    // An edit the server has not prepared yet (written straight into the database, as another instance's
    // save might be), and the old version's body standing in its place.
    await fixture.server.ctx.localSupabase!.db.query(
      `update public.blogs set content = '<p>Edited</p><script>x</script>' where id = $1`,
      [post.id],
    )
    await fixture.server.ctx.localSupabase!.db.query(
      `update public.blog_prepared_html set html = '<p>Stale</p>' where post_id = $1`,
      [post.id],
    )
    const html = await text(`/post/${slug}`)
    expect(html).toContain('<div><p>Edited</p></div>')
    expect(html).not.toContain('Stale')
    // The page's own sanitising is stored for the next one.
    await expect.poll(async () => (await storedBody(slug)).post_version, { timeout: 5000 }).toBe('2')
    expect((await storedBody(slug)).html).toBe('<p>Edited</p>')
  })

  it('never shows a body prepared under other sanitiser rules, and prepares it again', async () => {
    const slug = `${token}-old-rules`
    await prepared()
    await fixture.server.ctx.localSupabase!.db.query(
      `update public.blog_prepared_html h set html = '<p>Old rules</p><script>x</script>',
              sanitizer_version = 'older-rules'
         from public.blogs b where b.id = h.post_id and b.slug = $1`,
      [slug],
    )
    const html = await text(`/post/${slug}`)
    expect(html).toContain(`<div>${await sanitizeHtml(hostile)}</div>`)
    expect(html).not.toContain('Old rules')
  })

  it('prepares every post prepared under other rules again (as at startup)', async () => {
    await prepared()
    await fixture.server.ctx.localSupabase!.db.query(
      `update public.blog_prepared_html set sanitizer_version = 'older-rules'`,
    )
    expect(await listPostsAwaitingPreparation(fixture.service, sanitizerVersion, 10)).not.toEqual([])
    preparePostsSoon(fixture.server.ctx)
    await prepared()
  })

  it('prepares a post again when it is saved', async () => {
    const slug = `${token}-again`
    await prepared()
    const post = (await fixture.service.from('blogs').select('id').eq('slug', slug).single()).data!
    const saved = await updatePost(
      fixture.editor,
      {
        title: `Prepared again ${token}`,
        slug,
        author: 'Asha Rao',
        content: '<p>Saved again</p><style>x</style>',
      },
      { id: post.id, version: 1 },
    )
    await expect
      .poll(async () => (await storedBody(slug))?.post_version, { timeout: 10_000 })
      .toBe(String(saved.version))
    expect((await storedBody(slug)).html).toBe('<p>Saved again</p>')
  })
})

describe('who may write prepared bodies', () => {
  it('only the server: visitors and editors can neither write the table nor call the function', async () => {
    const post = (
      await fixture.service.from('blogs').select('id,version').eq('slug', `${token}-one`).single()
    ).data!
    const item = {
      post_id: post.id,
      post_version: post.version,
      sanitizer_version: sanitizerVersion,
      html: '<script>x</script>',
    }
    for (const client of [fixture.anon, fixture.editor]) {
      const stored = await client.rpc('store_prepared_post_html', { items: [item] })
      expect(stored.error?.code).toBe('42501')
      const inserted = await client.from('blog_prepared_html').upsert(item)
      expect(inserted.error?.code).toBe('42501')
      const read = await client.from('blog_prepared_html').select('html')
      expect(read.error?.code).toBe('42501')
    }
    expect((await storedBody(`${token}-one`)).html).not.toContain('script')
  })
})
