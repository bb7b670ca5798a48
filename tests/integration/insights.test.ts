import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insightsToCsv, loadInsights } from '../../shared/data/insights.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import { standInRenderedSite } from '../support/clients.ts'
import { useSiteServer } from '../support/site-server.ts'

/** A person's browser (the counting skips bots, and Node's fetch calls itself one). */
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

/** The server render bundle, reduced to the post page (the real one needs a site build). */
const fakeEntry = `
export const routeMeta = {}
export const notFoundMeta = { title: 'Page not found', description: 'Not found' }
export async function render(pathname, { pageData = {} } = {}) {
  const post = pageData.post
  return { html: post && post.row ? '<article><h1>' + post.row.slug + '</h1></article>' : '<h1>Oops! Page not found</h1>' }
}
`

/** The post page, the home page, two marketing pages and the sitemap's routes. */
function standInMarketingSite(): string {
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`
  const siteDir = standInRenderedSite(fakeEntry, page('Not found'))
  writeFileSync(path.join(siteDir, 'index.html'), page('Home'))
  for (const route of ['get-started', 'platform']) {
    mkdirSync(path.join(siteDir, route))
    writeFileSync(path.join(siteDir, route, 'index.html'), page(route))
  }
  writeFileSync(path.join(siteDir, 'sitemap-routes.json'), JSON.stringify(['/', '/get-started', '/platform']))
  return siteDir
}

const fixture = useSiteServer(standInMarketingSite, { TRUST_PROXY: '1' })
const db = () => serviceClient(fixture.server.ctx)
let slug: string

beforeAll(async () => {
  const { data, error } = await db().from('published_blogs').select('slug').limit(1)
  if (error) throw error
  slug = (data[0] as { slug: string }).slug
})

async function pageRow(pathname: string) {
  const { data, error } = await db()
    .from('analytics_daily_pages')
    .select('views, visitors')
    .eq('path', pathname)
  if (error) throw error
  return (data[0] as { views: number; visitors: number } | undefined) ?? { views: 0, visitors: 0 }
}

async function tableSize(table: string) {
  const { count, error } = await db().from(table).select('*', { count: 'exact', head: true })
  if (error) throw error
  return count ?? 0
}

/** The count happens after the page has answered: wait for it (up to 15 s, for a loaded machine). */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000
  let value = await read()
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50))
    value = await read()
  }
  return value
}

/** Each test is its own client address (behind the proxy TRUST_PROXY names), so limits stay apart. */
let address = '203.0.113.1'
beforeEach(({ task }) => {
  address = `203.0.113.${(task.name.length % 200) + 10}`
})

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${fixture.server.url}${pathname}`, {
    headers: { 'User-Agent': browser, 'X-Forwarded-For': address, ...headers },
  })

