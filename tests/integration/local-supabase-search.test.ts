import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { needsVacuum } from '../../server/local-supabase/autovacuum.ts'
import { listPublishedPosts } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// The resources search with a few thousand posts: it must read through the full-text index (not scan every
// post), which needs fresh statistics and GIN pending lists (the embedded backend's autovacuum).

const postCount = 2000
let server: TestServer
let anon: SupabaseClient
let service: SupabaseClient

function post(i: number) {
  // Every 100th post mentions a rare word; every 4th of those is a draft, which must never be found.
  const rare = i % 100 === 7 ? ' zeppelinfactory ' : ' '
  return {
    title: `Post ${i} on hiring in India`,
    slug: `search-post-${i}`,
    author: 'Search Test',
    type: 'blog',
    status: i % 400 === 7 ? 'draft' : 'published',
    content: `<p>${'talent payroll retention culture '.repeat(30)}${rare}</p>`,
    created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  }
}

async function blogsStats() {
  const { rows } = await server.ctx.localSupabase!.db.query<{
    last_vacuum: Date | null
    last_analyze: Date | null
    changed: number
  }>(
    `select last_vacuum, last_analyze, n_mod_since_analyze::int as changed from pg_stat_user_tables where relid = 'public.blogs'::regclass`,
  )
  return rows[0]
}

beforeAll(async () => {
  server = await startTestServer()
  const { url, anonKey, serviceRoleKey } = server.ctx.supabase
  const options = { persistSession: false, autoRefreshToken: false }
  service = createNodeSupabaseClient(url, serviceRoleKey, options)
  anon = createNodeSupabaseClient(url, anonKey, options)
  for (let start = 0; start < postCount; start += 500) {
    const { error } = await service
      .from('blogs')
      .insert(Array.from({ length: 500 }, (_, k) => post(start + k)))
    if (error) throw new Error(error.message)
  }
}, 120_000)

afterAll(() => server?.stop())

describe('embedded backend autovacuum', () => {
  it('vacuums and analyzes a table in the background once enough of it changed', async () => {
    const deadline = Date.now() + 15_000
    let stats = await blogsStats()
    while (stats.last_vacuum === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
      stats = await blogsStats()
    }
    expect(stats.last_vacuum).not.toBeNull()
    expect(stats.last_analyze).not.toBeNull()
    expect(stats.changed).toBeLessThan(50)
  })

  it('uses the autovacuum thresholds: more than max(50, 10% of the rows) changed', () => {
    expect(needsVacuum(0, 50)).toBe(false)
    expect(needsVacuum(0, 51)).toBe(true)
    expect(needsVacuum(10_000, 1000)).toBe(false)
    expect(needsVacuum(10_000, 1001)).toBe(true)
  })
})

