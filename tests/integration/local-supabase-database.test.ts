import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import {
  migrationFiles,
  openDatabase,
  withClaims,
  type Database,
} from '../../server/local-supabase/database.ts'

// The database as the embedded backend opens it: built from supabase/ (bootstrap, migrations, seed), or
// restored from the cached template of exactly those files, with the same result either way.

const logger = pino({ level: 'silent' })
const dirs: string[] = []
const open: Database[] = []

async function openFresh(useTemplate: boolean): Promise<Database> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-db-'))
  dirs.push(dataDir)
  const db = await openDatabase({ dataDir, logger, useTemplate })
  open.push(db)
  return db
}

afterAll(async () => {
  for (const db of open) await db.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** Everything that decides behaviour: tables and columns, constraints, policies, functions, buckets, seed rows. */
async function describeSchema({ db }: Database) {
  const q = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows
  return {
    columns: await q(`select table_schema, table_name, column_name, data_type, is_nullable, column_default
                        from information_schema.columns where table_schema in ('public', 'auth', 'storage')
                       order by 1, 2, 3`),
    constraints: await q(`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
                            from pg_constraint where connamespace in ('public'::regnamespace, 'storage'::regnamespace)
                           order by 1, 2`),
    policies: await q(
      `select schemaname, tablename, policyname, cmd, roles::text, qual, with_check from pg_policies order by 1, 2, 3`,
    ),
    rls: await q(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    ),
    functions: await q(`select p.oid::regprocedure::text as fn, p.prosecdef from pg_proc p
                         where pronamespace in ('public'::regnamespace, 'auth'::regnamespace, 'storage'::regnamespace) order by 1`),
    buckets: await q(
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id`,
    ),
    migrations: await q(`select version, name from supabase_migrations.schema_migrations order by version`),
    posts: await q(`select slug, title, type, status, tags, created_at from public.blogs order by slug`),
  }
}

describe('opening a new database', () => {
  it('applies every migration and the seed, and records them', { timeout: 180_000 }, async () => {
    const built = await openFresh(false)
    expect(built.fresh).toBe(true)
    expect(built.applied).toEqual(migrationFiles())
    const schema = await describeSchema(built)
    expect(schema.migrations).toHaveLength(migrationFiles().length)
    expect(schema.rls.every((t) => t.relrowsecurity)).toBe(true)
    expect(schema.posts.length).toBeGreaterThanOrEqual(6)
    for (const type of ['blog', 'case study', 'ebook']) {
      expect(schema.posts.filter((p) => p.type === type).length).toBeGreaterThanOrEqual(2)
    }
    expect(schema.buckets).toEqual([
      {
        id: 'images',
        public: true,
        file_size_limit: 10485760,
        allowed_mime_types: [
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/gif',
          'image/bmp',
          'image/x-icon',
        ],
      },
    ])
  })

  it('restored from the template, it is the same database', { timeout: 180_000 }, async () => {
    const built = await describeSchema(open[0])
    const restored = await openFresh(true)
    expect(restored.applied).toEqual([])
    expect(await describeSchema(restored)).toEqual(built)
  })

  it('runs requests as the given role with the given claims, and only the allowed roles', async () => {
    const { db } = open[0]
    const sub = crypto.randomUUID()
    const seen = await withClaims(db, { role: 'authenticated', sub }, 'authenticated', async (tx) => {
      const r = await tx.query<{ who: string; uid: string; role: string }>(
        'select current_user as who, auth.uid()::text as uid, auth.role() as role',
      )
      return r.rows[0]
    })
    expect(seen).toEqual({ who: 'authenticated', uid: sub, role: 'authenticated' })
    const after = await db.query<{ who: string }>('select current_user as who')
    expect(after.rows[0].who).toBe('postgres')
    await expect(withClaims(db, null, 'postgres' as never, async () => 1)).rejects.toThrow('Role not allowed')
  })

  it('rolls back everything a failed request did', async () => {
    const { db } = open[0]
    await expect(
      withClaims(db, null, 'service_role', async (tx) => {
        await tx.query(
          "insert into public.blogs (title, slug, author) values ('Rolled back', 'rolled-back', 'A')",
        )
        await tx.query("insert into public.blogs (title, slug, author) values ('Bad', 'Not Valid', 'A')")
      }),
    ).rejects.toMatchObject({ code: '23514' })
    const rows = await db.query("select 1 from public.blogs where slug = 'rolled-back'")
    expect(rows.rows).toHaveLength(0)
  })
})
