// Requests per second of the public pages against the prerendered /contact, in one run on one server
// process (the embedded default, as `npm start` runs it): 2,000 published posts, 20 connections, 10 s per
// route; each route's requests/s, its ratio to the static page, p50/p99 and the server's resident memory
// (sampled every 100 ms from /proc, and the kernel's high-water mark), without and with compression; before
// that, the first render of 200 posts nobody has asked for yet, one after another on one connection. Then
// 8,000 more posts and one-word searches among the 10,000, timed as the resources list asks for them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {
  listPostsChangedSince as ListPostsChangedSince,
  listPublishedPosts as ListPublishedPosts,
  SyncCursor,
} from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { memoryOf, npmStartCommand, startServerProcess } from './server-process.ts'
import { autocannon, percentile, tradeWords } from './support.ts'

export const title = 'Throughput: server-rendered pages against a static page, and the server’s memory'

// The checkout whose server is measured: this one, or another (`BENCH_SERVER_ROOT=/path/to/older/checkout`,
// with its node_modules and dist) to compare before and after a change in the same way.
const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'))
const publishedPosts = 2000
const searchPosts = 10_000
const connections = 20
const seconds = 10
const rssBudgetMb = 400
const searchP99BudgetMs = 20
const firstRenderP99BudgetMs = 20

// 40 words, each post's body using a window of 8 of them: a word is in about a fifth of the posts, as words of
// one trade are; "kubernetes" is in 1 post of 100 and "capacity" in every title.
const words = tradeWords

/** A post of realistic size (~6 KB of HTML: headings, paragraphs, a list). */
function benchPost(i: number) {
  const word = (n: number) => words[(i + (n % 8)) % words.length]
  const rare = i % 100 === 1 ? ' kubernetes ' : ' '
  const paragraph = (n: number) =>
    `<p>${Array.from({ length: 60 }, (_, k) => `${word(n + k)}${k % 9 === 8 ? '.' : ''}`).join(' ')}${rare}${i}</p>`
  const sections = Array.from(
    { length: 4 },
    (_, s) =>
      `<h2>${word(s)} at scale</h2>${paragraph(s)}${paragraph(s + 1)}<ul><li>${word(s + 2)}</li></ul>`,
  ).join('')
  return {
    title: `Post ${i}: ${word(1)} and ${word(2)} for a tech capacity centre`,
    slug: `throughput-post-${i}`,
    author: `Author ${i % 25}`,
    type: (['blog', 'case study', 'ebook'] as const)[i % 3],
    status: 'published',
    excerpt: `What post ${i} says about ${word(3)}.`,
    content: sections,
    tags: [word(4), word(5)],
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }
}

/**
 * Waits until the server has prepared the bodies of the posts just written (sanitised when saved, as an
 * editor's save makes them some time before anyone reads the post), when the measured checkout does that.
 */
async function bodiesPrepared(service: SupabaseClient): Promise<void> {
  const data = path.join(root, 'shared/data/published-blogs.ts')
  const { listPostsAwaitingPreparation } = (await import(data)) as {
    listPostsAwaitingPreparation?: (c: SupabaseClient, sanitizer: string, batch: number) => Promise<unknown[]>
  }
  if (!listPostsAwaitingPreparation) return
  const { sanitizerVersion } = (await import(path.join(root, 'shared/lib/sanitize-html.node.ts'))) as {
    sanitizerVersion: string
  }
  while ((await listPostsAwaitingPreparation(service, sanitizerVersion, 1)).length > 0)
    await new Promise((r) => setTimeout(r, 200))
}

/** CPU time the process `pid` has used (every thread: the database, the sanitiser, compression), in ms. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100)
}

/**
 * The first render of each of `slugs` (posts nobody has asked for yet: nothing of them is in the page
 * cache), one after another on one connection, as a browser asks (compressed): what a crawler or a
 * newsletter's first readers meet. Milliseconds per page, ascending.
 */
