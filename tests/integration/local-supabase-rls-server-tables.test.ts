import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { daySalt, recordPageView } from '../../shared/data/insights.ts'
import { addNewsletterSubscriber } from '../../shared/data/newsletter.ts'
import { startNewsletterSend } from '../../shared/data/newsletter-sends.ts'
import { listPostsAwaitingPreparation } from '../../shared/data/published-blogs.ts'
import { takeRateLimit } from '../../shared/data/rate-limits.ts'
import { claimOutboxJobs } from '../../server/jobs/outbox-jobs.ts'
import { sanitizerVersion } from '../../shared/lib/sanitize-html.node.ts'
import { actors, signInActors, type Actor } from '../support/rls-actors.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// Row-level security on the tables that only the server and the database's own functions write (the other
// five, which people write through the admin, are in local-supabase-rls.test.ts). Each table is first filled
// through the code that fills it in the product; then every actor tries every verb on every row: a reader
// sees rows, anyone else sees none, and no one but the service role changes anything.

/** Who may read each table (the service role reads and writes them all); nobody else writes any of them. */
const readers = {
  analytics_daily: ['editor', 'admin'],
  analytics_daily_pages: ['editor', 'admin'],
  analytics_daily_sources: ['editor', 'admin'],
  analytics_salts: [],
  analytics_visits: [],
  // A revision is readable exactly when its post is, by anyone in `editors`: here, a published post's.
  blog_revisions: ['contributor', 'editor', 'admin'],
  blog_search_documents: [],
  blog_search_positions: [],
  // Post bodies as the server's sanitiser left them: only the server reads and writes them.
  blog_prepared_html: [],
  // Deleted post ids, for the desktop's sync.
  blog_tombstones: ['anon', 'member', 'contributor', 'editor', 'admin'],
  newsletter_deliveries: ['editor', 'admin'],
  // The secret in each reader's unsubscribe link: administrators (who may remove readers) and the server.
  newsletter_unsubscribe_tokens: ['admin'],
  // The one outbox's jobs and each queue's send budget: the server's alone.
  outbox_jobs: [],
  outbox_queue_budgets: [],
  rate_limit_counters: [],
} satisfies Record<string, Actor[]>
type Table = keyof typeof readers
const tables = Object.keys(readers) as Table[]

let server: TestServer
let clients: Record<Actor, SupabaseClient>
/** Every table's rows as the service role reads them, after filling. */
const stored = {} as Record<Table, Record<string, unknown>[]>
/** Columns the database always computes (identities, generated columns): a write names none of them. */
const computed = new Set<string>()

async function readAll(table: Table): Promise<Record<string, unknown>[]> {
  const { data, error } = await clients.service.from(table).select('*')
  if (error) throw error
  return data
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients } = await signInActors(server))
  const service = clients.service
  const suffix = Date.now().toString(36)

  // A published post (search documents), changed once (a revision), and another deleted (a tombstone).
  const post = await service
    .from('blogs')
    .insert({
      title: 'Policies',
      slug: `rls-${suffix}`,
      author: 'Tester',
      status: 'published',
      content: '<p>x</p>',
    })
    .select('id')
    .single()
  if (post.error) throw post.error
  await service.from('blogs').update({ title: 'Policies, changed' }).eq('id', post.data.id)
  const gone = await service
    .from('blogs')
    .insert({ title: 'Gone', slug: `rls-gone-${suffix}`, author: 'Tester', status: 'draft' })
    .select('id')
    .single()
  await service.from('blogs').delete().eq('id', gone.data!.id)

  // A counted visit (salt, visit, daily totals) and a rate-limited request.
  await daySalt(service)
  await recordPageView(service, {
    visitor: `v-${suffix}`,
    path: '/',
    referrerHost: 'news.example.com',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
  })
  await takeRateLimit(service, `rls:${suffix}`, 5, 60)

  // A confirmed subscriber, a newsletter send to them and its delivery claimed (the shared budget).
  const { subscriber } = await addNewsletterSubscriber(service, `reader-${suffix}@example.com`, `u-${suffix}`)
  await service
    .from('newsletter_subscribers')
    .update({ confirmed_at: new Date().toISOString() })
    .eq('id', subscriber.id)
  await startNewsletterSend(service, {
    postId: post.data.id,
    slug: `rls-${suffix}`,
    subject: 'Policies',
    html: '<p>x</p>',
    text: 'x',
    createdBy: null,
    createdByEmail: null,
  })
  await claimOutboxJobs(service, {
    queue: 'newsletter',
    limit: 1,
    leaseSeconds: 60,
    perMinute: 10,
    ignoreSchedule: true,
  })

  // The newsletter outbox's check every 5 s takes from the queue's budget: stopped, so only the actors write.
  await server.ctx.newsletterOutbox?.stop()
  // The server prepares the published post's body after its save, in the background.
  while ((await listPostsAwaitingPreparation(service, sanitizerVersion, 1)).length > 0)
    await new Promise((r) => setTimeout(r, 50))
  for (const table of tables) stored[table] = await readAll(table)
  const { rows } = await server.ctx.localSupabase!.db.query<{ name: string }>(
    `select table_name || '.' || column_name as name from information_schema.columns
      where table_schema = 'public' and (identity_generation = 'ALWAYS' or is_generated = 'ALWAYS')`,
  )
  for (const { name } of rows) computed.add(name)
  // The first start creates the database: slow on a busy machine.
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** Refused: an error for want of privilege, or no row matched (a policy hides every row). */
function expectRefused(
  { data, error }: { data: unknown[] | null; error: { code: string } | null },
  what: string,
) {
  if (error) expect(error.code, what).toBe('42501')
  else expect(data, what).toEqual([])
}

const people = actors.filter((actor) => actor !== 'service')
const cases = tables.flatMap((table) => people.map((actor) => ({ table, actor })))

describe('row-level security on the server’s tables', () => {
  it('each table was filled by the product’s own code', () => {
    for (const table of tables) expect(stored[table].length, table).toBeGreaterThan(0)
  })

  it.each(cases)(
    '$actor on $table: reads only as the policy says, and writes nothing',
    async ({ table, actor }) => {
      const client = clients[actor]
      const [first] = stored[table]
      // Every row matches: the first column is never null (an id, a day or a key).
      const [column] = Object.keys(first)
      const row = Object.fromEntries(
        Object.entries(first).filter(([name]) => !computed.has(`${table}.${name}`)),
      )

      const read = await client.from(table).select('*')
      if ((readers[table] as Actor[]).includes(actor)) {
        expect(read.error).toBeNull()
        expect(read.data!.length).toBeGreaterThan(0)
      } else expectRefused(read, 'select')

      expectRefused(await client.from(table).insert(row).select(), 'insert')
      expectRefused(await client.from(table).update(row).not(column, 'is', null).select(), 'update')
      expectRefused(await client.from(table).delete().not(column, 'is', null).select(), 'delete')
      expect(await readAll(table)).toEqual(stored[table])
    },
  )
})
