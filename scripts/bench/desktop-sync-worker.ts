// The desktop side of the sync benchmarks, run as its own process by desktop.bench.ts so that its memory
// figures are the desktop main process's alone (the server runs in the benchmark's process):
//   node --import tsx scripts/bench/desktop-sync-worker.ts init|pull|queue <user-data dir> <site url>
// with BENCH_EDITOR_EMAIL / BENCH_EDITOR_PASSWORD set for pull and queue. Prints one line `RESULT <json>`.
// `init` creates a new profile (a fresh offline store with the site address set) and exits: creating a
// PGlite database costs far more memory than anything after it, so the first sync runs in a second
// process on that still-empty profile and its peak RSS is the sync's own.
// Not a benchmark module itself (the runner loads only *.bench.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout } from 'node:timers/promises'
import type { SyncStatus } from '../../desktop/contract.ts'
import { openDesktopMain } from '../../desktop/main/desktop-main.ts'
import { OfflineStore } from '../../desktop/main/services/offline-store.ts'
import { MemorySecretStore } from '../../desktop/main/services/session.ts'

const [mode, userDataDir, siteUrl] = process.argv.slice(2)
const email = process.env.BENCH_EDITOR_EMAIL
const password = process.env.BENCH_EDITOR_PASSWORD
if (
  !['init', 'pull', 'queue'].includes(mode) ||
  !userDataDir ||
  !siteUrl ||
  (mode !== 'init' && (!email || !password))
)
  throw new Error(
    'usage: desktop-sync-worker.ts init|pull|queue <user-data dir> <site url> (BENCH_EDITOR_EMAIL/PASSWORD set)',
  )

const queuedChanges = 1000
const listSamples = 7
const mb = () => process.memoryUsage().rss / 2 ** 20
/**
 * This process's own peak RSS (KB): Linux's VmHWM. (`process.resourceUsage().maxRSS` is not: the kernel
 * carries the spawning process's peak over into a child it starts, so it would report the server's.)
 */
const peakKb = () => {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
    if (hwm) return Number(hwm[1])
  } catch {
    // Not Linux: the best the platform offers.
  }
  return process.resourceUsage().maxRSS
}
const peakMb = () => peakKb() / 1024

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function bytesOnDisk(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? bytesOnDisk(full) : statSync(full).size
  }
  return total
}

const rssBeforeMb = mb()

if (mode === 'init') {
  // A new profile whose site address is already set (as the app's default address is): the first sync
  // is the one signing in starts, with nothing pulled before it. (Entering the address in Settings would
  // start an anonymous pull of the published posts first.)
  const started = performance.now()
  const store = await OfflineStore.open(path.join(userDataDir, 'offline'))
  store.setMeta('site_url', siteUrl)
  store.close()
  const createMs = performance.now() - started
  console.log(`RESULT ${JSON.stringify({ mode, createMs, rssBeforeMb, maxRssKb: peakKb() })}`)
  process.exit(0)
}

const network = { up: true }
let onStatus: (status: SyncStatus) => void = () => {}
const openStarted = performance.now()
const backend = await openDesktopMain({
  userDataDir,
  secrets: new MemorySecretStore(),
  isNetworkUp: () => network.up,
  autoRefresh: false,
  onStatus: (status) => onStatus(status),
})
const openMs = performance.now() - openStarted
const rssOpenMb = mb()
const peakOpenMb = peakMb()
if (!(await backend.getSettings()).connected) throw new Error(`The desktop could not connect to ${siteUrl}`)

/** Signs in and waits for the sync that signing in starts to finish. */
async function signInAndSync(): Promise<SyncStatus> {
  const settled = new Promise<SyncStatus>((resolve) => {
    onStatus = (status) => {
      if (!status.syncing && (status.lastSyncAt !== null || status.lastError !== null)) resolve(status)
    }
  })
  await backend.signIn(email!, password!)
  const status = await settled
  onStatus = () => {}
  if (status.lastError) throw new Error(`First sync failed: ${status.lastError}`)
  return status
}

async function pull() {
  const started = performance.now()
  await signInAndSync()
  const syncedMs = performance.now() - started
  const listStarted = performance.now()
  const all = await backend.engine.listPosts({})
  const listAllMs = performance.now() - listStarted
  const listedMs = performance.now() - started
  const pageMs: number[] = []
  for (let i = 0; i < listSamples; i++) {
    const t = performance.now()
    const page = await backend.engine.listPosts({ page: 1, pageSize: 5 })
    pageMs.push(performance.now() - t)
    if (page.items.length !== 5) throw new Error(`page 1 listed ${page.items.length} posts`)
  }
  return {
    total: all.total,
    drafts: all.items.filter((p) => p.status === 'draft').length,
    syncedMs,
    listAllMs,
    listedMs,
    pageMs: median(pageMs),
  }
}

async function queue() {
  await signInAndSync()
  network.up = false
  const slugs: string[] = []
  let contentBytes = 0
  const queueStarted = performance.now()
  for (let i = 0; i < queuedChanges; i++) {
    const slug = `offline-change-${i}`
    const content = `<h2>Part ${i}</h2>${`<p>${'Written with no network, sent when the connection returns. '.repeat(12)}</p>`.repeat(4)}`
    contentBytes += content.length
    await backend.engine.savePost(
      {
        title: `Written offline ${i}: onboarding the first engineering pod`,
        slug,
        author: 'Asha Rao',
        type: 'blog',
        excerpt: `Notes from the train, part ${i}.`,
        content,
        content_markdown: null,
        cover_image_url: null,
        tags: ['offline', 'gcc'],
        status: 'published',
      },
      { mode: 'create' },
    )
    slugs.push(slug)
  }
  const queueMs = performance.now() - queueStarted
  const rssQueuedMb = mb()
  const queued = (await backend.engine.status()).pending
  if (queued !== queuedChanges) throw new Error(`${queued} changes queued, expected ${queuedChanges}`)
  network.up = true
  // The app hears of the network in an event of its own; let this process handle its pending socket events
  // first. (Without it the queue loop above, which never waits for I/O, leaves a keep-alive socket the
  // server has already closed looking open, and the first write fails with "other side closed".)
  await setTimeout(100)
  const sendStarted = performance.now()
  const status = await backend.engine.retryNow()
  const sendMs = performance.now() - sendStarted
  if (status.pending !== 0)
    throw new Error(`sending left ${status.pending} changes pending: ${status.lastError}`)
  if (status.conflicts || status.attention)
    throw new Error(
      `sending ended with ${status.conflicts} conflicts and ${status.attention} refused changes`,
    )
  return {
    changes: queuedChanges,
    queueMs,
    rssQueuedMb,
    sendMs,
    slugs,
    averageContent: contentBytes / queuedChanges,
  }
}

const result = mode === 'pull' ? await pull() : await queue()
const rssAfterMb = mb()
const heapUsedMb = process.memoryUsage().heapUsed / 2 ** 20
await backend.close()
console.log(
  `RESULT ${JSON.stringify({
    mode,
    openMs,
    ...result,
    rssBeforeMb,
    rssOpenMb,
    peakOpenMb,
    rssAfterMb,
    heapUsedMb,
    maxRssKb: peakKb(),
    storeBytes: bytesOnDisk(userDataDir),
  })}`,
)