describe('resources search', () => {
  /** How many published posts a visitor's search finds. */
  const totalFor = async (search: string) => (await listPublishedPosts(anon, { search })).total
  /** Each search finds the number of posts given for it (all compared at once, so a failure shows every one). */
  const expectTotals = async (expected: Record<string, number>) => {
    const found: Record<string, number> = {}
    for (const search of Object.keys(expected)) found[search] = await totalFor(search)
    expect(found).toEqual(expected)
  }

  it('finds published posts by a word in the body, never drafts, with the exact total', async () => {
    const page = await listPublishedPosts(anon, { search: 'ZeppelinFactory', page: 1, pageSize: 9 })
    // Posts 7, 107, …, 1907: 20 mention it; 7, 407, 807, 1207, 1607 are drafts.
    expect(page.total).toBe(15)
    expect(page.rows).toHaveLength(9)
    expect(page.rows.every((r) => r.status === 'published')).toBe(true)
    expect(page.rows[0].slug).toBe('search-post-1907')
  })

  it('finds what a visitor may read: published posts, and scheduled ones once their time has come', async () => {
    const hour = 3_600_000
    const posts = [
      { slug: 'wombat-published', status: 'published', publish_at: null },
      { slug: 'wombat-draft', status: 'draft', publish_at: null },
      { slug: 'wombat-due', status: 'scheduled', publish_at: new Date(Date.now() - hour).toISOString() },
      { slug: 'wombat-later', status: 'scheduled', publish_at: new Date(Date.now() + hour).toISOString() },
    ]
    const { error } = await service
      .from('blogs')
      .insert(posts.map((p, i) => ({ ...post(6000 + i), ...p, content: '<p>A wombat on the lane.</p>' })))
    expect(error).toBeNull()
    const found = await listPublishedPosts(anon, { search: 'wombat' })
    expect(found.rows.map((r) => r.slug).sort()).toEqual(['wombat-due', 'wombat-published'])
    expect(found.total).toBe(2)
    // The same rule as the posts a visitor can list.
    const { data } = await anon.from('published_blogs').select('slug').like('slug', 'wombat-%')
    expect(data?.map((r) => r.slug).sort()).toEqual(['wombat-due', 'wombat-published'])
  })

  it('ranks title matches above body matches, then the newest first', async () => {
    const { error } = await service.from('blogs').insert([
      { ...post(5001), slug: 'quokka-title', title: 'Quokka hiring', created_at: '2020-01-01T00:00:00Z' },
      { ...post(5002), slug: 'quokka-body', content: '<p>One quokka, much talent.</p>' },
    ])
    expect(error).toBeNull()
    const ranked = await listPublishedPosts(anon, { search: 'quokkas' })
    expect(ranked.rows.map((r) => r.slug)).toEqual(['quokka-title', 'quokka-body'])
    // One row a page: the second page starts past every title match.
    for (const [page, slug] of [
      [1, 'quokka-title'],
      [2, 'quokka-body'],
    ] as const)
      expect(
        (await listPublishedPosts(anon, { search: 'quokkas', page, pageSize: 1 })).rows.map((r) => r.slug),
      ).toEqual([slug])

    const page = await listPublishedPosts(anon, { search: 'hiring zeppelinfactory', page: 1, pageSize: 9 })
    expect(page.total).toBe(15)
    const bodyOnly = await listPublishedPosts(anon, { search: 'zeppelinfactory', page: 2, pageSize: 9 })
    expect(bodyOnly.rows.map((r) => r.slug)).toEqual([
      'search-post-707',
      'search-post-607',
      'search-post-507',
      'search-post-307',
      'search-post-207',
      'search-post-107',
    ])
    // A page past the last match is empty and still carries the total.
    expect(await listPublishedPosts(anon, { search: 'zeppelinfactory', page: 3, pageSize: 9 })).toEqual({
      rows: [],
      total: 15,
    })
  })

  it('stems words and reads phrases, or and -word as a web search does', async () => {
    // Every published test post says "hiring" in its title (and a few sample posts do too).
    const hired = await totalFor('hired')
    expect(hired).toBeGreaterThanOrEqual(1996)
    await expectTotals({
      HIRE: hired,
      '"India zeppelinfactory"': 0,
      'zeppelinfactory -hiring': 0,
      'zeppelinfactory or nothingelse': 15,
      // Only stop words or punctuation: no word to look for, nothing found (and no error).
      the: 0,
      '%_*(),."\\': 0,
    })
  })

  it('matches the last word as the beginning of a word, as one types', async () => {
    const whole = await listPublishedPosts(anon, { search: 'zeppelinfactory' })
    expect(whole.total).toBe(15)
    // "zeppelinfact" is no word of any post: only its prefix matching finds them.
    const typed = await listPublishedPosts(anon, { search: 'ZeppelinFact' })
    expect(typed.total).toBe(15)
    expect(typed.rows.map((r) => r.slug)).toEqual(whole.rows.map((r) => r.slug))
    expect(await totalFor('hir')).toBeGreaterThanOrEqual(1996)
    await expectTotals({
      'india zeppelinfa': 15,
      // Only the last word: the others are whole words.
      'zeppelinfa india': 0,
      // Not a negated word, a phrase still open, a word joined by "or", or a single letter.
      'zeppelinfactory -hir': 15,
      '"india zeppelinfact': 0,
      'nothingelse or zeppelinfact': 0,
      z: 0,
    })
  })

  it('pages through a word in nearly every post newest first, each page where the last one ended', async () => {
    // "hiring" is in nearly every title and "talent" in nearly every body: both are read newest first from
    // the date index and stop at the page's end.
    for (const search of ['hiring', 'talent']) {
      const first = await listPublishedPosts(anon, { search, page: 1, pageSize: 9 })
      const second = await listPublishedPosts(anon, { search, page: 2, pageSize: 9 })
      const both = await listPublishedPosts(anon, { search, page: 1, pageSize: 18 })
      expect(first.total).toBeGreaterThanOrEqual(1995)
      expect([...first.rows, ...second.rows].map((r) => r.slug)).toEqual(both.rows.map((r) => r.slug))
      // Title matches first (every row here for "hiring"), each part the newest first.
      const inTitle = both.rows.filter((r) => r.title.toLowerCase().includes(search))
      expect(both.rows.slice(0, inTitle.length)).toEqual(inTitle)
      for (const part of [inTitle, both.rows.slice(inTitle.length)]) {
        const times = part.map((r) => Date.parse(r.created_at))
        expect(times).toEqual([...times].sort((a, b) => b - a))
      }
    }
  })

  it('reads query syntax in what is typed as text, never as an error', async () => {
    // Punctuation is not syntax: it ends a word. A word followed by anything but a letter is whole, not the
    // start of a longer one ("hir" is in no post as a word of its own, though in ~2000 as "hiring"); a
    // search without a letter or a digit finds nothing.
    const prefix = await totalFor('hir')
    expect(prefix).toBeGreaterThanOrEqual(1996)
    const expected = {
      "hir'": 0,
      'hir:*': 0,
      'hir & !india': 0,
      'hir | x': 0,
      "o'brien": 0,
      'a\\': 0,
      '(hir': prefix,
      '<->': 0,
      'hir:A': 0,
    }
    for (const [search, total] of Object.entries(expected)) {
      const page = await listPublishedPosts(anon, { search })
      expect({ search, total: page.total }).toEqual({ search, total })
    }
    expect(await totalFor('zeppelinfactory:*')).toBe(15)
  })

  // The search reads the GIN index of the search documents, not every post's body.
  it('finds matches through the full-text index, not by scanning every post', async () => {
    const { rows } = await server.ctx.localSupabase!.db.query<{ 'QUERY PLAN': string }>(
      `explain select count(*) from public.blog_search_documents d
         join public.published_blogs p on p.id = d.post_id
        where d.document @@ websearch_to_tsquery('english', 'zeppelinfactory')`,
    )
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(plan).toContain('blog_search_documents_document_idx')
    expect(plan).not.toMatch(/Seq Scan on blog_search_documents/)
  })
})