async function firstRenders(url: string, slugs: string[]): Promise<number[]> {
  const samples: number[] = []
  for (const slug of slugs) {
    const started = performance.now()
    const response = await fetch(`${url}/post/${slug}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`/post/${slug} answered ${response.status}`)
    samples.push(performance.now() - started)
  }
  return samples.sort((a, b) => a - b)
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps: PGlite's WebAssembly heap, the program and
 * libraries (file-backed), and everything else (JavaScript heap, native buffers, compiled code).
 */
function memoryBreakdown(pid: number): { wasm: number; files: number; other: number } {
  let wasm = 0
  let files = 0
  let other = 0
  for (const block of readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(block)?.[1] ?? 0)
    const rss = field('Rss') / 1024
    // The WebAssembly memory: one anonymous mapping of its whole size (128 MB or more); V8's heap pages are
    // small and malloc's arenas at most 64 MB.
    if (/ 00:00 0\s*$/m.test(block.split('\n')[0]) && field('Size') >= 128 * 1024) wasm += rss
    else if (/^\S+ \S+ \S+ \S+ [1-9]\d* /.test(block)) files += rss
    else other += rss
  }
  return { wasm, files, other }
}

/** The highest RSS seen while `fn` runs (sampled every 100 ms). */
async function watchingMemory<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = memoryOf(pid).rss
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss)
  }, 100)
  try {
    const result = await fn()
    return { result, peakMb: Math.max(peak, memoryOf(pid).rss) }
  } finally {
    clearInterval(timer)
  }
}

interface RouteResult {
  label: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  peakMb: number
  afterMb: number
}

async function load(
  url: string,
  pid: number,
  label: string,
  paths: () => string,
  headers: Record<string, string>,
): Promise<RouteResult> {
  const { result, peakMb } = await watchingMemory(pid, () =>
    autocannon({
      url,
      connections,
      duration: seconds,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths() }) }],
    }),
  )
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peakMb,
    afterMb: memoryOf(pid).rss,
  }
}

const mb = (n: number) => `${Math.round(n)} MB`
/** The machine's 1-minute load average: other work on the same cores moves every timing here. */
const loadAverage = () => os.loadavg()[0].toFixed(1)

export async function run(): Promise<string> {
  // The measured checkout's own data module: searches as that version of the resources list asks.
  const { listPublishedPosts, listPostsChangedSince } = (await import(
    path.join(root, 'shared/data/blogs.ts')
  )) as {
    listPublishedPosts: typeof ListPublishedPosts
    listPostsChangedSince: typeof ListPostsChangedSince
  }
  const loadAtStart = loadAverage()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-throughput-'))
  const server = await startServerProcess({ root, dataDir, readyPath: '/config.json', startupMs: 60_000 })
  const steps: Array<{ step: string; peakMb: number; afterMb: number }> = []
  try {
    steps.push({ step: 'started', peakMb: memoryOf(server.pid).hwm, afterMb: memoryOf(server.pid).rss })
    const afterStart = memoryBreakdown(server.pid)
    const keys = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      anonKey: string
      serviceRoleKey: string
    }
    const options = { persistSession: false, autoRefreshToken: false }
    const service = createNodeSupabaseClient(server.url, keys.serviceRoleKey, options)
    const anon = createNodeSupabaseClient(server.url, keys.anonKey, options)

    const seed = async (from: number, to: number) => {
      for (let start = from; start < to; start += 250) {
        const rows = Array.from({ length: Math.min(250, to - start) }, (_, k) => benchPost(start + k))
        const { error } = await service.from('blogs').insert(rows)
        if (error) throw new Error(`Seeding failed: ${error.message}`)
      }
    }
    const seeded = await watchingMemory(server.pid, () => seed(0, publishedPosts))
    steps.push({
      step: `${publishedPosts} posts written`,
      peakMb: seeded.peakMb,
      afterMb: memoryOf(server.pid).rss,
    })

    await bodiesPrepared(service)
    // First renders: 200 posts no one has asked for (after two others, so the render bundle is loaded).
    for (const k of [5, 15]) await firstRenders(server.url, [`throughput-post-${k}`])
    const cpuBefore = cpuMsOf(server.pid)
    const unseen = await firstRenders(
      server.url,
      Array.from({ length: 200 }, (_, k) => `throughput-post-${k * 10 + 7}`),
    )
    // What a first render costs the server, whatever else the machine is doing (latency is not).
    const firstRenderCpuMs = (cpuMsOf(server.pid) - cpuBefore) / unseen.length
    const firstRenderP99 = percentile(unseen, 99)

    // 200 posts spread over the 2,000; each request picks one at random.
    const slugs = Array.from({ length: 200 }, (_, k) => `throughput-post-${k * 10 + 3}`)
    const randomSlug = () => slugs[Math.floor(Math.random() * slugs.length)]
    // One unmeasured pass over each route first (what a server meets after its first visitors).
    for (const p of [
      '/contact',
      '/resources',
      '/resources?q=hiring&page=3',
      ...slugs.map((s) => `/post/${s}`),
    ])
      await (await fetch(`${server.url}${p}`)).arrayBuffer()

    const routes: Array<[string, () => string]> = [
      ['`/contact` (prerendered)', () => '/contact'],
      ['`/post/{slug}` (a random one of 200)', () => `/post/${randomSlug()}`],
      ['`/resources`', () => '/resources'],
      ['`/resources?q=hiring&page=3`', () => '/resources?q=hiring&page=3'],
      ['`GET /api/posts/{slug}`', () => `/api/posts/${randomSlug()}`],
    ]
    // As the comparison was first measured (no Accept-Encoding: every answer uncompressed), then as a
    // browser asks (every page, static or rendered, from the compressed copy the server keeps of it).
    const passes: Array<[string, Record<string, string>]> = [
      ['without `Accept-Encoding`', {}],
      ['with `Accept-Encoding: gzip, deflate, br`', { 'accept-encoding': 'gzip, deflate, br' }],
    ]
    const tables: string[] = []
    for (const [passLabel, headers] of passes) {
      const results: RouteResult[] = []
      for (const [label, paths] of routes)
        results.push(await load(server.url, server.pid, label, paths, headers))
      for (const r of results)
        steps.push({ step: `load ${passLabel}: ${r.label}`, peakMb: r.peakMb, afterMb: r.afterMb })
      const staticRps = results[0].rps
      tables.push(
        `${passLabel[0].toUpperCase()}${passLabel.slice(1)}:`,
        '',
        '| route | requests/s | × static | p50 | p99 | non-2xx | RSS peak during |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.label} | ${Math.round(r.rps).toLocaleString('en-US')} | ${(r.rps / staticRps).toFixed(3)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx + r.errors} | ${mb(r.peakMb)} |`,
        ),
        '',
      )
    }
    const afterLoad = memoryBreakdown(server.pid)

    const more = await watchingMemory(server.pid, () => seed(publishedPosts, searchPosts))
    steps.push({
      step: `${searchPosts - publishedPosts} more posts written`,
      peakMb: more.peakMb,
      afterMb: memoryOf(server.pid).rss,
    })

    // The embedded backend vacuums and analyzes in the background after a bulk write (autovacuum.ts), and
    // its queries wait for that: searches are timed once it is done, as a visitor would meet them.
    await new Promise((r) => setTimeout(r, 5000))
    // One-word searches among 10,000 posts as the resources list asks for them (first page of 9 with the
    // exact total): sequential supabase-js calls through the REST API, never answered from a page cache.
    const searchWords = ['kubernetes', 'payroll', 'hiring', 'zeppelin', 'capacity']
    const searchRows: string[] = []
    let searchP99 = 0
    const searched = await watchingMemory(server.pid, async () => {
      for (const word of searchWords) {
        for (let i = 0; i < 10; i++) await listPublishedPosts(anon, { search: word })
        const samples: number[] = []
        for (let i = 0; i < 100; i++) {
          const started = performance.now()
          await listPublishedPosts(anon, { search: word, page: 1, pageSize: 9 })
          samples.push(performance.now() - started)
        }
        samples.sort((a, b) => a - b)
        const { total } = await listPublishedPosts(anon, { search: word })
        searchP99 = Math.max(searchP99, percentile(samples, 99))
        searchRows.push(
          `| "${word}" | ${total.toLocaleString('en-US')} | ${percentile(samples, 50).toFixed(1)} ms | ${percentile(samples, 99).toFixed(1)} ms |`,
        )
      }
    })
    steps.push({ step: 'one-word searches', peakMb: searched.peakMb, afterMb: memoryOf(server.pid).rss })

    // The largest read the server answers: every post with every column, as a new desktop's first sync
    // pulls them (keyset pages of 500).
    let pulled = 0
    const synced = await watchingMemory(server.pid, async () => {
      let cursor: SyncCursor | null = null
      for (;;) {
        const page = await listPostsChangedSince(service, cursor)
        pulled += page.rows.length
        cursor = page.end ?? cursor
        if (!page.more) break
      }
    })
    steps.push({
      step: `${pulled.toLocaleString('en-US')} posts read with every column (a first sync's pages of 500)`,
      peakMb: synced.peakMb,
      afterMb: memoryOf(server.pid).rss,
    })
    const hwm = memoryOf(server.pid).hwm
    const parts = (b: { wasm: number; files: number; other: number }) =>
      `PGlite's WebAssembly heap ${mb(b.wasm)}, program and libraries (file-backed) ${mb(b.files)}, the rest (JavaScript heap, native buffers, compiled code) ${mb(b.other)}`

    return [
      `${publishedPosts.toLocaleString('en-US')} published posts (~6 KB of HTML each), the embedded default in its own process`,
      `(\`${npmStartCommand(root)}\`, as \`npm start\` runs it), autocannon with ` +
        `${connections} connections for ${seconds} s per route, after one unmeasured request per page.`,
      '',
      `First render of a post no one has asked for yet (200 such posts one after another, one connection, compressed): p50 ${percentile(unseen, 50).toFixed(1)} ms, p90 ${percentile(unseen, 90).toFixed(1)} ms, p99 **${firstRenderP99.toFixed(1)} ms** (budget ${firstRenderP99BudgetMs} ms) ${firstRenderP99 <= firstRenderP99BudgetMs ? '✅' : '❌'}; the server's CPU time per first render ${firstRenderCpuMs.toFixed(1)} ms.`,
      '',
      ...tables,
      `Server memory at every step (resident set, sampled every 100 ms; budget ${rssBudgetMb} MB): high-water mark of the whole run **${mb(hwm)}** ${hwm <= rssBudgetMb ? '✅' : '❌'}.`,
      `After the start: ${parts(afterStart)}. After the load: ${parts(afterLoad)}.`,
      '',
      '| step | RSS peak | RSS after |',
      '|---|---:|---:|',
      ...steps.map((st) => `| ${st.step} | ${mb(st.peakMb)} | ${mb(st.afterMb)} |`),
      '',
      `One-word searches among ${searchPosts.toLocaleString('en-US')} published posts (the first page of 9 and the exact total; 100 sequential supabase-js calls per word after 10 unmeasured): highest p99 **${searchP99.toFixed(1)} ms** (budget ${searchP99BudgetMs} ms) ${searchP99 <= searchP99BudgetMs ? '✅' : '❌'}.`,
      '',
      '| word | matches | p50 | p99 |',
      '|---|---:|---:|---:|',
      ...searchRows,
      '',
      `Load average of the machine (other work shares its cores): ${loadAtStart} at the start, ${loadAverage()} at the end.`,
    ].join('\n')
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
