// Desktop figures: cover compression with sharp (desktop main) versus browser-image-compression in Chromium
// (the site's admin) on the same three generated photos; a new desktop's first sync of 10,000 posts; and
// 1,000 changes saved offline, then sent. The sync figures come from a separate desktop process
// (desktop-sync-worker.ts), so its time and peak memory are the desktop's own.
import { chromium } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { compressCover } from '../../desktop/main/services/images.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { largeNoisyJpeg, largeNoisyPng, phonePhotoRotated } from '../../tests/support/desktop-images.ts'
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium.ts'
import { startTestServer, testEditor } from '../../tests/support/server.ts'
import { median } from './support.ts'

export const title = 'Desktop app: native cover compression and offline sync'

const runs = 3
const pulledPosts = 10_000
const seedBatch = 1_000
const pullRuns = 3
const root = path.resolve(import.meta.dirname, '../..')
/**
 * A checkout of an earlier version (`git worktree add <dir> <commit>`, its node_modules linked to this one's):
 * its desktop worker runs against the same server in the same run, and its figures stand beside these.
 */
const baseline = process.env.BENCH_DESKTOP_BASELINE ? path.resolve(process.env.BENCH_DESKTOP_BASELINE) : null

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`
const count = (n: number) => n.toLocaleString('en-US')

interface Photo {
  name: string
  type: string
  bytes: Buffer
}

/** The site's browser compressor, as `site/src/features/blog/web-platform.ts` calls it, run in the page. */
const pageScript = `
window.compress = async (index, type) => {
  const bytes = await (await fetch('/photo/' + index)).arrayBuffer()
  const input = new File([bytes], 'photo', { type })
  const attempts = type === 'image/png' ? [undefined, 'image/webp', 'image/jpeg'] : [undefined, 'image/jpeg']
  const started = performance.now()
  let result = null
  for (const fileType of attempts) {
    result = await imageCompression(input, { maxSizeMB: 1, maxWidthOrHeight: 1200, useWebWorker: false, initialQuality: 0.8, fileType })
    if (result.size <= 1024 * 1024) break
  }
  const ms = performance.now() - started
  const bitmap = await createImageBitmap(result)
  return { ms, size: result.size, type: result.type, width: bitmap.width, height: bitmap.height }
}`

async function browserCompression(photos: Photo[]) {
  const library = readFileSync(
    path.join(root, 'node_modules/browser-image-compression/dist/browser-image-compression.js'),
  )
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url === '/')
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<script src="/lib.js"></script><script>${pageScript}</script>`)
    else if (url === '/lib.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(library)
    else if (url.startsWith('/photo/')) {
      const photo = photos[Number(url.slice(7))]
      res.writeHead(200, { 'Content-Type': photo.type }).end(photo.bytes)
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const results = []
    for (const [index, photo] of photos.entries()) {
      const samples = []
      for (let i = 0; i < runs; i++) {
        samples.push(
          await page.evaluate(
            ([i, type]) =>
              (
                window as unknown as {
                  compress: (
                    i: number,
                    t: string,
                  ) => Promise<{ ms: number; size: number; type: string; width: number; height: number }>
                }
              ).compress(i, type),
            [index, photo.type] as const,
          ),
        )
      }
      results.push({ ...samples[samples.length - 1], ms: median(samples.map((s) => s.ms)) })
    }
    return results
  } finally {
    await browser.close()
    server.close()
  }
}

async function sharpCompression(photos: Photo[]) {
  const results = []
  for (const photo of photos) {
    const times: number[] = []
    let last: Awaited<ReturnType<typeof compressCover>> | null = null
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      last = await compressCover(photo.bytes)
      times.push(performance.now() - started)
    }
    results.push({
      ms: median(times),
      size: last!.data.byteLength,
      type: last!.contentType,
      width: last!.width,
      height: last!.height,
    })
  }
  return results
}

