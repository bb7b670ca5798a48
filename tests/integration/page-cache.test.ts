import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPost, getPublishedPostsStamp } from '../../shared/data/blogs.ts'
import { pageCacheFor } from '../../server/web/page-cache.ts'
import { standInPostEntry, standInRenderedSite } from '../support/clients.ts'
import { startHostedTestServer } from '../support/server.ts'
import { restRequestLog, useSiteServer } from '../support/site-server.ts'

/**
 * Public pages rendered once per version of what they show (server/web/page-cache.ts), against the real
 * server and database. The site is a stand-in render bundle that prints the data it is given (as in
 * public-posts.test.ts), so the tests read what the server rendered and when.
 */

/** Paths of the embedded backend's API the server itself asked for. */
const { paths: apiRequests, destination: requestLog } = restRequestLog()
const fixture = useSiteServer(
  () => standInRenderedSite(standInPostEntry('padding '.repeat(300)), '<h1>static not found</h1>'),
  { LOG_LEVEL: 'debug' },
  { logDestination: requestLog },
)
const token = `pc${Date.now().toString(36)}`

const get = (p: string, init?: RequestInit) => fetch(`${fixture.server.url}${p}`, init)
const text = async (p: string, init?: RequestInit) => (await get(p, init)).text()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Asks for `p` until its HTML contains `wanted`; the milliseconds it took. */
/**
 * The "within 5 s" promise, with room for this machine's own pace: 5 s plus three times what one request of
 * the page takes right now (a loaded machine answers every request more slowly, the promise's polls too).
 */
async function freshnessBudget(p: string): Promise<number> {
  const started = Date.now()
  await fetch(p.startsWith('http') ? p : `${fixture.server.url}${p}`)
  return 5000 + 3 * (Date.now() - started)
}

async function msUntil(p: string, wanted: string, limit = 8000): Promise<number> {
  const started = Date.now()
  while (!(await text(p)).includes(wanted)) {
    if (Date.now() - started > limit) throw new Error(`${p} did not show “${wanted}” within ${limit} ms`)
    await sleep(100)
  }
  return Date.now() - started
}

beforeAll(async () => {
  // The outboxes ask the database on their own timers (the newsletter's every 5 s): their requests are
  // nobody's page, and would be counted as one.
  await fixture.server.ctx.newsletterOutbox?.stop()
  await fixture.server.ctx.leadOutbox?.stop()
  for (let i = 1; i <= 3; i++) {
    await createPost(fixture.editor, {
      title: `Cached ${i} ${token}`,
      slug: `${token}-${i}`,
      author: 'Asha Rao',
      content: `<p>${'A long enough body to be worth compressing. '.repeat(40)}</p>`,
    })
  }
}, 60_000)

