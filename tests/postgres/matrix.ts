// The privilege matrices at SQL level: every table and view of `public` × every API caller × every verb, and
// every function of `public` reachable through /rest/v1/rpc × every caller, run the way PostgREST runs a
// request (`set local role`, `request.jwt.claims`) inside a transaction that is rolled back. The outcome of
// each cell ("ok 3" rows, or the SQLSTATE) is compared between the embedded backend's PGlite and a real
// PostgreSQL 15: the expectations themselves are the embedded matrices' (local-supabase-rls*.test.ts,
// function-privileges.test.ts); this proves hosted Supabase's PostgreSQL answers the same.

/** One way to run SQL: PGlite and node-postgres, reduced to what the matrix needs. */
export interface Sql {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; count: number }>
}

const ids = {
  admin: '00000000-0000-4000-8000-00000000000a',
  editor: '00000000-0000-4000-8000-00000000000e',
  contributor: '00000000-0000-4000-8000-00000000000c',
  member: '00000000-0000-4000-8000-00000000000d',
}

/** The callers PostgREST can act as, with the role and claims it would set. */
export const callers = {
  anon: { role: 'anon', claims: { role: 'anon' } },
  member: { role: 'authenticated', claims: { sub: ids.member, role: 'authenticated' } },
  contributor: { role: 'authenticated', claims: { sub: ids.contributor, role: 'authenticated' } },
  editor: { role: 'authenticated', claims: { sub: ids.editor, role: 'authenticated' } },
  admin: { role: 'authenticated', claims: { sub: ids.admin, role: 'authenticated' } },
  service_role: { role: 'service_role', claims: { role: 'service_role' } },
} as const
export type Caller = keyof typeof callers
export const callerNames = Object.keys(callers) as Caller[]

/** People (one of each role and a signed-in non-editor) and a row in each table people never write. */
export async function addFixtures(sql: Sql): Promise<void> {
  for (const [name, id] of Object.entries(ids)) {
    await sql.query('insert into auth.users (id, email) values ($1, $2)', [id, `${name}@matrix.example`])
  }
  // The first editor row becomes an administrator whatever it asks for.
  for (const [name, role] of [
    ['admin', 'admin'],
    ['editor', 'editor'],
    ['contributor', 'contributor'],
  ] as const) {
    await sql.query('insert into public.editors (user_id, email, role) values ($1, $2, $3)', [
      ids[name],
      `${name}@matrix.example`,
      role,
    ])
  }
  await sql.query(
    `insert into public.leads (name, email, phone, requirement, tech_stack)
     values ('Asha Verma', 'asha@matrix.example', '+91 98450 00000', 'A platform team of eight', 'Go')`,
  )
  await sql.query(
    `with added as (
       insert into public.newsletter_subscribers (email, confirmed_at)
       values ('reader@matrix.example', now()) returning id
     )
     insert into public.newsletter_unsubscribe_tokens (subscriber_id, token) select id, 'matrix-token' from added`,
  )
  // A webhook endpoint with its secret, one delivery and one attempt.
  await sql.query(
    `with endpoint as (
       insert into public.webhook_endpoints (url, events) values ('https://hooks.matrix.example/in', '{lead.created}')
       returning id
     ), secret as (
       insert into public.webhook_endpoint_secrets (endpoint_id, current_secret)
       select id, 'whsec_bWF0cml4LW1hdHJpeC1tYXRyaXgtbWF0cml4' from endpoint
     ), delivery as (
       insert into public.webhook_deliveries (event_id, endpoint_id, type, payload)
       select 'msg_matrix', id, 'lead.created', '{}'::jsonb from endpoint returning id
     )
     insert into public.webhook_delivery_attempts (delivery_id, status_code, duration_ms) select id, 204, 12 from delivery`,
  )
}

/** Runs `statement` as `caller` in a transaction that is rolled back; the outcome as text. */
async function asCaller(sql: Sql, caller: Caller, statement: string): Promise<string> {
  const { role, claims } = callers[caller]
  await sql.query('begin')
  try {
    await sql.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.role', $1, true)",
      [role, JSON.stringify(claims)],
    )
    const result = await sql.query(statement)
    return statement.startsWith('select count') ? `ok ${result.rows[0].n}` : `ok ${result.count}`
  } catch (err) {
    return `error ${(err as { code?: string }).code ?? (err as Error).message}`
  } finally {
    await sql.query('rollback')
  }
}

export interface Relation {
  name: string
  /** A column a no-op update can set to itself. */
  column: string
}

/** The tables and views of `public`, by name. */
export async function relations(sql: Sql): Promise<Relation[]> {
  const { rows } = await sql.query(
    `select c.relname as name,
            (select a.attname from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                and a.attidentity = '' order by a.attnum limit 1) as column
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'p')
      order by c.relname`,
  )
  return rows as unknown as Relation[]
}

/** Each verb's outcome for one caller on one table or view. */
export async function relationCell(sql: Sql, caller: Caller, r: Relation): Promise<string> {
  const table = `public."${r.name}"`
  const outcomes = {
    select: await asCaller(sql, caller, `select count(*)::int as n from ${table}`),
    insert: await asCaller(sql, caller, `insert into ${table} default values`),
    update: await asCaller(sql, caller, `update ${table} set "${r.column}" = "${r.column}"`),
    delete: await asCaller(sql, caller, `delete from ${table}`),
  }
  return Object.entries(outcomes)
    .map(([verb, outcome]) => `${verb} ${outcome}`)
    .join(', ')
}

export interface Routine {
  /** `name(argument types)`, as PostgREST exposes it. */
  signature: string
  /** A call with every argument null. */
  call: string
}

/** The functions of `public` a caller could reach through /rest/v1/rpc (not triggers, not extensions'). */
export async function routines(sql: Sql): Promise<Routine[]> {
  const { rows } = await sql.query(
    `select p.proname as name,
            coalesce((select string_agg(format_type(t, null), ', ' order by i)
                        from unnest(p.proargtypes) with ordinality as a(t, i)), '') as args
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and p.prorettype <> 'trigger'::regtype and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, 2`,
  )
  return rows.map((r) => {
    const args = String(r.args)
    const nulls = args ? args.split(', ').map((t) => `null::${t}`) : []
    return {
      signature: `${r.name}(${args})`,
      call: `select count(*)::int as n from public."${r.name}"(${nulls.join(', ')})`,
    }
  })
}

/** A function's outcome for one caller: "ok" (its result depends on the clock) or the SQLSTATE. */
export async function routineCell(sql: Sql, caller: Caller, r: Routine): Promise<string> {
  const outcome = await asCaller(sql, caller, r.call)
  return outcome.startsWith('ok') ? 'ok' : outcome
}
