// Blog figures with 10,000 seeded posts: the resources list (first page, search), the admin list page and
// one post by slug, as timed loops of the real supabase-js calls against the in-process server; plus the
// size of the blog-only chunks and a check that `/` loads none of them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { getPublishedPostBySlug, listPostsForAdmin, listPublishedPosts } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { blogListColumns } from '../../shared/schemas/blog.ts'
import { startTestServer, testEditor } from '../../tests/support/server.ts'
import { autocannon, percentile, tradeWords } from './support.ts'

export const title = 'Blog: resources, admin list and post reads with 10,000 posts'

const postCount = 10_000
const batchSize = 500
const warmup = 10
const iterations = 100

const words = [...tradeWords.slice(0, 8), 'scale', 'team', 'product', 'growth']

function seededPost(i: number) {
  const pick = (n: number) => words[(i * 7 + n * 13) % words.length]
  // 1 post in 100 mentions "kubernetes" in its body only: a selective content search (i % 100 === 1: never a draft).
  const rare = i % 100 === 1 ? ' kubernetes platform team ' : ' '
  const paragraph = `<p>${Array.from({ length: 40 }, (_, n) => pick(n)).join(' ')}${rare}</p>`
  return {
    title: `Post ${i}: ${pick(1)} and ${pick(2)} for a tech capacity centre`,
    slug: `bench-post-${i}`,
    author: `Author ${i % 25}`,
    type: (['blog', 'case study', 'ebook'] as const)[i % 3],
    status: i % 20 === 0 ? 'draft' : 'published',
    excerpt: `Excerpt of post ${i} about ${pick(3)}.`,
    content: `<h2>${pick(4)}</h2>${paragraph.repeat(4)}`,
    content_markdown: null,
    cover_image_url: null,
    tags: [pick(5), pick(6)],
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }
}

async function timed(fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) }
}