describe('pages rendered once per version', () => {
  it('serves repeated visits from memory without asking the database', async () => {
    for (const p of [`/post/${token}-1`, `/resources?q=${token}`, `/api/posts/${token}-1`]) {
      const first = await text(p)
      apiRequests.length = 0
      for (let i = 0; i < 20; i++) expect(await text(p)).toBe(first)
      // At most the stamp, once a second; never the page's own queries. (The server preparing the new
      // posts' bodies in the background is no page's.)
      const stamps = apiRequests.filter((r) => r.endsWith('/rpc/published_posts_stamp'))
      expect(
        apiRequests.filter(
          (r) =>
            !/\/rpc\/(published_posts_stamp|posts_awaiting_preparation|store_prepared_post_html)$/.test(r),
        ),
        p,
      ).toEqual([])
      expect(stamps.length, p).toBeLessThanOrEqual(2)
    }
  })

  it('keeps gzip and brotli copies that are the same page, and revalidates either with 304', async () => {
    const p = `/post/${token}-2`
    const identity = await get(p, { headers: { 'Accept-Encoding': 'identity' } })
    const html = Buffer.from(await identity.arrayBuffer())
    const strong = identity.headers.get('etag')!
    expect(strong).toMatch(/^"[\w-]+"$/)
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(identity.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
    )

    const br = await get(p, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('etag')).toBe(`W/${strong}`)
    expect(br.headers.get('vary')).toContain('Accept-Encoding')

    const gz = await get(p, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')

    // fetch decodes the bodies itself: compare what the copies hold with the identity bytes.
    const raw = (await import('node:http')).get
    const bytes = (encoding: string) =>
      new Promise<Buffer>((resolve, reject) => {
        raw(`${fixture.server.url}${p}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)))
        }).on('error', reject)
      })
    const brBytes = await bytes('br')
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength)
    expect(brBytes.byteLength).toBeLessThan(html.byteLength / 3)
    expect(brotliDecompressSync(brBytes).equals(html)).toBe(true)
    expect(gunzipSync(await bytes('gzip')).equals(html)).toBe(true)

    for (const tag of [strong, `W/${strong}`]) {
      const again = await get(p, { headers: { 'If-None-Match': tag, 'Accept-Encoding': 'br' } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(strong)
    }
    const head = await get(p, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('shows a change made elsewhere (not through this server) within 5 s', async () => {
    const p = `/post/${token}-3`
    expect(await text(p)).toContain(`Cached 3 ${token}`)
    // Straight into the database: no write passes through this server's API to tell the cache.
    await fixture.server.ctx.localSupabase!.db.query(`update public.blogs set title = $1 where slug = $2`, [
      `Changed elsewhere ${token}`,
      `${token}-3`,
    ])
    const budget = await freshnessBudget(p)
    expect(await msUntil(p, `Changed elsewhere ${token}`, budget)).toBeLessThan(budget)
    const listBudget = await freshnessBudget(`/resources?q=${token}`)
    expect(await msUntil(`/resources?q=${token}`, `Changed elsewhere ${token}`, listBudget)).toBeLessThan(
      listBudget,
    )
  })

  it('shows a scheduled post on the list within 5 s of it coming due, with no write at all', async () => {
    const list = `/resources?q=${token}`
    await createPost(fixture.editor, {
      title: `Due soon ${token}`,
      slug: `${token}-due`,
      author: 'Asha Rao',
      content: '<p>x</p>',
      status: 'scheduled',
      publish_at: new Date(Date.now() + 3600_000).toISOString(),
    })
    await fixture.server.ctx.localSupabase!.db.query(
      `update public.blogs set publish_at = now() + interval '2 seconds' where slug = $1`,
      [`${token}-due`],
    )
    expect(await text(list)).not.toContain(`Due soon ${token}`)
    expect(await get(`/post/${token}-due`)).toHaveProperty('status', 404)
    await sleep(2000)
    const budget = await freshnessBudget(list)
    expect(await msUntil(list, `Due soon ${token}`, budget)).toBeLessThan(budget)
    expect((await get(`/post/${token}-due`)).status).toBe(200)
  })

  it('shows what another instance changed within 5 s (nothing depends on there being one process)', async () => {
    const other = await startHostedTestServer(fixture.server, { SITE_DIR: fixture.siteDir })
    try {
      const p = `${other.url}/post/${token}-1`
      expect(await (await fetch(p)).text()).toContain(`Cached 1 ${token}`)
      const { error } = await fixture.editor
        .from('blogs')
        .update({ title: `Renamed on the first ${token}` })
        .eq('slug', `${token}-1`)
      expect(error).toBeNull()
      const budget = await freshnessBudget(p)
      const started = Date.now()
      while (!(await (await fetch(p)).text()).includes(`Renamed on the first ${token}`)) {
        expect(Date.now() - started).toBeLessThan(budget)
        await sleep(100)
      }
    } finally {
      await other.stop()
    }
  })

  it('holds no more than its memory budget, dropping the least recently used pages', async () => {
    const small = await startHostedTestServer(fixture.server, {
      SITE_DIR: fixture.siteDir,
      PAGE_CACHE_MB: '1',
    })
    try {
      // Each /resources answer is a different page; together far more than 1 MB.
      for (let i = 0; i < 400; i++)
        await (await fetch(`${small.url}/resources?q=${token}&i=${i}`)).arrayBuffer()
      const bytes = pageCacheFor(small.ctx).bytes
      expect(bytes).toBeGreaterThan(0)
      expect(bytes).toBeLessThanOrEqual(2 ** 20)
    } finally {
      await small.stop()
    }
  })
})

describe('the posts stamp', () => {
  it('changes with an edit, an unpublish and a delete of a public post, not with a draft', async () => {
    const stamps = [await getPublishedPostsStamp(fixture.anon)]
    const next = async () => {
      stamps.push(await getPublishedPostsStamp(fixture.anon))
      return stamps.at(-1)!
    }
    await createPost(fixture.editor, {
      title: 'Draft',
      slug: `${token}-draft`,
      author: 'A',
      content: '',
      status: 'draft',
    })
    expect(await next()).toBe(stamps[0])
    await fixture.editor
      .from('blogs')
      .update({ title: `Edited ${token}` })
      .eq('slug', `${token}-2`)
    expect(await next()).not.toBe(stamps[1])
    await fixture.editor.from('blogs').update({ status: 'draft' }).eq('slug', `${token}-2`)
    expect(await next()).not.toBe(stamps[2])
    await fixture.editor.from('blogs').delete().eq('slug', `${token}-3`)
    expect(await next()).not.toBe(stamps[3])
    expect(new Set(stamps.slice(1)).size).toBe(4)
  })
})
