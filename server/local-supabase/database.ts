import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { Logger } from 'pino'
import { c as createTar, x as extractTar } from 'tar'
import { lockDirectory } from '../../shared/lib/directory-lock.node.ts'
import { diskProblemOf } from '../failures.ts'
import type { JwtClaims, RequestRole } from './keys.ts'

export type { PGlite, Transaction }

const here = path.dirname(fileURLToPath(import.meta.url))
/** The project's `supabase/` folder (migrations, seed, config.toml). */
export const supabaseDir = path.resolve(here, '../../supabase')
const bootstrapFile = path.join(here, 'bootstrap.sql')

export interface Database {
  db: PGlite
  /** True when this start created the schema (the seed ran). */
  fresh: boolean
  /** Migrations applied during this start, by file name. */
  applied: string[]
  close(): Promise<void>
}

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `Another Meridian server is already using ${dataDir}${pid ? ` (pid ${pid})` : ''}. Stop it or set DATA_DIR to another folder.`,
    )
    this.name = 'DataDirLockedError'
  }
}

/** Takes `DATA_DIR/db.lock`: one process (and one open in it) per data directory. */
function acquireLock(dataDir: string, logger: Logger): () => void {
  const lock = lockDirectory({
    lockPath: path.join(dataDir, 'db.lock'),
    refuse: (pid) => new DataDirLockedError(dataDir, pid),
    onCompromised: (err) =>
      logger.error({ err }, `The lock on ${dataDir} was lost; another process may open it`),
  })
  return () => lock.release()
}

/** Files of `supabase/migrations`, in the order the Supabase CLI applies them (by timestamp prefix). */
export function migrationFiles(dir = path.join(supabaseDir, 'migrations')): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
}

/**
 * Applies bootstrap.sql when it changed since the last start (its hash is stored): it is idempotent, but
 * re-running it costs a few hundred milliseconds of every start.
 */
async function runBootstrap(db: PGlite) {
  const sql = readFileSync(bootstrapFile, 'utf8')
  const hash = createHash('sha256').update(sql).digest('hex')
  const exists = await db.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.bootstrap_state') is not null as ok`,
  )
  if (exists.rows[0].ok) {
    const state = await db.query<{ hash: string }>(
      'select hash from supabase_migrations.bootstrap_state where id = 1',
    )
    if (state.rows[0]?.hash === hash) return
  }
  await db.transaction(async (tx) => {
    await tx.exec(sql)
    await tx.query(
      `insert into supabase_migrations.bootstrap_state (id, hash) values (1, $1)
       on conflict (id) do update set hash = excluded.hash, applied_at = now()`,
      [hash],
    )
  })
}

const extensions = { pgcrypto, pg_trgm }

/**
 * Postgres's memory inside PGlite's WebAssembly heap, which only ever grows. The defaults are a server's
 * (128 MB of shared buffers, 64 MB per maintenance task) and were half of the embedded backend's ~240 MB;
 * the server keeps rendered pages in its own cache and the files stay in the operating system's page cache,
 * so small buffers cost little (see docs/benchmarks.md, "Throughput").
 */
export const memorySettings = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'temp_buffers=4MB',
]

const pgliteOptions = { extensions, startParams: [...PGlite.defaultStartParams, ...memorySettings] }

/** Brings an open database up to date: bootstrap, new migrations, and the seed when the schema was empty. */
async function migrate(db: PGlite): Promise<{ fresh: boolean; applied: string[] }> {
  await runBootstrap(db)
  const done = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  )
  const fresh = done.size === 0
  const applied: string[] = []
  for (const file of migrationFiles()) {
    const version = file.split('_')[0]
    if (done.has(version)) continue
    const sql = readFileSync(path.join(supabaseDir, 'migrations', file), 'utf8')
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          file.slice(version.length + 1, -'.sql'.length),
        ])
      })
    } catch (err) {
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err })
    }
    applied.push(file)
  }
  const seedFile = path.join(supabaseDir, 'seed.sql')
  if (fresh && existsSync(seedFile)) {
    await db.transaction((tx) => tx.exec(readFileSync(seedFile, 'utf8')))
  }
  // New tables and seed rows have no planner statistics until analyzed (PGlite has no autovacuum; see
  // autovacuum.ts for later writes). Before the template is saved, so restored databases have them too.
  if (fresh || applied.length > 0) await db.exec('analyze')
  return { fresh, applied }
}

// A new database starts from a snapshot of one that already ran this exact bootstrap, migrations and seed
// (keyed by their content and the PGlite version): PGlite's first creation takes ~8 s, a restore ~1.5 s,
// which every test server and every clean `npm start` would otherwise pay. The snapshot holds no secrets
// or users (keys live in secrets.json; editors are added after opening).
const templateDir = path.resolve(here, '../../node_modules/.cache/meridian')

/** The template's name for the current schema files and PGlite version; null when it cannot be told. */
function templateKey(): string | null {
  try {
    // Its package.json is not exported: find it above the resolved entry point.
    let pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    while (!existsSync(path.join(pglite, 'package.json'))) pglite = path.dirname(pglite)
    const hash = createHash('sha256')
    hash.update(JSON.parse(readFileSync(path.join(pglite, 'package.json'), 'utf8')).version)
    hash.update(Object.keys(extensions).join(','))
    hash.update(readFileSync(bootstrapFile))
    for (const file of migrationFiles()) {
      hash.update(file).update(readFileSync(path.join(supabaseDir, 'migrations', file)))
    }
    const seedFile = path.join(supabaseDir, 'seed.sql')
    if (existsSync(seedFile)) hash.update(readFileSync(seedFile))
    return hash.digest('hex').slice(0, 16)
  } catch {
    return null
  }
}

