// `npm run test:compat [-- <supabase-js checkout or git directory>]`: runs the supabase-js monorepo's own
// postgrest-js and storage-js (./storage.ts) test suites against the embedded backend and prints
// passed/failed per file.
//
// Nothing of supabase-js lives in this repository: the suite is read from a checkout (argument or
// SUPABASE_JS_DIR; a bare git directory works too, its HEAD is exported), or cloned into a temporary
// directory when neither is given. Its fixture schema and seed are applied as a migration to a throwaway
// data directory, the embedded backend is started on a free port, and vitest runs the suite (it is written
// for jest; the setup file below maps `jest` to `vi` and points its hard-coded URL at this backend).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { openDatabase } from '../../server/local-supabase/database.ts'
import { startLocalSupabase } from '../../server/local-supabase/index.ts'
import { runStorageSuite, storageSuitePath } from './storage.ts'
import { runSuite, serveBackend } from './suite-run.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const suitePath = 'packages/core/postgrest-js'

/** A directory holding `packages/core/postgrest-js` of supabase-js, and whether it is ours to delete. */
function obtainSupabaseJs(work: string): string {
  const given = process.argv[2] ?? process.env.SUPABASE_JS_DIR
  if (given && existsSync(path.join(given, suitePath)) && existsSync(path.join(given, storageSuitePath)))
    return path.resolve(given)
  const target = path.join(work, 'supabase-js')
  if (given) {
    // A git directory (bare or `.git`): export its HEAD's packages.
    const gitDir = existsSync(path.join(given, '.git')) ? path.join(given, '.git') : given
    execFileSync('mkdir', ['-p', target])
    const archive = spawnSync(
      'git',
      ['--git-dir', gitDir, 'archive', 'HEAD', suitePath, storageSuitePath, 'tsconfig.base.json'],
      {
        maxBuffer: 1 << 30,
      },
    )
    if (archive.status !== 0) throw new Error(`Not a supabase-js checkout or git directory: ${given}`)
    execFileSync('tar', ['-x', '-C', target], { input: archive.stdout })
    return target
  }
  console.log('No SUPABASE_JS_DIR given: cloning github.com/supabase/supabase-js (shallow)…')
  execFileSync('git', ['clone', '--depth', '1', 'https://github.com/supabase/supabase-js', target], {
    stdio: 'inherit',
  })
  return target
}

/** The fixture schema without what PGlite lacks (PostGIS). Its `alter role authenticator set pgrst.…`
 * lines stay: the embedded backend reads PostgREST's in-database configuration as PostgREST does. */
function fixtureSql(suiteDir: string): string {
  const schema = readFileSync(
    path.join(suiteDir, 'test/supabase/migrations/00000000000000_schema.sql'),
    'utf8',
  )
  const seed = readFileSync(path.join(suiteDir, 'test/supabase/seed.sql'), 'utf8')
  // PostGIS is not built into PGlite: the one geometry column (shops.shop_geom) keeps its EWKT as text.
  const adapted = schema
    .replace(/^create extension if not exists postgis .*$/gim, '')
    .replace(/extensions\.geometry\([^)]*\)/g, 'text')
  return `${adapted}\n${seed}`
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'meridian-compat-'))
  const logger = pino({ level: 'silent' })
  try {
    const checkout = obtainSupabaseJs(work)
    // COMPAT_SUITES=storage (or postgrest) runs one of the two.
    const suites = (process.env.COMPAT_SUITES ?? 'storage,postgrest').split(',')
    if (suites.includes('storage')) await runStorageSuite({ checkout, work, repoRoot })
    if (!suites.includes('postgrest')) return
    const suiteDir = path.join(checkout, suitePath)
    const dataDir = path.join(work, 'data')

    const database = await openDatabase({ dataDir, logger })
    await database.db.exec(fixtureSql(suiteDir))
    await database.close()

    const supabase = await startLocalSupabase({ dataDir, logger })
    const server = await serveBackend(supabase.app.fetch)
    const base = `http://127.0.0.1:${server.port}`
    try {
      await runSuite({
        repoRoot,
        dir: work,
        suiteDir,
        label: 'postgrest-js',
        redirect: `  if (!url.startsWith('http://localhost:54321/')) return realFetch(input, init)
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
  if (!headers.has('apikey')) headers.set('apikey', ${JSON.stringify(supabase.keys.anonKey)})
  return realFetch(${JSON.stringify(base)} + url.slice('http://localhost:54321'.length), { ...init, headers })`,
        config: ({ setup, report }) => `export default {
  root: ${JSON.stringify(suiteDir)},
  // The suite's own dev dependencies, from this repository's node_modules.
  resolve: { alias: { zod: ${JSON.stringify(path.join(repoRoot, 'node_modules/zod'))} } },
  test: {
    include: ['test/*.test.ts'],
    globals: true,
    setupFiles: [${JSON.stringify(setup)}],
    fileParallelism: false,
    // The suite's own jest sequencer runs its files in alphabetical order; later files read rows earlier
    // ones wrote, so the order is part of what its snapshots expect.
    sequence: {
      sequencer: class {
        async shard(files) { return files }
        async sort(files) { return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)) }
      },
    },
    testTimeout: 30000,
    reporters: [${process.env.COMPAT_VERBOSE === '2' ? "'default', " : ''}['json', { outputFile: ${JSON.stringify(report)} }]],
  },
}
`,
      })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await supabase.close()
    }
  } finally {
    if (!process.env.COMPAT_KEEP) rmSync(work, { recursive: true, force: true })
    else console.log(`Kept ${work}`)
  }
}

await main()
