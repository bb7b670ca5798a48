// Requests per second of the public pages against the prerendered /contact, in one run on one server
// process (the embedded default, as `npm start` runs it): 2,000 published posts, 20 connections, 10 s per
// route; each route's requests/s, its ratio to the static page, p50/p99 and the server's resident memory
// (sampled every 100 ms from /proc, and the kernel's high-water mark). Then 8,000 more posts and a one-word
// search among the 10,000, timed as the resources list asks for it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { listPublishedPosts } from '../../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { autocannon, percentile } from './support.ts'

export const title = 'Throughput: server-rendered pages against a static page, and the server’s memory'

const root = path.resolve(import.meta.dirname, '../..')
const publishedPosts = 2000
const searchPosts = 10_000
const connections = 20
const seconds = 10
const rssBudgetMb = 400

const words = ['hiring', 'talent', 'india', 'payroll', 'retention', 'engineering', 'culture', 'benefits']

/** A post of realistic size (~6 KB of HTML: headings, paragraphs, a list); every 8th mentions "hiring" in its title. */
function benchPost(i: number) {
  const word = (n: number) => words[(i * 7 + n * 3) % words.length]
  const paragraph = (n: number) =>
    `<p>${Array.from({ length: 60 }, (_, k) => `${word(n + k)}${k % 9 === 8 ? '.' : ''}`).join(' ')} ${i}</p>`
  const sections = Array.from(
    { length: 4 },
    (_, s) =>
      `<h2>${word(s)} at scale</h2>${paragraph(s)}${paragraph(s + 1)}<ul><li>${word(s + 2)}</li></ul>`,
  ).join('')
  return {
    title: `Post ${i}: ${i % 8 === 0 ? 'hiring' : word(1)} and ${word(2)} for a tech capacity centre`,
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Resident and peak resident memory of a process in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/** The server as `npm start` runs it, in its own process, on a new data directory. */
async function startServerProcess(dataDir: string) {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMAIL_SERVICE_PORT: String(await freePort()),
      SMTP_CAPTURE_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      EDITOR_EMAIL: 'bench@meridian.example',
      EDITOR_PASSWORD: 'correct-horse-battery-staple',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/config.json`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not start within 60 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { url, pid: child.pid!, stop }
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

async function load(url: string, pid: number, label: string, paths: () => string): Promise<RouteResult> {
  const { result, peakMb } = await watchingMemory(pid, () =>
    autocannon({
      url,
      connections,
      duration: seconds,
      // What a browser sends: the server may answer compressed.
      headers: { 'accept-encoding': 'gzip, deflate, br' },
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

export async function run(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-throughput-'))
  const server = await startServerProcess(dataDir)
  const steps: Array<{ step: string; peakMb: number; afterMb: number }> = []
  try {
    const startedMb = memoryOf(server.pid).rss
    steps.push({ step: 'started', peakMb: memoryOf(server.pid).hwm, afterMb: startedMb })
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

    const routes: RouteResult[] = []
    routes.push(await load(server.url, server.pid, '`/contact` (prerendered)', () => '/contact'))
    routes.push(
      await load(
        server.url,
        server.pid,
        '`/post/{slug}` (a random one of 200)',
        () => `/post/${randomSlug()}`,
      ),
    )
    routes.push(await load(server.url, server.pid, '`/resources`', () => '/resources'))
    routes.push(
      await load(server.url, server.pid, '`/resources?q=hiring&page=3`', () => '/resources?q=hiring&page=3'),
    )
    routes.push(
      await load(server.url, server.pid, '`GET /api/posts/{slug}`', () => `/api/posts/${randomSlug()}`),
    )
    for (const r of routes) steps.push({ step: `load: ${r.label}`, peakMb: r.peakMb, afterMb: r.afterMb })

    const more = await watchingMemory(server.pid, () => seed(publishedPosts, searchPosts))
    steps.push({
      step: `${searchPosts - publishedPosts} more posts written`,
      peakMb: more.peakMb,
      afterMb: memoryOf(server.pid).rss,
    })

    // One-word searches among 10,000 posts, as the resources list asks for them (first page of 9 with the
    // exact total), sequential supabase-js calls; several words so no answer is a repeat of the last.
    const searchWords = ['kubernetes', 'hiring', 'payroll', 'retention', 'zeppelin', 'culture']
    const searched = await watchingMemory(server.pid, async () => {
      const samples: number[] = []
      for (let i = 0; i < 20; i++)
        await listPublishedPosts(anon, { search: searchWords[i % searchWords.length] })
      for (let i = 0; i < 300; i++) {
        const started = performance.now()
        await listPublishedPosts(anon, { search: searchWords[i % searchWords.length], page: 1, pageSize: 9 })
        samples.push(performance.now() - started)
      }
      return samples.sort((a, b) => a - b)
    })
    steps.push({ step: 'one-word searches', peakMb: searched.peakMb, afterMb: memoryOf(server.pid).rss })
    const hwm = memoryOf(server.pid).hwm

    const staticRps = routes[0].rps
    const table = [
      `| route | requests/s | × static | p50 | p99 | non-2xx | RSS peak during |`,
      '|---|---:|---:|---:|---:|---:|---:|',
      ...routes.map(
        (r) =>
          `| ${r.label} | ${Math.round(r.rps).toLocaleString('en-US')} | ${(r.rps / staticRps).toFixed(3)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx + r.errors} | ${mb(r.peakMb)} |`,
      ),
    ]
    const memory = [
      '| step | RSS peak | RSS after |',
      '|---|---:|---:|',
      ...steps.map((s) => `| ${s.step} | ${mb(s.peakMb)} | ${mb(s.afterMb)} |`),
    ]
    const s = searched.result
    const hiring = await listPublishedPosts(anon, { search: 'hiring' })
    return [
      `${publishedPosts.toLocaleString('en-US')} published posts (~6 KB of HTML each), the embedded default in its own process`,
      `(\`node --import tsx server/main.ts\`), autocannon with ${connections} connections for ${seconds} s per route,`,
      '`Accept-Encoding: gzip, deflate, br`, after one unmeasured request per page.',
      '',
      ...table,
      '',
      `Server memory at every step (resident set, sampled every 100 ms; budget ${rssBudgetMb} MB): high-water mark of the whole run **${mb(hwm)}** ${hwm <= rssBudgetMb ? '✅' : '❌'}.`,
      '',
      ...memory,
      '',
      `One-word search among ${searchPosts.toLocaleString('en-US')} posts (first page of 9 and the exact total, ${s.length} sequential supabase-js calls over ${searchWords.length} words; "hiring" matches ${hiring.total}): ` +
        `p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms.`,
    ].join('\n')
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
