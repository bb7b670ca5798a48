// Embedded backend figures: cold start on existing data, and REST throughput/latency for the two reads
// visitors cause most (one post by slug, the first page of the list), measured with autocannon on loopback.
import { serve, type ServerType } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { blogListColumns } from '../../shared/schemas/blog.ts'
import { startLocalSupabase } from '../../server/local-supabase/index.ts'
import { autocannon, median } from './support.ts'

export const title = 'Embedded backend (PGlite + /rest/v1)'

const coldStartRuns = 5
const loadSeconds = 5
const connections = 10
const logger = pino({ level: 'silent' })

function listen(
  fetch: (req: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, port: info.port }),
    )
  })
}

export async function run(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-backend-'))
  try {
    // First start creates the database, runs the migrations and the seed: not part of the cold-start figure.
    const firstStarted = performance.now()
    const first = await startLocalSupabase({ dataDir, logger })
    const createMs = performance.now() - firstStarted
    await first.close()

    const starts: number[] = []
    for (let i = 0; i < coldStartRuns; i++) {
      const started = performance.now()
      const backend = await startLocalSupabase({ dataDir, logger })
      starts.push(performance.now() - started)
      await backend.close()
    }

    const backend = await startLocalSupabase({ dataDir, logger })
    const { server, port } = await listen(backend.app.fetch)
    try {
      const base = `http://127.0.0.1:${port}/rest/v1`
      const headers = { apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.anonKey}` }
      const slug = 'hiring-in-two-weeks-how-our-talent-acquisition-works'
      const scenarios = [
        {
          name: 'single post by slug (`.single()`)',
          url: `${base}/blogs?select=*&slug=eq.${slug}`,
          headers: { ...headers, accept: 'application/vnd.pgrst.object+json' },
        },
        {
          name: 'first list page (list columns, newest first, 6 rows, count=exact)',
          url: `${base}/blogs?select=${blogListColumns}&order=created_at.desc&offset=0&limit=6`,
          headers: { ...headers, prefer: 'count=exact' },
        },
      ]
      const rows: string[] = []
      for (const scenario of scenarios) {
        const check = await fetch(scenario.url, { headers: scenario.headers })
        if (!check.ok) throw new Error(`${scenario.name}: status ${check.status} ${await check.text()}`)
        // A short warm-up so JIT and PGlite caches do not count against the first figure.
        await autocannon({ url: scenario.url, connections, duration: 1, headers: scenario.headers })
        const result = await autocannon({
          url: scenario.url,
          connections,
          duration: loadSeconds,
          headers: scenario.headers,
        })
        const failures = result.non2xx + result.errors + result.timeouts
        rows.push(
          `| ${scenario.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${failures} |`,
        )
      }
      return [
        `Cold start on existing data (open PGlite, check migrations, load keys): median **${Math.round(median(starts))} ms** ` +
          `of ${coldStartRuns} runs (min ${Math.round(Math.min(...starts))}, max ${Math.round(Math.max(...starts))}); ` +
          `first start on an empty data directory (migrations and seed, or their cached snapshot): ${Math.round(createMs)} ms.`,
        '',
        `REST reads as a visitor (anon key), autocannon ${connections} connections × ${loadSeconds} s on loopback, ` +
          'server and load generator in one process:',
        '',
        '| request | requests/s | p50 ms | p99 ms | errors |',
        '|---|---:|---:|---:|---:|',
        ...rows,
      ].join('\n')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
