import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { needsVacuum } from '../../server/local-supabase/autovacuum.ts'
import { withClaims } from '../../server/local-supabase/database.ts'
import { listPublishedPosts } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// The resources search with a few thousand posts: it must read through the trigram indexes (not scan every
// post), which needs fresh statistics and GIN pending lists (the embedded backend's autovacuum) and a
// filter the planner may push into an index under row-level security (the published_blogs view).

const postCount = 2000
let server: TestServer
let anon: SupabaseClient

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
  const service = createNodeSupabaseClient(url, serviceRoleKey, options)
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
  it('finds published posts by a word in the body, never drafts, with the exact total', async () => {
    const page = await listPublishedPosts(anon, { search: 'ZeppelinFactory', page: 1, pageSize: 9 })
    // Posts 7, 107, …, 1907: 20 mention it; 7, 407, 807, 1207, 1607 are drafts.
    expect(page.total).toBe(15)
    expect(page.rows).toHaveLength(9)
    expect(page.rows.every((r) => r.status === 'published')).toBe(true)
    expect(page.rows[0].slug).toBe('search-post-1907')
  })

  // The count (Prefer: count=exact) has to visit every match, so its plan shows whether the filter reaches
  // the indexes; the page itself may legitimately walk the created_at index when matches are common.
  it('counts matches through the trigram indexes as anon, not by scanning every post', async () => {
    const plan = await withClaims(server.ctx.localSupabase!.db, null, 'anon', async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select count(*) from public.published_blogs
          where title ilike '%zeppelinfactory%' or content ilike '%zeppelinfactory%'`,
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('blogs_content_trgm_idx')
    expect(plan).not.toMatch(/Seq Scan on blogs/)
  })
})