/** 10,000 posts as editors write them: a few KB of HTML in sections and lists, 5% drafts, over two years. */
function realisticPost(i: number) {
  const topics = ['hiring', 'payroll', 'compliance', 'retention', 'engineering', 'leadership', 'real estate']
  const topic = topics[i % topics.length]
  const paragraph = (n: number) =>
    `<p>Step ${n} of building the ${topic} function for centre ${i}: the first hires, the vendor short-list, ` +
    `the weekly review with headquarters and what changed after ninety days. Teams that planned ${topic} ` +
    `early spent less time on rework and more on the product, and the numbers in the appendix show it.</p>`
  const content =
    `<h2>Why ${topic} decides the first year</h2>${paragraph(1)}${paragraph(2)}${paragraph(3)}` +
    `<ul><li>Set up the entity and payroll</li><li>Hire the site lead</li><li>Move the first pod</li></ul>` +
    `<h2>What we would do again</h2>${paragraph(4)}${paragraph(5)}${paragraph(6)}${paragraph(7)}` +
    `<blockquote><p>Start with one team that ships, then grow.</p></blockquote>${paragraph(8)}${paragraph(9)}` +
    `<h2>Further reading</h2><p>See the <a href="/resources">resources</a> for the checklists.</p>`
  return {
    title: `Building a capacity centre, part ${i}: ${topic}`,
    slug: `capacity-centre-${i}`,
    author: `Author ${i % 40}`,
    type: (['blog', 'case study', 'ebook'] as const)[i % 3],
    status: i % 20 === 0 ? 'draft' : 'published',
    excerpt: `What the ${topic} work looked like in centre ${i}, and what we would change.`,
    content,
    content_markdown: null,
    cover_image_url: null,
    tags: [topic, 'gcc', `year-${2024 + (i % 2)}`],
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 6_000_000).toISOString(),
  }
}

interface InitResult {
  createMs: number
  rssBeforeMb: number
  maxRssKb: number
}
interface WorkerResult {
  openMs: number
  rssBeforeMb: number
  rssOpenMb: number
  peakOpenMb: number
  rssAfterMb: number
  heapUsedMb: number
  maxRssKb: number
  storeBytes: number
}
interface PullResult extends WorkerResult {
  total: number
  drafts: number
  syncedMs: number
  listAllMs: number
  listedMs: number
  pageMs: number
}
interface QueueResult extends WorkerResult {
  changes: number
  queueMs: number
  rssQueuedMb: number
  sendMs: number
  slugs: string[]
  averageContent: number
}

/** Runs the desktop side in its own Node process (see desktop-sync-worker.ts) while this one serves. */
function desktopProcess<T>(
  mode: 'init' | 'pull' | 'queue',
  userDataDir: string,
  siteUrl: string,
  checkout = root,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(checkout, 'scripts/bench/desktop-sync-worker.ts'),
        mode,
        userDataDir,
        siteUrl,
      ],
      {
        cwd: checkout,
        env: {
          ...process.env,
          BENCH_EDITOR_EMAIL: testEditor.email,
          BENCH_EDITOR_PASSWORD: testEditor.password,
          BENCH_EXPECTED_TOTAL: String(pulledPosts),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '))
      if (code !== 0 || !line) reject(new Error(`desktop ${mode} process exited with ${code}:\n${out}`))
      else resolve(JSON.parse(line.slice('RESULT '.length)) as T)
    })
  })
}

