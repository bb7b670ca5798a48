import { readFileSync } from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { migrationFiles, supabaseDir } from '../../server/local-supabase/database.ts'
import type { Cluster } from './cluster.ts'

const bootstrapSql = readFileSync(
  path.resolve(import.meta.dirname, '../../server/local-supabase/bootstrap.sql'),
  'utf8',
)

/**
 * A database shaped as a hosted Supabase project is before `supabase db push`: the platform's objects made
 * by `supabase_admin` (the superuser, as on hosted), what the embedded backend's bootstrap.sql models of
 * them (API roles, auth and storage schemas), auth's tables owned by `supabase_auth_admin` and storage's by
 * `supabase_storage_admin`, and Supabase's default grants to the API roles on whatever `postgres` creates.
 * Migrations then run as `postgres`, which on hosted Supabase is not a superuser.
 */
export async function prepareHostedDatabase(cluster: Cluster): Promise<void> {
  const admin = await cluster.connect('supabase_admin')
  try {
    await admin.query(`
      create role postgres login createrole createdb replication bypassrls;
      create role supabase_auth_admin noinherit createrole login;
      create role supabase_storage_admin noinherit createrole login;
      alter database postgres owner to postgres;
    `)
    await admin.query(bootstrapSql)
    await admin.query(`
      do $$
      declare r record;
      begin
        for r in select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'v') loop
          execute format('alter %s %I.%I owner to %I',
            case r.relkind when 'v' then 'view' else 'table' end,
            r.nspname, r.relname,
            case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
        end loop;
        for r in select p.oid::regprocedure as f, n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname in ('auth', 'storage') loop
          execute format('alter function %s owner to %I', r.f,
            case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
        end loop;
      end $$;
      alter schema auth owner to supabase_auth_admin;
      alter schema storage owner to supabase_storage_admin;
      -- What hosted projects give postgres: the platform roles' rights (policies on storage.objects,
      -- foreign keys to auth.users), the API roles, and Supabase's default grants on what it creates.
      grant supabase_auth_admin, supabase_storage_admin to postgres;
      grant anon, authenticated, service_role to postgres;
      grant all on schema public, extensions to postgres;
      alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
      alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
      alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
    `)
  } finally {
    await admin.end()
  }
}

export interface MigrationResult {
  file: string
  error: string | null
}

/** Applies every migration in order as `postgres`, each in its own transaction, as `supabase db push` does. */
export async function applyMigrations(client: pg.Client): Promise<MigrationResult[]> {
  const results: MigrationResult[] = []
  for (const file of migrationFiles()) {
    const sql = readFileSync(path.join(supabaseDir, 'migrations', file), 'utf8')
    try {
      await client.query('begin')
      await client.query(sql)
      await client.query('commit')
      results.push({ file, error: null })
    } catch (err) {
      await client.query('rollback')
      results.push({ file, error: (err as Error).message })
      break
    }
  }
  return results
}

/** Runs supabase/seed.sql, as `supabase db reset` does after the migrations. */
export async function applySeed(client: pg.Client): Promise<void> {
  await client.query(readFileSync(path.join(supabaseDir, 'seed.sql'), 'utf8'))
}
