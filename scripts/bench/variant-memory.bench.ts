// The server's memory while it makes image variants of one very large picture: an editor's 36-megapixel PNG
// (6000×6000, one flat colour: about 110 KB on disk, 108 MB once decoded), asked for in 32 variants at once
// (24 cover variants through `/media/images/…`, AVIF, WebP, JPEG and PNG at six widths, and 8 renders through
// the embedded Storage's `/render/image/…`). The server runs in its own process exactly as `npm start` runs
// it; its resident memory is sampled every 50 ms and read from the kernel's high-water mark (VmHWM).
// `BENCH_SERVER_ROOT=/path/to/another/checkout` measures that checkout's server instead, to compare.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { benchEditor, memoryOf, startServerProcess } from './server-process.ts'
import { median } from './support.ts'

export const title = 'Variant burst memory: 32 variants of a 36-megapixel PNG at once'

const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'))
const side = 6000
const rssBudgetMb = 400
const runs = Number(process.env.BENCH_RUNS ?? 3)

/** The 32 requests of one burst: every cover variant of the image, and eight Storage renders. */
function burstPaths(key: string): string[] {
  const paths: string[] = []
  for (const format of ['avif', 'webp', 'jpeg', 'png'])
    for (const width of [320, 480, 640, 960, 1280, 1600])
      paths.push(`/media/images/${key}?width=${width}&format=${format}`)
  for (const width of [200, 400, 600, 800, 1000, 1200, 1400, 1600])
    paths.push(`/storage/v1/render/image/public/images/${key}?width=${width}&quality=70`)
  return paths
}

interface BurstResult {
  /** The high-water marks of the start, and of the upload (each measured from its own beginning). */
  startHwmMb: number
  uploadHwmMb: number
  startedMb: number
  peakMb: number
  hwmMb: number
  afterMb: number
  seconds: number
  statuses: Record<string, number>
}

async function oneBurst(): Promise<BurstResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-variants-'))
  const server = await startServerProcess({ root, dataDir, readyPath: '/config.json', startupMs: 60_000 })
  try {
    const startHwmMb = memoryOf(server.pid).hwm
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string }
    const client = createNodeSupabaseClient(server.url, config.supabaseAnonKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    const { error: signInError } = await client.auth.signInWithPassword(benchEditor)
    if (signInError) throw signInError
    const png = await sharp({
      create: { width: side, height: side, channels: 3, background: '#1d4ed8' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const key = `blog-covers/${Date.now()}.png`
    const { error } = await client.storage
      .from('images')
      .upload(key, new Blob([new Uint8Array(png)], { type: 'image/png' }))
    if (error) throw new Error(`upload: ${error.message}`)
    await client.auth.signOut()

    // Settled after the start and the upload: the burst's own growth is what is measured.
    await new Promise((r) => setTimeout(r, 1000))
    const { rss: startedMb, hwm: uploadHwmMb } = memoryOf(server.pid)
    // The kernel's high-water mark starts again here (Linux's clear_refs "5"): it then reads the burst's peak.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
    let peakMb = startedMb
    const timer = setInterval(() => {
      peakMb = Math.max(peakMb, memoryOf(server.pid).rss)
    }, 50)
    const started = performance.now()
    const statuses: Record<string, number> = {}
    try {
      await Promise.all(
        burstPaths(key).map(async (p) => {
          const res = await fetch(`${server.url}${p}`)
          await res.arrayBuffer()
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
        }),
      )
    } finally {
      clearInterval(timer)
    }
    const seconds = (performance.now() - started) / 1000
    const { rss, hwm } = memoryOf(server.pid)
    return {
      startHwmMb,
      uploadHwmMb,
      startedMb,
      peakMb: Math.max(peakMb, rss),
      hwmMb: hwm,
      afterMb: rss,
      seconds,
      statuses,
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const mb = (n: number) => `${Math.round(n)} MB`
const range = (values: number[], unit: (n: number) => string) =>
  `${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`

export async function run(): Promise<string> {
  const results: BurstResult[] = []
  for (let i = 0; i < runs; i++) {
    const result = await oneBurst()
    console.log(JSON.stringify(result))
    results.push(result)
  }
  const highest = Math.max(...results.map((r) => r.hwmMb))
  const statuses = [...new Set(results.flatMap((r) => Object.keys(r.statuses)))]
    .map((status) => `${status}: ${results.map((r) => r.statuses[status] ?? 0).join('/')}`)
    .join(', ')
  const row = (label: string, pick: (r: BurstResult) => number) =>
    `| ${label} | ${range(results.map(pick), mb)} |`
  return [
    `A fresh server per run (${runs} runs; median, then lowest–highest). Image: ${side}×${side} PNG, one ` +
      `colour. Budget: ${rssBudgetMb} MB resident.`,
    '',
    '| | resident memory |',
    '|---|---|',
    row('peak of the start (VmHWM)', (r) => r.startHwmMb),
    row('peak of the upload (VmHWM)', (r) => r.uploadHwmMb),
    row('before the burst', (r) => r.startedMb),
    row('peak during the burst (sampled every 50 ms)', (r) => r.peakMb),
    row("peak during the burst (the kernel's high-water mark, VmHWM)", (r) => r.hwmMb),
    row('after the burst', (r) => r.afterMb),
    '',
    `The 32 answers took ${range(
      results.map((r) => r.seconds),
      (n) => `${n.toFixed(1)} s`,
    )}; statuses per run: ${statuses}. Highest burst peak: **${mb(highest)}** ` +
      (highest <= rssBudgetMb ? '✅' : '❌ over the budget') +
      '.',
  ].join('\n')
}