async function saveTemplate(dbDir: string, file: string, logger: Logger) {
  try {
    mkdirSync(templateDir, { recursive: true })
    // Packed from the closed data directory on disk, as a stream: PGlite's `dumpDataDir` would build the
    // whole snapshot in memory and copy it (~40 MB, held two or three times over at the first start's peak).
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`
    await createTar({ file: partial, cwd: dbDir, portable: true }, readdirSync(dbDir))
    renameSync(partial, file)
    for (const old of readdirSync(templateDir)) {
      if (
        old.startsWith('pglite-template-') &&
        path.join(templateDir, old) !== file &&
        !old.endsWith('.partial')
      ) {
        rmSync(path.join(templateDir, old), { force: true })
      }
    }
  } catch (err) {
    // Only a cache: the next new database is created the slow way.
    logger.debug({ err }, 'Could not save the database template')
  }
}

/** A new database: restored from the template when there is one, else created, migrated and saved as one. */
async function createDatabase(
  dbDir: string,
  logger: Logger,
  useTemplate: boolean,
): Promise<{ db: PGlite; fresh: boolean; applied: string[] }> {
  const key = templateKey()
  const template = key ? path.join(templateDir, `pglite-template-${key}.tar`) : null
  if (useTemplate && template && existsSync(template)) {
    let restored: PGlite | undefined
    try {
      // Unpacked onto the disk, then opened as every later start opens it: PGlite's own `loadDataDir` reads
      // the whole snapshot into its WebAssembly heap, which never shrinks (~150 MB more for good).
      mkdirSync(dbDir, { recursive: true })
      await extractTar({ file: template, cwd: dbDir })
      restored = await PGlite.create(dbDir, pgliteOptions)
      const { applied } = await migrate(restored)
      return { db: restored, fresh: true, applied }
    } catch (err) {
      await restored?.close().catch(() => undefined)
      // A full or read-only disk is not the template's fault: keep it, and say what is wrong with the disk.
      if (diskProblemOf(err)) throw err
      logger.warn({ err, template }, 'The database template is unusable; creating the database from scratch')
      rmSync(template, { force: true })
      rmSync(dbDir, { recursive: true, force: true })
    }
  }
  const db = await PGlite.create(dbDir, pgliteOptions)
  let result: { fresh: boolean; applied: string[] }
  try {
    result = await migrate(db)
  } catch (err) {
    await db.close().catch(() => undefined)
    throw err
  }
  // Creating the cluster grew the WebAssembly heap (which never shrinks) by ~200 MB: the server goes on
  // with the database opened again from disk (~0.5 s, on the first start only), and the snapshot is packed
  // from the closed directory in between.
  await db.close()
  if (template) await saveTemplate(dbDir, template, logger)
  return { db: await PGlite.create(dbDir, pgliteOptions), ...result }
}

/** Where the embedded backend keeps its files (the data directory), and where it says what it does. */
export interface BackendPlace {
  dataDir: string
  logger: Logger
}

/**
 * Opens PGlite in `DATA_DIR/db` (pgcrypto, pg_trgm), then brings the schema up to date: the bootstrap
 * (what hosted Supabase provides), every new migration (recorded in `supabase_migrations.schema_migrations`
 * like the Supabase CLI does), and `supabase/seed.sql` once on an empty database.
 */
export async function openDatabase({
  dataDir,
  logger,
  useTemplate = true,
}: BackendPlace & {
  /** Restore a new database from the cached template (default); false always runs the migrations. */
  useTemplate?: boolean
}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true })
  const release = acquireLock(dataDir, logger)
  let db: PGlite | undefined
  try {
    const started = performance.now()
    const dbDir = path.join(dataDir, 'db')
    let fresh: boolean
    let applied: string[]
    if (existsSync(path.join(dbDir, 'PG_VERSION'))) {
      db = await PGlite.create(dbDir, pgliteOptions)
      ;({ fresh, applied } = await migrate(db))
    } else {
      ;({ db, fresh, applied } = await createDatabase(dbDir, logger, useTemplate))
    }
    logger.info(
      { ms: Math.round(performance.now() - started), applied, seeded: fresh },
      'Embedded database ready',
    )

    const opened = db
    let closing: Promise<void> | null = null
    return {
      db: opened,
      fresh,
      applied,
      close() {
        closing ??= opened.close().finally(release)
        return closing
      },
    }
  } catch (err) {
    await db?.close().catch(() => undefined)
    release()
    throw err
  }
}

// The only roles a request can run as; checked here as well as where the token is verified.
const allowedRoles: ReadonlySet<string> = new Set<RequestRole>(['anon', 'authenticated', 'service_role'])

/**
 * Runs `fn` in one transaction as `role` with `request.jwt.claims` set, exactly as PostgREST does on
 * hosted Supabase, so `auth.uid()` and the RLS policies see the caller. An error thrown by `fn` rolls back.
 */
export async function withClaims<T>(
  db: PGlite,
  claims: JwtClaims | null,
  role: RequestRole,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!allowedRoles.has(role)) throw new Error(`Role not allowed: ${String(role)}`)
  return db.transaction(async (tx) => {
    // set_config('role', …, true) is `set local role`; one statement instead of two saves a round trip
    // into PGlite on every request.
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.role', $1, true)",
      [role, JSON.stringify(claims ?? { role })],
    )
    return fn(tx)
  })
}
