// Desktop figures: cover compression with sharp (desktop main) versus browser-image-compression in Chromium
// (the site's admin) on the same three generated photos, and the time to sync 100 queued offline changes.
import { chromium } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { compressCover } from '../../desktop/main/services/images.ts'
import { DesktopBackend } from '../../desktop/main/services/desktop-backend.ts'
import { MemorySecretStore } from '../../desktop/main/services/session.ts'
import { largeNoisyJpeg, largeNoisyPng, phonePhotoRotated } from '../../tests/support/desktop-images.ts'
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium.ts'
import { startTestServer, testEditor } from '../../tests/support/server.ts'
import { median } from './support.ts'

export const title = 'Desktop app: native cover compression and offline sync'

const runs = 3
const queuedChanges = 100
const root = path.resolve(import.meta.dirname, '../..')

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`

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

async function syncOfQueuedChanges() {
  const server = await startTestServer()
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-bench-'))
  const network = { up: true }
  const backend = await DesktopBackend.open({
    userDataDir,
    secrets: new MemorySecretStore(),
    isNetworkUp: () => network.up,
    autoRefresh: false,
  })
  try {
    await backend.saveSettings(server.url)
    await backend.signIn(testEditor.email, testEditor.password)
    await backend.engine.syncNow()
    network.up = false
    const queueStarted = performance.now()
    for (let i = 0; i < queuedChanges; i++) {
      await backend.engine.savePost({
        slug: `bench-post-${i}`,
        title: `Benchmark post ${i}`,
        author: 'Bench',
        content: `<p>${'Offline paragraph. '.repeat(40)}</p>`,
        tags: ['bench'],
      })
    }
    const queueMs = performance.now() - queueStarted
    network.up = true
    const started = performance.now()
    const status = await backend.engine.retryNow()
    const syncMs = performance.now() - started
    if (status.pending !== 0)
      throw new Error(`sync left ${status.pending} changes pending: ${status.lastError}`)
    return { queueMs, syncMs }
  } finally {
    await backend.close()
    rmSync(userDataDir, { recursive: true, force: true })
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
  const sync = await syncOfQueuedChanges()
  return [
    `Median of ${runs} runs per photo. Photos are generated noise (they do not compress trivially); both sides target ≤ 1 MB and ≤ 1200 px.`,
    'Browser: browser-image-compression 2 in headless Chromium, main thread (`useWebWorker: false`, `initialQuality: 0.8`, PNG retried as WebP then JPEG), as the site admin runs it.',
    '',
    '| photo | sharp (desktop main) | browser-image-compression (Chromium) | time ratio (browser / sharp) | size ratio (browser / sharp) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Sync of ${queuedChanges} post saves queued offline, against the embedded backend on loopback (each change: read the server copy for conflicts, upsert, cache; then one pull):`,
    '',
    '| step | time | per change |',
    '|---|---|---|',
    `| queue ${queuedChanges} saves offline (PGlite outbox) | ${Math.round(sync.queueMs)} ms | ${(sync.queueMs / queuedChanges).toFixed(1)} ms |`,
    `| send them when back online | ${Math.round(sync.syncMs)} ms | ${(sync.syncMs / queuedChanges).toFixed(1)} ms |`,
  ].join('\n')
}
