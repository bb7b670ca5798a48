import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import type pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { ensurePostgres } from '../../scripts/ensure-postgres.mjs'
import { openDatabase } from '../../server/local-supabase/database.ts'
import { startCluster } from './cluster.ts'
import { applyMigrations, applySeed, prepareHostedDatabase } from './hosted.ts'
import {
  addFixtures,
  callerNames,
  relationCell,
  relations,
  routineCell,
  routines,
  type Caller,
  type Sql,
} from './matrix.ts'

// The schema on a real PostgreSQL 15 (hosted Supabase runs 15 or 17; the embedded backend's PGlite is 18):
// every migration applies as hosted Supabase's `postgres` role, row-level security and function privileges
// answer as they do on PGlite, cell by cell, and the claims and the last-administrator lock hold under real
// concurrency (several connections, which PGlite, one connection, never shows).
//
// Everything is prepared at collection time so that each migration and each matrix cell is a test of its
// own, named with its outcome: the step's output lists them.

const cluster = await startCluster(ensurePostgres())
await prepareHostedDatabase(cluster)
const owner = await cluster.connect('postgres')
const migrations = await applyMigrations(owner)
const migrated = migrations.every((m) => m.error === null)
if (migrated) {
  await applySeed(owner)
  await addFixtures(fromPg(owner))
}
// PostgREST connects as `authenticator` and switches to the caller's role.
const api = await cluster.connect('authenticator')

const embeddedDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-pglite-'))
const embedded = await openDatabase({ dataDir: embeddedDir, logger: pino({ level: 'silent' }) })
const pglite: Sql = {
  async query(sql, params) {
    const r = await embedded.db.query<Record<string, unknown>>(sql, params)
    return { rows: r.rows, count: r.affectedRows ?? 0 }
  },
}
await addFixtures(pglite)

function fromPg(client: pg.Client): Sql {
  return {
    async query(sql, params) {
      const r = await client.query(sql, params)
      return { rows: r.rows, count: r.rowCount ?? 0 }
    },
  }
}
const hosted = fromPg(api)

const tables = migrated ? await relations(hosted) : []
const functions = migrated ? await routines(hosted) : []
interface Cell {
  name: string
  hosted: string
  embedded: string
}
/** Each thing as each caller, on hosted Postgres and on the embedded backend, named with the hosted outcome. */
async function cellsOf<T>(
  things: T[],
  nameOf: (thing: T) => string,
  cell: (sql: Sql, caller: Caller, thing: T) => Promise<string>,
): Promise<Cell[]> {
  const cells: Cell[] = []
  for (const thing of things) {
    for (const caller of callerNames) {
      const outcome = await cell(hosted, caller, thing)
      cells.push({
        name: `${nameOf(thing)} as ${caller}: ${outcome}`,
        hosted: outcome,
        embedded: await cell(pglite, caller, thing),
      })
    }
  }
  return cells
}
const tableCells = await cellsOf(tables, (table) => table.name, relationCell)
const functionCells = await cellsOf(functions, (fn) => fn.signature, routineCell)

afterAll(async () => {
  await api.end().catch(() => undefined)
  await owner.end().catch(() => undefined)
  await embedded.close()
  rmSync(embeddedDir, { recursive: true, force: true })
  cluster.stop()
})

describe(`migrations on ${cluster.version.split(' on ')[0]}`, () => {
  it.each(migrations.map((m) => [m.file, m.error]))('%s applies', (_file, error) => {
    expect(error).toBeNull()
  })
})

describe('the same tables, views and functions as the embedded backend', () => {
  it('lists the same relations and functions', async () => {
    expect(tables).toEqual(await relations(pglite))
    expect(functions).toEqual(await routines(pglite))
  })
})

describe('row-level security, cell by cell as on PGlite', () => {
  it.each(tableCells.map((c) => [c.name, c]))('%s', (_name, cell) => {
    expect(cell.hosted).toBe(cell.embedded)
  })
})

describe('function privileges, cell by cell as on PGlite', () => {
  it.each(functionCells.map((c) => [c.name, c]))('%s', (_name, cell) => {
    expect(cell.hosted).toBe(cell.embedded)
  })
})

