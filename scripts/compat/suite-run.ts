// What both parts of `npm run test:compat` share: serving the embedded backend on a port, running a suite
// with this repository's vitest, and printing its passed/failed per file.
import { serve } from '@hono/node-server'
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface FileResult {
  name: string
  message?: string
  assertionResults: { status: string; title: string; fullName: string }[]
}

/** Serves `fetch` on 127.0.0.1 (`COMPAT_PORT`, or a free port). */
export function serveBackend(fetch: (request: Request) => Response | Promise<Response>) {
  return new Promise<{ close: (cb: () => void) => void; port: number }>((resolve) => {
    const s = serve({ fetch, port: Number(process.env.COMPAT_PORT ?? 0), hostname: '127.0.0.1' }, (info) =>
      resolve({ close: (cb) => s.close(cb), port: info.port }),
    )
  })
}

/**
 * Writes `<dir>/setup.ts` for a suite written for jest: `jest` is vitest's `vi`, and every fetch runs
 * `redirect` first (source that sees `input`, `init`, `url`, the address asked for, and `realFetch`).
 */
function writeSuiteSetup(dir: string, redirect: string): string {
  const setup = path.join(dir, 'setup.ts')
  writeFileSync(
    setup,
    `import { vi } from 'vitest'
Object.assign(globalThis, { jest: vi })
const realFetch = globalThis.fetch
globalThis.fetch = ((input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
${redirect}
}) as typeof fetch
`,
  )
  return setup
}

/**
 * Runs the suite in `suiteDir` with its setup (`redirect`, as for writeSuiteSetup) and the vitest config
 * `config` writes (source, given the setup file and where its JSON reporter must write), both kept in
 * `dir`, and prints its passed/failed per file under `label`.
 */
export async function runSuite({
  repoRoot,
  dir,
  suiteDir,
  label,
  redirect,
  config,
}: {
  repoRoot: string
  dir: string
  suiteDir: string
  label: string
  redirect: string
  config: (files: { setup: string; report: string }) => string
}) {
  const setup = writeSuiteSetup(dir, redirect)
  const report = path.join(dir, 'report.json')
  const configFile = path.join(dir, 'vitest.config.mjs')
  writeFileSync(configFile, config({ setup, report }))
  printSummary(label, suiteDir, await runVitest(repoRoot, configFile, suiteDir, report))
}

/** Runs vitest with `config` in `cwd` and returns the per-file results its JSON reporter wrote to `report`. */
async function runVitest(repoRoot: string, config: string, cwd: string, report: string) {
  // Asynchronously: the backend answers from this process's event loop.
  await new Promise<void>((resolve, reject) => {
    // Arguments after the checkout are vitest's: a file filter (`relationships`) or `-t <name>`.
    const extra = process.argv.slice(3)
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/vitest'),
      ['run', '--config', config, ...extra],
      {
        cwd,
        // COMPAT_VERBOSE=2 shows vitest's own report too (with each failure's diff).
        stdio: ['ignore', process.env.COMPAT_VERBOSE === '2' ? 'inherit' : 'ignore', 'inherit'],
        env: { ...process.env, CI: '1' },
      },
    )
    child.once('error', reject)
    child.once('exit', () => resolve())
  })
  return (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults
}

/** Passed/failed per file and the total; `COMPAT_VERBOSE=1` lists every failing test. */
function printSummary(label: string, suiteDir: string, files: FileResult[]) {
  let passed = 0
  let total = 0
  const rows = files
    .map((f) => {
      const ok = f.assertionResults.filter((a) => a.status === 'passed').length
      const failed = f.assertionResults.filter((a) => a.status === 'failed')
      passed += ok
      total += ok + failed.length
      return { file: path.relative(suiteDir, f.name), ok, failed }
    })
    .sort((a, b) => a.file.localeCompare(b.file))
  console.log(`\n${label} against the embedded backend`)
  for (const r of rows)
    console.log(
      `  ${r.file.padEnd(50)} ${String(r.ok).padStart(4)} passed ${String(r.failed.length).padStart(4)} failed`,
    )
  console.log(
    `  ${'total'.padEnd(50)} ${String(passed).padStart(4)} passed ${String(total - passed).padStart(4)} failed (${((100 * passed) / Math.max(total, 1)).toFixed(1)}%)`,
  )
  if (process.env.COMPAT_VERBOSE)
    for (const r of rows) for (const f of r.failed) console.log(`FAIL ${r.file} › ${f.fullName}`)
  for (const f of files)
    if (f.assertionResults.length === 0 && f.message)
      console.log(`  ${path.relative(suiteDir, f.name)} did not run: ${f.message.split('\n')[0]}`)
}
