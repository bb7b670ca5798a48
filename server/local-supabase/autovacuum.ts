import type { Logger } from 'pino'
import type { PGlite } from './database.ts'

/**
 * What hosted Postgres's autovacuum does, for the embedded database (PGlite has no background workers):
 * after writes, tables whose contents changed enough get `VACUUM (ANALYZE)`. Without it a table filled in
 * bulk has no statistics (the planner guesses) and its GIN indexes keep every new row in their pending
 * list, which the planner prices so high that it scans the whole table instead: a search over 10,000 new
 * posts took ~1 s instead of a few milliseconds.
 */
export interface Autovacuum {
  /** A write happened: check the tables shortly, once writes pause. */
  noteWrite(): void
  /** Checks now and vacuums what needs it; resolves when done (startup, tests). */
  run(): Promise<string[]>
  /** No more checks; resolves once a vacuum under way has finished, so the database can close. */
  stop(): Promise<void>
}

/** Like autovacuum's `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor`: max(50, 10% of rows). */
export function needsVacuum(liveRows: number, changedSinceAnalyze: number): boolean {
  return changedSinceAnalyze > Math.max(50, 0.1 * liveRows)
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

export function createAutovacuum(db: PGlite, logger: Logger, { delayMs = 1000 } = {}): Autovacuum {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<string[]> | null = null
  let again = false
  let stopped = false

  async function vacuumDue(): Promise<string[]> {
    const stats = await db.query<{ schema: string; table: string; live: number; changed: number }>(
      `select schemaname as schema, relname as table, n_live_tup::int as live, n_mod_since_analyze::int as changed
         from pg_catalog.pg_stat_user_tables
        where schemaname in ('public', 'auth', 'storage')`,
    )
    const done: string[] = []
    for (const { schema, table, live, changed } of stats.rows) {
      if (stopped || !needsVacuum(live, changed)) continue
      const name = `${quoteIdent(schema)}.${quoteIdent(table)}`
      const started = performance.now()
      // Outside any transaction (VACUUM refuses to run in one); PGlite queues it between requests.
      await db.exec(`vacuum (analyze) ${name}`)
      logger.debug(
        { table: `${schema}.${table}`, changed, ms: Math.round(performance.now() - started) },
        'vacuumed',
      )
      done.push(`${schema}.${table}`)
    }
    return done
  }

  function run(): Promise<string[]> {
    if (running) {
      again = true
      return running
    }
    running = vacuumDue()
      .catch((err: unknown) => {
        // Only an optimisation: a failure must never reach a request.
        if (!stopped) logger.warn({ err }, 'Background vacuum failed')
        return []
      })
      .finally(() => {
        running = null
        if (again && !stopped) {
          again = false
          schedule()
        }
      })
    return running
  }

  function schedule() {
    if (stopped) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void run()
    }, delayMs)
    timer.unref()
  }

  return {
    noteWrite: schedule,
    run,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}