describe('claims and locks under real concurrency', () => {
  /** A connection acting as the service role, as the server's supabase-js does. */
  async function serviceConnection() {
    const client = await cluster.connect('authenticator')
    await client.query('set role service_role')
    return client
  }

  it('two instances claiming due lead deliveries at once never claim the same lead', async () => {
    await owner.query(
      `insert into public.leads (name, email, phone, requirement, tech_stack, next_attempt_at)
       select 'Lead ' || n, 'lead' || n || '@claims.example', '+91 98450 00000', 'A team', 'Go', now()
         from generate_series(1, 300) as n`,
    )
    const [a, b] = [await serviceConnection(), await serviceConnection()]
    const claimAll = async (client: pg.Client) => {
      const mine: string[] = []
      for (;;) {
        const { rows } = await client.query<{ id: string }>(
          `select subject_id as id from public.claim_outbox_jobs('lead-mail', 7, 60, true, null)`,
        )
        if (rows.length === 0) return mine
        mine.push(...rows.map((r) => r.id))
      }
    }
    const [first, second] = await Promise.all([claimAll(a), claimAll(b)])
    await Promise.all([a.end(), b.end()])
    // Each stored lead queued its delivery job in the same transaction (the trigger).
    const due = await owner.query(
      `select count(*)::int as n from public.outbox_jobs where queue = 'lead-mail' and status = 'pending'`,
    )
    const leads = await owner.query(
      'select count(*)::int as n from public.leads where next_attempt_at is not null',
    )
    expect(due.rows[0].n).toBe(leads.rows[0].n)
    expect(first.length).toBeGreaterThan(0)
    expect(second.length).toBeGreaterThan(0)
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length)
    expect(first.length + second.length).toBe(due.rows[0].n)
  })

  it('two instances claiming newsletter deliveries at once never claim the same delivery', async () => {
    await owner.query(
      `with added as (
         insert into public.newsletter_subscribers (email, confirmed_at)
         select 'reader' || n || '@claims.example', now() from generate_series(1, 300) as n
         returning id
       )
       insert into public.newsletter_unsubscribe_tokens (subscriber_id, token)
       select id, 'claims-' || id from added`,
    )
    const post = await owner.query<{ id: string }>('select id from public.blogs limit 1')
    const [a, b] = [await serviceConnection(), await serviceConnection()]
    const started = await a.query<{ send_id: string }>(
      `select send_id from public.start_newsletter_send($1, 'claims', 'Claims', '<p>x</p>', 'x', null, null)`,
      [post.rows[0].id],
    )
    const claimAll = async (client: pg.Client) => {
      const mine: string[] = []
      for (let empty = 0; empty < 3;) {
        const { rows } = await client.query<{ id: string }>(
          `select subject_id::text as id from public.claim_outbox_jobs('newsletter', 9, 60, true, null, 6000000)`,
        )
        empty = rows.length === 0 ? empty + 1 : 0
        mine.push(...rows.map((r) => r.id))
      }
      return mine
    }
    const [first, second] = await Promise.all([claimAll(a), claimAll(b)])
    await Promise.all([a.end(), b.end()])
    const owed = await owner.query(
      'select count(*)::int as n from public.newsletter_deliveries where send_id = $1',
      [started.rows[0].send_id],
    )
    expect(owed.rows[0].n).toBeGreaterThanOrEqual(300)
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length)
    expect(first.length + second.length).toBe(owed.rows[0].n)
  })

  it('concurrent sign-ups of one address claim its confirmation mail once', async () => {
    const added = await owner.query<{ id: string }>(
      `insert into public.newsletter_subscribers (email) values ('pending@claims.example') returning id`,
    )
    const clients = await Promise.all(Array.from({ length: 8 }, () => serviceConnection()))
    await Promise.all(clients.map((c) => c.query('begin')))
    // All eight claim before any commits: the first holds the row, the others wait for it, then find the
    // gap taken.
    const claims = clients.map((c) =>
      c
        .query<{ ok: boolean }>('select public.claim_newsletter_confirmation($1, 600) as ok', [
          added.rows[0].id,
        ])
        .then(async (r) => {
          await c.query('commit')
          return r.rows[0].ok
        }),
    )
    const won = await Promise.all(claims)
    await Promise.all(clients.map((c) => c.end()))
    expect(won.filter(Boolean)).toHaveLength(1)
  })

  it('two administrators removing each other at once leave one administrator', async () => {
    const admins = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2']
    for (const id of admins) {
      await owner.query('insert into auth.users (id, email) values ($1, $2)', [id, `${id}@lock.example`])
      await owner.query(`insert into public.editors (user_id, email, role) values ($1, $2, 'admin')`, [
        id,
        `${id}@lock.example`,
      ])
    }
    await owner.query('delete from public.editors where not (user_id = any($1))', [admins])
    const [a, b] = [await serviceConnection(), await serviceConnection()]
    await a.query('begin')
    await a.query('delete from public.editors where user_id = $1', [admins[0]])
    // The second removal waits on the first's lock: it must see the first once that commits.
    const second = b.query('delete from public.editors where user_id = $1', [admins[1]]).then(
      () => 'removed',
      (err: { message: string }) => err.message,
    )
    await expect
      .poll(async () => {
        const { rows } = await owner.query<{ n: number }>(
          'select count(*)::int as n from pg_locks where not granted',
        )
        return rows[0].n
      })
      .toBe(1)
    await a.query('commit')
    expect(await second).toBe(
      'The last administrator cannot be removed. Make someone else an administrator first.',
    )
    await Promise.all([a.end(), b.end()])
    const left = await owner.query(`select user_id from public.editors where role = 'admin'`)
    expect(left.rows).toEqual([{ user_id: admins[1] }])
  })
})