/** A new desktop: its profile created by one process, then `mode` run by a second one on it. */
async function newDesktop<T>(
  mode: 'pull' | 'queue',
  siteUrl: string,
  checkout = root,
): Promise<T & { init: InitResult }> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-bench-'))
  try {
    const init = await desktopProcess<InitResult>('init', userDataDir, siteUrl, checkout)
    return { ...(await desktopProcess<T>(mode, userDataDir, siteUrl, checkout)), init }
  } finally {
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

async function firstPull() {
  const server = await startTestServer()
  try {
    const { url, serviceRoleKey } = server.ctx.supabase
    const service = createNodeSupabaseClient(url, serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    // Only the benchmark's posts: the server's sample posts go first (they become tombstones the pull reads).
    const cleared = await service.from('blogs').delete().not('id', 'is', null)
    if (cleared.error) throw new Error(`Clearing the sample posts failed: ${cleared.error.message}`)
    const seedStarted = performance.now()
    let contentBytes = 0
    for (let start = 0; start < pulledPosts; start += seedBatch) {
      const rows = Array.from({ length: Math.min(seedBatch, pulledPosts - start) }, (_, k) =>
        realisticPost(start + k),
      )
      contentBytes += rows.reduce((sum, r) => sum + r.content.length, 0)
      const { error } = await service.from('blogs').insert(rows)
      if (error) throw new Error(`Seeding failed: ${error.message}`)
    }
    const seedMs = performance.now() - seedStarted
    const { rows } = await server.ctx.localSupabase!.db.query<{ n: number }>(
      'select count(*)::int as n from public.blogs',
    )
    const onServer = rows[0].n
    if (onServer !== pulledPosts) throw new Error(`the server holds ${onServer} posts, not ${pulledPosts}`)
    const pulls = async (checkout: string) => {
      const results: Array<PullResult & { init: InitResult }> = []
      for (let i = 0; i < pullRuns; i++) {
        const result = await newDesktop<PullResult>('pull', server.url, checkout)
        if (result.total !== onServer)
          throw new Error(
            `a new desktop lists ${result.total} posts after its first sync; the server has ${onServer}`,
          )
        results.push(result)
      }
      return results
    }
    const results = await pulls(root)
    const before = baseline ? await pulls(baseline) : null
    return { seedMs, averageContent: contentBytes / pulledPosts, results, before }
  } finally {
    await server.stop()
  }
}

async function offlineChanges() {
  const server = await startTestServer()
  try {
    const result = await newDesktop<QueueResult>('queue', server.url)
    const { rows } = await server.ctx.localSupabase!.db.query<{ slug: string }>(
      `select slug from public.blogs where slug like 'offline-change-%'`,
    )
    const onServer = new Set(rows.map((r) => r.slug))
    const missing = result.slugs.filter((s) => !onServer.has(s))
    if (missing.length || onServer.size !== result.changes)
      throw new Error(`${missing.length} of ${result.changes} offline changes are not on the server`)
    return result
  } finally {
    await server.stop()
  }
}

export async function run(): Promise<string> {
  const photos: Photo[] = [
    { name: '12-megapixel JPEG (4000×3000)', type: 'image/jpeg', bytes: await largeNoisyJpeg() },
    { name: 'PNG screenshot with transparency (2880×1800)', type: 'image/png', bytes: await largeNoisyPng() },
    {
      name: 'Phone photo, EXIF orientation 6 (4032×3024)',
      type: 'image/jpeg',
      bytes: await phonePhotoRotated(),
    },
  ]
  const native = await sharpCompression(photos)
  const browser = await browserCompression(photos)
  const rows = photos.map((photo, i) => {
    const s = native[i]
    const b = browser[i]
    return (
      `| ${photo.name}, ${kb(photo.bytes.byteLength)} | ${Math.round(s.ms)} ms → ${kb(s.size)} ${s.type.replace('image/', '')} ${s.width}×${s.height} ` +
      `| ${Math.round(b.ms)} ms → ${kb(b.size)} ${b.type.replace('image/', '')} ${b.width}×${b.height} | ${(b.ms / s.ms).toFixed(1)}× | ${(b.size / s.size).toFixed(2)} |`
    )
  })
  const pull = await firstPull()
  const queue = await offlineChanges()
  const p = pull.results
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const mib = (n: number) => `${Math.round(n)} MB`
  const millis = (n: number) => `${Math.round(n)} ms`
  type Pull = (typeof p)[number]
  /** Median over the new desktops, with min–max when there are several. */
  const over = (runs: Pull[], f: (r: Pull) => number, unit: (n: number) => string) =>
    runs.length > 1
      ? `${unit(median(runs.map(f)))} (${unit(Math.min(...runs.map(f)))}–${unit(Math.max(...runs.map(f)))})`
      : unit(f(runs[0]))
  const earlier = pull.before
  /** This version's figure, and the earlier version's beside it when one was measured. */
  const both = (f: (r: Pull) => number, unit: (n: number) => string) =>
    earlier ? `${over(p, f, unit)} · before: ${over(earlier, f, unit)}` : over(p, f, unit)
  const peak = (r: { maxRssKb: number }) => r.maxRssKb / 1024
  return [
    `Median of ${runs} runs per photo. Photos are generated noise (they do not compress trivially); both sides target ≤ 1 MB and ≤ 1200 px.`,
    'Browser: browser-image-compression 2 in headless Chromium, main thread (`useWebWorker: false`, `initialQuality: 0.8`, PNG retried as WebP then JPEG), as the site admin runs it.',
    '',
    '| photo | sharp (desktop main) | browser-image-compression (Chromium) | time ratio (browser / sharp) | size ratio (browser / sharp) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `First sync of a new desktop against a server holding ${count(pulledPosts)} posts (5 % drafts, ~${kb(pull.averageContent)} of HTML each, seeded through the service role in ${seconds(pull.seedMs)}; its sample posts deleted first).`,
    `The desktop side runs in Node processes of its own (desktop main services: offline store, sync engine, session), so its memory is its own; the server runs in the benchmark's process. One process creates a new profile (offline store, site address set) and exits; a second opens that profile, signs in, which starts the first sync (keyset pages of 500 rows by \`(updated_at, id)\`, then tombstones), and lists the posts. Median of ${pullRuns} new desktops (min–max).`,
    '',
    ...(earlier
      ? [
          `Each figure is this version's, then (“before”) the same worker of ${process.env.BENCH_DESKTOP_BASELINE_LABEL ?? 'an earlier version'} against the same server in the same run.`,
          '',
        ]
      : []),
    '| step | time | desktop RSS after | desktop peak RSS |',
    '|---|---:|---:|---:|',
    `| create the offline store of a new profile (first start, own process) | ${both((r) => r.init.createMs, seconds)} | | ${both((r) => peak(r.init), mib)} |`,
    `| open the profile (store, site connection) | ${both((r) => r.openMs, seconds)} | ${both((r) => r.rssOpenMb, mib)} | ${both((r) => r.peakOpenMb, mib)} |`,
    `| sign in → first sync done | ${both((r) => r.syncedMs, seconds)} | | |`,
    `| sign in → all ${count(pulledPosts)} posts listed (\`listPosts({}).total\`, ${count(median(p.map((r) => r.drafts)))} drafts among them) | ${both((r) => r.listedMs, seconds)} | ${both((r) => r.rssAfterMb, mib)} | ${both(peak, mib)} |`,
    `| \`listPosts({ page: 1, pageSize: 5 })\` after it (median of 7 per desktop) | ${both((r) => r.pageMs, millis)} | | |`,
    '',
    `With its modules loaded and nothing opened the desktop process uses ${both((r) => r.rssBeforeMb, mib)}; after the first sync its offline store holds ${both((r) => r.storeBytes / 2 ** 20, mib)} on disk.`,
    '',
    `${count(queue.changes)} new posts (~${kb(queue.averageContent)} of HTML each) saved while offline (\`savePost(…, { mode: 'create' })\` with the network off), then sent when it returns (\`retryNow()\`: one conditional write per change, then one pull), by a new desktop (profile created as above) signed in to an empty server; afterwards nothing is pending and every post is on the server:`,
    '',
    '| step | time | per change | desktop RSS after | desktop peak RSS |',
    '|---|---:|---:|---:|---:|',
    `| open the profile (store, site connection) | | | ${mib(queue.rssOpenMb)} | ${mib(queue.peakOpenMb)} |`,
    `| queue ${count(queue.changes)} saves offline (offline store and queue, one transaction each) | ${seconds(queue.queueMs)} | ${(queue.queueMs / queue.changes).toFixed(1)} ms | ${mib(queue.rssQueuedMb)} | |`,
    `| send them when back online | ${seconds(queue.sendMs)} | ${(queue.sendMs / queue.changes).toFixed(1)} ms | ${mib(queue.rssAfterMb)} | ${mib(peak(queue))} |`,
  ].join('\n')
}