/** Bytes of the REST response body for the same query the data module sends. */
async function responseBytes(
  url: string,
  key: string,
  query: string,
  token = key,
  resource = 'blogs',
): Promise<number> {
  const res = await fetch(`${url}/rest/v1/${resource}?${query}`, {
    headers: { apikey: key, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
  })
  return (await res.arrayBuffer()).byteLength
}

const ms = (n: number) => `${n.toFixed(1)} ms`

/**
 * Whole `/post/{slug}` pages as a visitor's browser gets them (rendered on the server: header, body, footer,
 * head tags), a random published post per request, 10 connections for 10 s.
 */
async function renderedPostLoad(baseUrl: string) {
  const published = () => {
    let i = Math.floor(Math.random() * postCount)
    if (i % 20 === 0) i += 1 // every 20th seeded post is a draft
    return `/post/bench-post-${i}`
  }
  return autocannon({
    url: baseUrl,
    connections: 10,
    duration: 10,
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ setupRequest: (req) => ({ ...req, path: published() }) }],
  })
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** Blog-only chunks of the built site, and whether the home page references any of them. */
function chunkReport(): string {
  const siteDir = path.resolve(import.meta.dirname, '../..', process.env.SITE_DIR ?? 'dist/site')
  const assets = path.join(siteDir, 'assets')
  if (!existsSync(assets)) return '_Site not built: chunk sizes skipped (run `npm run build`)._'
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'))
  const find = (prefix: string) => files.find((f) => f.startsWith(prefix))
  const home = readFileSync(path.join(siteDir, 'index.html'), 'utf8')
  const entry = [...home.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
  const entryCode = entry.map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n')
  const rows = ['| chunk | raw | gzip | loaded by `/` |', '|---|---:|---:|---|']
  for (const [label, prefix] of [
    ['Milkdown editor', 'MilkdownEditor-'],
    ['admin page', 'AdminPage-'],
    ['supabase-js client', 'client-'],
    ['sanitiser (DOMPurify)', 'sanitize-html-'],
    ['resources page', 'ResourcesPage-'],
    ['post page', 'PostPage-'],
  ] as const) {
    const file = find(prefix)
    if (!file) continue
    const body = readFileSync(path.join(assets, file))
    // "Loaded by /": listed in the home page's HTML or statically imported by its entry scripts.
    const loaded =
      entry.includes(file) || new RegExp(`from\\s*"\\./${file.replace(/[.$]/g, '\\$&')}"`).test(entryCode)
    rows.push(
      `| ${label} (\`${file}\`) | ${kb(body.byteLength)} | ${kb(gzipSync(body).byteLength)} | ${loaded ? '❌ yes' : '✅ no'} |`,
    )
  }
  return rows.join('\n')
}

export async function run(): Promise<string> {
  const server = await startTestServer()
  try {
    const { url, anonKey, serviceRoleKey } = server.ctx.supabase
    const options = { persistSession: false, autoRefreshToken: false }
    const service = createNodeSupabaseClient(url, serviceRoleKey, options)
    const anon = createNodeSupabaseClient(url, anonKey, options)
    const editor: SupabaseClient = createNodeSupabaseClient(url, anonKey, options)
    const signIn = await editor.auth.signInWithPassword(testEditor)
    if (signIn.error) throw new Error(signIn.error.message)
    const editorToken = signIn.data.session!.access_token

    const seedStarted = performance.now()
    for (let start = 0; start < postCount; start += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, postCount - start) }, (_, k) =>
        seededPost(start + k),
      )
      const { error } = await service.from('blogs').insert(rows)
      if (error) throw new Error(`Seeding failed: ${error.message}`)
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000

    const first = await timed(() => listPublishedPosts(anon, { page: 1, pageSize: 9 }))
    const deep = await timed(() => listPublishedPosts(anon, { page: 500, pageSize: 9 }))
    const search = await timed(() => listPublishedPosts(anon, { search: 'kubernetes', page: 1, pageSize: 9 }))
    const searchNone = await timed(() =>
      listPublishedPosts(anon, { search: 'no-such-word-anywhere', page: 1, pageSize: 9 }),
    )
    const searchPrefix = await timed(() =>
      listPublishedPosts(anon, { search: 'kubern', page: 1, pageSize: 9 }),
    )
    const searchBroad = await timed(() =>
      listPublishedPosts(anon, { search: 'hiring', page: 1, pageSize: 9 }),
    )
    const searchTyped = await timed(() =>
      listPublishedPosts(anon, { search: 'payroll', type: 'ebook', page: 1, pageSize: 9 }),
    )
    const admin = await timed(() => listPostsForAdmin(editor, { page: 1, pageSize: 5 }))
    const adminSearch = await timed(() =>
      listPostsForAdmin(editor, { search: 'author 7', page: 3, pageSize: 5 }),
    )
    const post = await timed(() => getPublishedPostBySlug(anon, 'bench-post-4321'))
    const rendered = await renderedPostLoad(server.url)
    const check = await listPublishedPosts(anon, { search: 'kubernetes' })
    const broad = await listPublishedPosts(anon, { search: 'hiring' })
    const prefixCheck = await listPublishedPosts(anon, { search: 'kubern' })

    const listQuery = `select=${blogListColumns}&status=eq.published&order=created_at.desc,id.asc&offset=0&limit=9`
    const firstBytes = await responseBytes(url, anonKey, listQuery)
    const searchBytes = await responseBytes(
      url,
      anonKey,
      'search=kubernetes&page_offset=0&page_limit=9',
      anonKey,
      'rpc/search_published_posts',
    )
    const adminBytes = await responseBytes(
      url,
      anonKey,
      `select=${blogListColumns}&order=created_at.desc,id.desc&offset=0&limit=5`,
      editorToken,
    )
    const fullRowsBytes = await responseBytes(
      url,
      anonKey,
      `select=*&status=eq.published&order=created_at.desc&offset=0&limit=9`,
    )

    return [
      `${postCount.toLocaleString('en-US')} posts (5% drafts, ~1.7 KB of HTML each) seeded through the service role in ${seedSeconds.toFixed(1)} s;`,
      `each figure is ${iterations} sequential supabase-js calls after ${warmup} warm-up calls (real HTTP, embedded backend, RLS on).`,
      '',
      '| query | p50 | p99 | response body |',
      '|---|---:|---:|---:|',
      `| resources, first page (9 cards, list columns, exact count) | ${ms(first.p50)} | ${ms(first.p99)} | ${kb(firstBytes)} |`,
      `| resources, page 500 | ${ms(deep.p50)} | ${ms(deep.p99)} | |`,
      `| resources search "kubernetes" (a word of the title or body, full-text index, ${check.total} hits) | ${ms(search.p50)} | ${ms(search.p99)} | ${kb(searchBytes)} |`,
      `| resources search "kubern" (the last word as a prefix, as one types; ${prefixCheck.total} hits) | ${ms(searchPrefix.p50)} | ${ms(searchPrefix.p99)} | |`,
      `| resources search with no hit | ${ms(searchNone.p50)} | ${ms(searchNone.p99)} | |`,
      `| resources search "hiring" (${broad.total} hits) | ${ms(searchBroad.p50)} | ${ms(searchBroad.p99)} | |`,
      `| resources search "payroll" + type ebook | ${ms(searchTyped.p50)} | ${ms(searchTyped.p99)} | |`,
      `| admin list, page 1 of 5 (editor, drafts included) | ${ms(admin.p50)} | ${ms(admin.p99)} | ${kb(adminBytes)} |`,
      `| admin search "author 7", page 3 | ${ms(adminSearch.p50)} | ${ms(adminSearch.p99)} | |`,
      `| one post by slug (full body) | ${ms(post.p50)} | ${ms(post.p99)} | |`,
      '',
      `Server-rendered \`/post/{slug}\` (a random published post per request, gzip, autocannon 10 connections × 10 s): ` +
        `${Math.round(rendered.requests.average)} requests/s, p50 ${rendered.latency.p50} ms, p99 ${rendered.latency.p99} ms, ` +
        `${rendered.non2xx} non-2xx of ${rendered.requests.total}.`,
      '',
      `For comparison, the first 9 rows with every column (what \`select *\` would send) are ${kb(fullRowsBytes)}: the list sends ${((firstBytes / fullRowsBytes) * 100).toFixed(0)} % of that.`,
      '',
      chunkReport(),
    ].join('\n')
  } finally {
    await server.stop()
  }
}
