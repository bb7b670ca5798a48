import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { actors, signInActors, type Actor } from '../support/rls-actors.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// Row-level security on the webhook tables, every actor × every verb through REST (supabase-js), each judged
// by what the service role reads back afterwards: administrators manage endpoints (change and remove; adding
// goes through /api/webhooks, which adds the secret in the same transaction), editors and administrators
// read endpoints and the delivery log, visitors and contributors see nothing, secrets are read by nobody but
// the server, and only the server writes deliveries and attempts. (The PostgreSQL 15 step compares every
// cell of these tables with a real PostgreSQL.)

let server: TestServer
let clients: Record<Actor, SupabaseClient>

const tables = [
  'webhook_endpoints',
  'webhook_endpoint_secrets',
  'webhook_deliveries',
  'webhook_delivery_attempts',
] as const
type Table = (typeof tables)[number]

/** Who reads each table's rows. */
const readers: Record<Table, Actor[]> = {
  webhook_endpoints: ['editor', 'admin'],
  webhook_endpoint_secrets: [],
  webhook_deliveries: ['editor', 'admin'],
  webhook_delivery_attempts: ['editor', 'admin'],
}
/** Who may change or remove rows (nobody adds rows through REST). */
const writers: Record<Table, Actor[]> = {
  webhook_endpoints: ['admin'],
  webhook_endpoint_secrets: [],
  webhook_deliveries: [],
  webhook_delivery_attempts: [],
}
/** A column each table's update sets (to a value of its own kind). */
const change: Record<Table, Record<string, unknown>> = {
  webhook_endpoints: { description: 'changed' },
  webhook_endpoint_secrets: { current_secret: 'whsec_Y2hhbmdlZC1jaGFuZ2VkLWNoYW5nZWQtY2hhbmdlZA==' },
  webhook_deliveries: { status: 'failed' },
  webhook_delivery_attempts: { status_code: 599 },
}

/** A fresh endpoint with its secret, one delivery and one attempt; their ids by table. */
async function fill(): Promise<Record<Table, string>> {
  const db = server.ctx.localSupabase!.db
  const { rows } = await db.query<Record<Table, string>>(
    `with endpoint as (
       insert into public.webhook_endpoints (url, events) values ('https://hooks.example.com/rls', '{lead.created}')
       returning id
     ), secret as (
       insert into public.webhook_endpoint_secrets (endpoint_id, current_secret)
       select id, 'whsec_cmxzLXJscy1ybHMtcmxzLXJscy1ybHMtcmxz' from endpoint returning endpoint_id
     ), delivery as (
       insert into public.webhook_deliveries (event_id, endpoint_id, type, payload)
       select 'msg_rls', id, 'lead.created', '{}'::jsonb from endpoint returning id
     ), attempt as (
       insert into public.webhook_delivery_attempts (delivery_id, status_code, duration_ms)
       select id, 204, 12 from delivery returning id
     )
     select (select id::text from endpoint) as webhook_endpoints,
            (select endpoint_id::text from secret) as webhook_endpoint_secrets,
            (select id::text from delivery) as webhook_deliveries,
            (select id::text from attempt) as webhook_delivery_attempts`,
  )
  return rows[0]
}

const keyOf = (table: Table) => (table === 'webhook_endpoint_secrets' ? 'endpoint_id' : 'id')

async function serviceRow(table: Table, id: string) {
  const { data } = await clients.service.from(table).select('*').eq(keyOf(table), id).maybeSingle()
  return data as Record<string, unknown> | null
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients } = await signInActors(server))
}, 60_000)

afterAll(() => server?.stop())

const cases = tables.flatMap((table) =>
  actors.filter((a) => a !== 'service').map((actor) => ({ table, actor })),
)

describe('row-level security on the webhook tables', () => {
  it.each(cases)('$actor on $table', async ({ table, actor }) => {
    const ids = await fill()
    const id = ids[table]
    const client = clients[actor]

    const read = await client.from(table).select('*').eq(keyOf(table), id)
    expect(read.data?.length ?? 0, 'select').toBe(readers[table].includes(actor) ? 1 : 0)

    const before = await serviceRow(table, id)
    await client.from(table).update(change[table]).eq(keyOf(table), id)
    const after = await serviceRow(table, id)
    if (writers[table].includes(actor)) expect(after, 'update').toMatchObject(change[table])
    else expect(after, 'update').toEqual(before)

    const inserted = await client
      .from(table)
      .insert({ ...before, [keyOf(table)]: undefined })
      .select()
    expect(inserted.error, 'insert').not.toBeNull()

    await client.from(table).delete().eq(keyOf(table), id)
    const gone = (await serviceRow(table, id)) === null
    expect(gone, 'delete').toBe(writers[table].includes(actor))
  })
})