const beacon = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${fixture.server.url}/api/views`, {
    method: 'POST',
    headers: {
      'User-Agent': browser,
      'Content-Type': 'text/plain;charset=UTF-8',
      'X-Forwarded-For': address,
      ...headers,
    },
    body,
  })

/** Where the stored leads of an address came from, as the service role reads them. */
async function leadSources(email: string) {
  const { data } = await db()
    .from('leads')
    .select('landing_path, referrer_host, utm_source, utm_medium, utm_campaign')
    .eq('email', email)
  return data
}

describe('counting the public pages', () => {
  it('counts a page it serves, once per visitor a day, with the referrer host and campaign, and sets no cookie', async () => {
    const first = await get('/platform?utm_source=newsletter&utm_campaign=autumn-hiring', {
      Referer: 'https://news.example.com/some/article?id=1',
    })
    expect(first.status).toBe(200)
    expect(first.headers.get('set-cookie')).toBeNull()
    expect(
      await eventually(
        () => pageRow('/platform'),
        (r) => r.views === 1,
      ),
    ).toEqual({ views: 1, visitors: 1 })

    await get('/PLATFORM/', { Referer: `${fixture.server.url}/` })
    expect(
      await eventually(
        () => pageRow('/platform'),
        (r) => r.views === 2,
      ),
    ).toEqual({ views: 2, visitors: 1 })

    const { data } = await db()
      .from('analytics_daily_sources')
      .select('referrer_host, utm_source, utm_campaign, visitors')
      .eq('referrer_host', 'news.example.com')
    expect(data).toEqual([
      {
        referrer_host: 'news.example.com',
        utm_source: 'newsletter',
        utm_campaign: 'autumn-hiring',
        visitors: 1,
      },
    ])
    // Nothing that identifies the visitor: a hash, never the address or the user agent.
    const { data: visits } = await db().from('analytics_visits').select('*')
    expect(JSON.stringify(visits)).not.toContain('127.0.0.1')
    expect(JSON.stringify(visits)).not.toContain('Chrome')
  })

  it('counts nothing for bots, prefetches, Do Not Track, Global Privacy Control or a missing page', async () => {
    const before = await pageRow('/get-started')
    const laterBefore = await pageRow('/platform')
    await get('/get-started', {
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    })
    await get('/get-started', { 'Sec-Purpose': 'prefetch' })
    await get('/get-started', { DNT: '1' })
    await get('/get-started', { 'Sec-GPC': '1' })
    await get('/get-started', { 'User-Agent': '' })
    expect((await get('/nowhere')).status).toBe(404)
    // A view that counts, made after them, is counted: a count of any of theirs would have come first.
    await get('/platform')
    const later = await eventually(
      () => pageRow('/platform'),
      (row) => row.views > laterBefore.views,
    )
    expect(later.views).toBe(laterBefore.views + 1)
    expect(await pageRow('/get-started')).toEqual(before)
    expect(await pageRow('/nowhere')).toEqual({ views: 0, visitors: 0 })
  })

  it('takes in-site navigations from the beacon, refuses a bad body with 400 and stores nothing', async () => {
    expect((await beacon(JSON.stringify({ path: `/post/${slug}` }))).status).toBe(204)
    expect(await pageRow(`/post/${slug}`)).toMatchObject({ views: 1 })

    const sizes = async () =>
      Promise.all(['analytics_visits', 'analytics_daily_pages', 'analytics_daily_sources'].map(tableSize))
    const before = await sizes()
    for (const body of ['not json', '[]', '{}', '{"path":5}', '{"path":"no-slash"}', '{"path":"/a","x":1}'])
      expect((await beacon(body)).status, body).toBe(400)
    expect((await beacon(JSON.stringify({ path: `/${'a'.repeat(2000)}` }))).status).toBe(413)
    // Well-formed, but not a public page: accepted and not counted.
    for (const p of ['/post/no-such-post', '/meridian/updateresources', '/made-up'])
      expect((await beacon(JSON.stringify({ path: p }))).status).toBe(204)
    expect((await beacon(JSON.stringify({ path: '/' }), { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect(await sizes()).toEqual(before)
  })

  it('keeps the tables bounded under 10,000 beacons from one address', async () => {
    address = '198.51.100.7'
    const before = await Promise.all(['analytics_visits', 'analytics_daily_pages'].map(tableSize))
    const viewsBefore = (await pageRow('/')).views
    const started = Date.now()
    let sent = 0
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < 10_000) {
          const n = sent++
          // A new "browser" each time: every one would be a new visitor were it not for the address's limit.
          const res = await beacon(JSON.stringify({ path: '/' }), { 'User-Agent': `${browser} Flood/${n}` })
          expect(res.status).toBe(204)
        }
      }),
    )
    // 60 a minute (the flood takes a few seconds: one window, perhaps two), and never past 500 a day.
    const windows = Math.ceil((Date.now() - started) / 60_000) + 1
    const bound = Math.min(60 * windows, 500)
    const [visits, pages] = await Promise.all(['analytics_visits', 'analytics_daily_pages'].map(tableSize))
    expect(visits - before[0]).toBeLessThanOrEqual(bound)
    expect(pages - before[1]).toBeLessThanOrEqual(1)
    const counted = (await pageRow('/')).views - viewsBefore
    expect(counted).toBeGreaterThan(0)
    expect(counted).toBeLessThanOrEqual(bound)
  }, 180_000)
})

describe('the day’s salt', () => {
  it('is the same on every call of a day (every instance asks the database), and an earlier day’s is deleted', async () => {
    const { error } = await db()
      .from('analytics_salts')
      .insert({ day: '2020-01-01', salt: 'x'.repeat(64) })
    expect(error).toBeNull()
    const a = await db().rpc('analytics_salt')
    const b = await db().rpc('analytics_salt')
    expect(a.data).toEqual(b.data)
    // One row left: the database's day (it decides the day, not this machine's clock, which may have
    // passed midnight since).
    const { data } = await db().from('analytics_salts').select('day')
    const [{ day }] = b.data as Array<{ day: string }>
    expect(day).not.toBe('2020-01-01')
    expect(data).toEqual([{ day }])
  })

  it('is not readable by visitors or editors, nor can they count a view themselves', async () => {
    const viewArgs = {
      p_visitor: 'x',
      p_path: '/',
      p_referrer_host: '',
      p_utm_source: '',
      p_utm_medium: '',
      p_utm_campaign: '',
    }
    for (const client of [fixture.anon, fixture.editor]) {
      expect((await client.rpc('analytics_salt')).error?.code).toBe('42501')
      expect((await client.rpc('record_page_view', viewArgs)).error?.code).toBe('42501')
      const salts = await client.from('analytics_salts').select('day')
      expect(salts.error?.code).toBe('42501')
    }
  })
})

describe('where a lead came from', () => {
  it('without JavaScript: the form post takes the landing page, referrer host and campaign of the visit', async () => {
    const agent = `${browser} NoScript/1`
    const landed = (await pageRow(`/post/${slug}`)).views
    const landing = await get(`/post/${slug}?utm_campaign=spring-launch&utm_medium=email`, {
      'User-Agent': agent,
      Referer: 'https://partner.example.org/links',
    })
    expect(landing.status).toBe(200)
    // The landing is counted before the next page is asked for, as when a person reads it.
    await expect
      .poll(async () => (await pageRow(`/post/${slug}`)).views, { timeout: 15_000 })
      .toBeGreaterThan(landed)
    const before = (await pageRow('/get-started')).views
    await get('/get-started', { 'User-Agent': agent, Referer: `${fixture.server.url}/post/${slug}` })
    await expect
      .poll(async () => (await pageRow('/get-started')).views, { timeout: 15_000 })
      .toBeGreaterThan(before)
    const email = `noscript.${Date.now()}@example.com`
    const res = await fetch(`${fixture.server.url}/get-started`, {
      method: 'POST',
      headers: {
        'User-Agent': agent,
        'X-Forwarded-For': address,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        name: 'Asha Rao',
        email,
        phone: '+91 98765 43210',
        requirement: 'Four data engineers in Bengaluru',
        techStack: 'Python',
        landing_path: '',
        referrer_host: '',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
      }),
    })
    expect(res.status).toBe(200)
    expect(await leadSources(email)).toEqual([
      {
        landing_path: `/post/${slug}`,
        referrer_host: 'partner.example.org',
        utm_source: null,
        utm_medium: 'email',
        utm_campaign: 'spring-launch',
      },
    ])
  })

  it('with JavaScript: the fields the page carried are stored with the lead (a bad one dropped, never refused)', async () => {
    const email = `js.${Date.now()}@example.com`
    const res = await fetch(`${fixture.server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `insights-${Date.now()}` },
      body: JSON.stringify({
        name: 'Ravi Iyer',
        email,
        phone: '+91 98765 43210',
        requirement: 'A platform team of six people',
        techStack: 'Kotlin',
        landing_path: `/post/${slug}`,
        referrer_host: 'News.Example.com',
        utm_source: 'linkedin',
        utm_campaign: 'autumn-hiring',
        utm_medium: 'x'.repeat(500),
      }),
    })
    expect(res.status).toBe(201)
    expect(await leadSources(email)).toEqual([
      {
        landing_path: `/post/${slug}`,
        referrer_host: 'news.example.com',
        utm_source: 'linkedin',
        utm_medium: 'x'.repeat(100),
        utm_campaign: 'autumn-hiring',
      },
    ])
  })
})

