// The storage-js part of `npm run test:compat`: supabase-js's own storage-js suite against the embedded
// backend, on a throwaway data directory holding the suite's seed (users, buckets, objects, policies).
//
// The suite is written for a Supabase CLI project: its hard-coded service-role key is signed with the CLI's
// well-known demo JWT secret, and its URL is `http://127.0.0.1:54321`. So the throwaway data directory gets
// that secret (a project's secret is its own to choose), and a setup file points the URL at this backend.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SignJWT } from 'jose'
import pino from 'pino'
import { openDatabase } from '../../server/local-supabase/database.ts'
import { startLocalSupabase } from '../../server/local-supabase/index.ts'
import { runSuite, serveBackend } from './suite-run.ts'

export const storageSuitePath = 'packages/core/storage-js'

// The Supabase CLI's default JWT secret (public: every local CLI project uses it).
const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
const CLI_URL = 'http://127.0.0.1:54321'

async function cliKey(role: 'anon' | 'service_role') {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(1983812996)
    .sign(new TextEncoder().encode(CLI_JWT_SECRET))
}

/**
 * The suite's seed as a migration. The CLI's auth.users has GoTrue's token columns (the seed fills them with
 * ''), and pgcrypto's `crypt`/`gen_salt` live in the `extensions` schema, which the CLI keeps on the path.
 */
function seedSql(suiteDir: string): string {
  const seed = readFileSync(path.join(suiteDir, 'test/supabase/seed.sql'), 'utf8')
  const tokenColumns = ['confirmation_token', 'email_change', 'email_change_token_new', 'recovery_token']
    .map((column) => `alter table auth.users add column if not exists ${column} varchar(255);`)
    .join('\n')
  return `${tokenColumns}\nset search_path = public, extensions;\n${seed}\nreset search_path;`
}

/**
 * jest names a snapshot `<describe> <test> <n>`, vitest `<describe> > <test> <n>`: the suite's stored
 * snapshots are renamed so vitest compares them (never rewritten: `CI=1` stops vitest writing any).
 */
function renameSnapshots(suiteDir: string) {
  const dir = path.join(suiteDir, 'test/__snapshots__')
  if (!existsSync(dir)) return
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.snap'))) {
    const testFile = path.join(suiteDir, 'test', file.replace(/\.snap$/, ''))
    if (!existsSync(testFile)) continue
    const describes = [...readFileSync(testFile, 'utf8').matchAll(/describe\((['"`])(.+?)\1/g)].map(
      (m) => m[2]!,
    )
    const snap = readFileSync(path.join(dir, file), 'utf8').replace(
      /^exports\[`(.*)`\]/gm,
      (_, key: string) => {
        let rest = key
        const parts: string[] = []
        for (let found = true; found;) {
          const d = describes.find((name) => rest.startsWith(`${name} `))
          found = d !== undefined
          if (d !== undefined) {
            parts.push(d)
            rest = rest.slice(d.length + 1)
          }
        }
        return `exports[\`${[...parts, rest].join(' > ')}\`]`
      },
    )
    writeFileSync(path.join(dir, file), snap)
  }
}

/** Runs the storage-js suite from `checkout` (a supabase-js tree) in `work`; prints passed/failed per file. */
export async function runStorageSuite({
  checkout,
  work,
  repoRoot,
}: {
  checkout: string
  work: string
  repoRoot: string
}): Promise<void> {
  const suiteDir = path.join(checkout, storageSuitePath)
  const dataDir = path.join(work, 'storage-data')
  const logger = pino({ level: process.env.COMPAT_LOG ?? 'silent' })

  renameSnapshots(suiteDir)
  const database = await openDatabase({ dataDir, logger })
  await database.db.exec(seedSql(suiteDir))
  await database.close()
  const [anonKey, serviceRoleKey] = await Promise.all([cliKey('anon'), cliKey('service_role')])
  writeFileSync(
    path.join(dataDir, 'secrets.json'),
    JSON.stringify({ jwtSecret: CLI_JWT_SECRET, anonKey, serviceRoleKey }),
    { mode: 0o600 },
  )

  const supabase = await startLocalSupabase({ dataDir, logger })
  const server = await serveBackend(supabase.app.fetch)
  const base = `http://127.0.0.1:${server.port}`
  const dir = path.join(work, 'storage-run')
  mkdirSync(dir, { recursive: true })
  try {
    await runSuite({
      repoRoot,
      dir,
      suiteDir,
      label: 'storage-js',
      redirect: `  if (!url.startsWith(${JSON.stringify(CLI_URL + '/')})) return realFetch(input, init)
  const target = ${JSON.stringify(base)} + url.slice(${CLI_URL.length})
  return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init)`,
      config: ({ setup, report }) => `export default {
  root: ${JSON.stringify(suiteDir)},
  // The suite's own dependencies, from this repository's node_modules.
  resolve: { alias: { 'iceberg-js': ${JSON.stringify(path.join(repoRoot, 'node_modules/iceberg-js'))} } },
  plugins: [{
    // ts-jest compiles the suite to CommonJS, where \`require('../src/...')\` yields the module the
    // code under test uses (and jest.spyOn on it takes effect); here that is an import of the same module.
    name: 'jest-require',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(${JSON.stringify(path.join(suiteDir, 'test') + '/')})) return null
      const names = new Map()
      const out = code.replace(/\\brequire\\((['"])(\\.{1,2}\\/[^'"]+)\\1\\)/g, (_, quote, spec) => {
        if (!names.has(spec)) names.set(spec, '__required' + names.size)
        return names.get(spec)
      })
      if (names.size === 0) return null
      return [...names].map(([spec, name]) => 'import * as ' + name + ' from ' + JSON.stringify(spec) + ';').join('') + out
    },
  }],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.spec.ts'],
    globals: true,
    setupFiles: [${JSON.stringify(setup)}],
    fileParallelism: false,
    testTimeout: 30000,
    reporters: [['json', { outputFile: ${JSON.stringify(report)} }]],
  },
}
`,
    })
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await supabase.close()
  }
}