describe('the report', () => {
  it('shows editors the pages, posts, referrers, campaigns, funnel and leads per source; CSV too', async () => {
    const report = await loadInsights(fixture.editor, 7)
    expect(report.series).toHaveLength(7)
    expect(report.views).toBeGreaterThan(0)
    expect(report.topPages.map((p) => p.path)).toContain('/platform')
    expect(report.topPosts.map((p) => p.path)).toContain(`/post/${slug}`)
    expect(report.topPosts.find((p) => p.path === `/post/${slug}`)?.title).toBeTruthy()
    expect(report.topReferrers).toContainEqual({ host: 'news.example.com', visitors: 1 })
    expect(report.topCampaigns).toContainEqual({
      campaign: 'autumn-hiring',
      source: 'newsletter',
      medium: '',
      visitors: 1,
    })
    expect(report.leads).toBeGreaterThanOrEqual(2)
    expect(report.leadsBySource).toContainEqual({ source: 'linkedin', leads: 1 })
    const csv = insightsToCsv(report)
    expect(csv).toContain('news.example.com,1')
    expect(csv.split('\r\n')[0]).toBe('Day,Views,Unique visitors')

    expect((await fixture.anon.rpc('insights_report', { p_days: 7 })).error?.code).toBe('42501')
  })
})
