import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { actors, member, signInActors, type Actor } from '../support/rls-actors.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

// Who may call which database function. Hosted Supabase grants EXECUTE on every new function in `public`
// to anon, authenticated and service_role by default (the embedded backend's bootstrap does the same), so a
// `revoke ... from public` alone leaves a function open to visitors. Every function /rest/v1/rpc can reach
// is listed here with each caller's answer, and the list is checked against pg_proc: a new function without
// its row fails this test until someone decides who may call it.

let server: TestServer
let clients: Record<Actor, SupabaseClient>
const ids = { admin: '', member: '', post: '', endpoint: '' }

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients } = await signInActors(server))
  const db = server.ctx.localSupabase!.db
  const idOf = async (email: string) =>
    (await db.query<{ id: string }>('select id::text as id from auth.users where email = $1', [email]))
      .rows[0].id
  ids.admin = await idOf(testEditor.email)
  ids.member = await idOf(member.email)
  ids.post = (
    await db.query<{ id: string }>(
      `insert into public.blogs (title, slug, author, status) values ('Privileges', $1, 'Tester', 'published')
       returning id::text as id`,
      [`privileges-${randomUUID()}`],
    )
  ).rows[0].id
  // A webhook endpoint, for the functions that queue a delivery to one (its deliveries wait for the year 2100).
  ids.endpoint = (
    await db.query<{ id: string }>(
      `insert into public.webhook_endpoints (url, events) values ('https://example.com/privileges', '{lead.updated}')
       returning id::text as id`,
    )
  ).rows[0].id
  await db.query(
    `insert into public.webhook_endpoint_secrets (endpoint_id, current_secret)
     values ($1, 'whsec_cHJpdmlsZWdlcy1wcml2aWxlZ2VzLXByaXZpbGVnZXM=')`,
    [ids.endpoint],
  )
  // One page view today, so Insights has something that only editors and administrators may see.
  const view = await clients.service.rpc('record_page_view', {
    p_visitor: 'privileges-visitor',
    p_path: '/',
    p_referrer_host: '',
    p_utm_source: '',
    p_utm_medium: '',
    p_utm_campaign: '',
  })
  if (view.error) throw view.error
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** A refusal: PostgREST answers 42501 (401 to a visitor, 403 to a signed-in caller). */
const denied = 'denied' as const
type Answer = typeof denied | ((data: unknown) => void)

/** The same answer for every caller. */
const everyone = (answer: Answer): Record<Actor, Answer> =>
  Object.fromEntries(actors.map((a) => [a, answer])) as Record<Actor, Answer>
/** The server's functions: only the service role may call them. */
const serverOnly = (answer: Answer) => ({ ...everyone(denied), service: answer })
/** One answer per caller: anon, member, contributor, editor, admin, service (as in rls-actors.ts). */
const perActor = (...answers: Answer[]) =>
  Object.fromEntries(actors.map((a, i) => [a, answers[i]!])) as Record<Actor, Answer>

const is = (expected: unknown) => (data: unknown) => expect(data).toEqual(expected)
const isString = (data: unknown) => expect(typeof data).toBe('string')
const isArray = (data: unknown) => expect(Array.isArray(data)).toBe(true)
const isBoolean = (data: unknown) => expect(typeof data).toBe('boolean')
const views = (check: (n: number) => boolean) => (data: unknown) => {
  const report = (typeof data === 'string' ? JSON.parse(data) : data) as { views: number }
  expect(check(report.views), `views: ${report.views}`).toBe(true)
}

interface FunctionRow {
  args: () => Record<string, unknown>
  answers: Record<Actor, Answer>
}

/** Every function in `public` that /rest/v1/rpc can reach, by name and identity arguments. */
const expected: Record<string, FunctionRow> = {
  // The caller's own standing, asked by row-level security (blogs' read policy also for visitors).
  'is_editor()': {
    args: () => ({}),
    answers: perActor(is(false), is(false), is(true), is(true), is(true), is(false)),
  },
  'can_publish()': {
    args: () => ({}),
    answers: perActor(is(false), is(false), is(false), is(true), is(true), is(false)),
  },
  'editor_role()': {
    args: () => ({}),
    answers: perActor(denied, is(null), is('contributor'), is('editor'), is('admin'), is(null)),
  },
  'is_admin()': {
    args: () => ({}),
    answers: perActor(denied, is(false), is(false), is(false), is(true), is(false)),
  },
  // Asked by the leads policy when an editor hands a lead over: says nothing to anyone who could not read
  // the team anyway.
  'can_own_leads(p_user_id uuid)': {
    args: () => ({ p_user_id: ids.admin }),
    answers: perActor(denied, is(false), is(false), is(true), is(true), denied),
  },
  // Insights: row-level security leaves everyone but editors and administrators with zeros.
  'insights_report(p_days integer)': {
    args: () => ({ p_days: 7 }),
    answers: perActor(
      denied,
      views((n) => n === 0),
      views((n) => n === 0),
      views((n) => n >= 1),
      views((n) => n >= 1),
      views((n) => n >= 1),
    ),
  },
  // The public site.
  'published_posts_stamp()': { args: () => ({}), answers: everyone(isString) },
  'search_published_posts(search text, post_type text, page_offset integer, page_limit integer)': {
    args: () => ({ search: 'privileges', post_type: null, page_offset: 0, page_limit: 5 }),
    answers: everyone(isArray),
  },
  // A post page in one call (the public post, its prepared body, candidates to read next; null: no such
  // public post).
  'public_post_page(post_slug text, sanitizer text, related_limit integer, related_minimum integer)': {
    args: () => ({ post_slug: 'no-such-post', sanitizer: 'any', related_limit: 3, related_minimum: 2 }),
    answers: everyone(is(null)),
  },
  // The server prepares post bodies (sanitised when saved); nobody else may write or list them.
  'posts_awaiting_preparation(sanitizer text, batch_size integer)': {
    args: () => ({ sanitizer: 'any', batch_size: 0 }),
    answers: serverOnly(is([])),
  },
  'store_prepared_post_html(items jsonb)': {
    args: () => ({ items: [] }),
    answers: serverOnly(is(0)),
  },
  // Helpers of the search triggers and of search_published_posts (which runs as its owner).
  'blog_search_document(title text, content text)': {
    args: () => ({ title: 'A', content: 'b' }),
    answers: serverOnly(isString),
  },
  'blog_search_words(title text, content text)': {
    args: () => ({ title: 'A', content: 'b' }),
    answers: serverOnly(isString),
  },
  'resources_search_terms(search text, OUT words tsquery, OUT phrases tsquery)': {
    args: () => ({ search: 'cloud' }),
    answers: serverOnly((data) => expect(data).toMatchObject({ words: expect.any(String) })),
  },
  // The server's outboxes, limits and Insights counting.
  // The one outbox (server/jobs/): enqueue, claim, finish, and whether work is due.
  'enqueue_outbox_job(p_queue text, p_subject_id uuid, p_at timestamp with time zone)': {
    args: () => ({ p_queue: 'privileges', p_subject_id: randomUUID(), p_at: null }),
    answers: serverOnly(isString),
  },
  'claim_outbox_jobs(p_queue text, p_limit integer, p_lease_seconds integer, p_ignore_schedule boolean, p_now timestamp with time zone, p_per_minute integer)':
    {
      args: () => ({
        p_queue: 'privileges-none',
        p_limit: 0,
        p_lease_seconds: 60,
        p_ignore_schedule: false,
        p_now: null,
        p_per_minute: null,
      }),
      answers: serverOnly(is([])),
    },
  'claim_outbox_job(p_queue text, p_subject_id uuid, p_lease_seconds integer, p_now timestamp with time zone)':
    {
      args: () => ({
        p_queue: 'privileges-none',
        p_subject_id: randomUUID(),
        p_lease_seconds: 60,
        p_now: null,
      }),
      answers: serverOnly(is([])),
    },
  'finish_outbox_job(p_id uuid, p_claim_token uuid, p_outcome text, p_error text, p_next_attempt_at timestamp with time zone)':
    {
      args: () => ({
        p_id: randomUUID(),
        p_claim_token: randomUUID(),
        p_outcome: 'done',
        p_error: null,
        p_next_attempt_at: null,
      }),
      answers: serverOnly(is(false)),
    },
  'delete_finished_outbox_jobs(p_queue text, p_before timestamp with time zone)': {
    args: () => ({ p_queue: 'privileges-none', p_before: new Date().toISOString() }),
    answers: serverOnly(is(0)),
  },
  'outbox_work_due(p_queue text, p_ignore_schedule boolean, p_now timestamp with time zone)': {
    args: () => ({ p_queue: 'privileges-none', p_ignore_schedule: false, p_now: null }),
    answers: serverOnly(is(false)),
  },
  'claim_held_notifications(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone)': {
    args: () => ({ p_limit: 0, p_lease_seconds: 60, p_now: null }),
    answers: serverOnly(is([])),
  },
  'take_rate_limit(p_key text, p_limit integer, p_window_seconds integer)': {
    args: () => ({ p_key: `privileges:${randomUUID()}`, p_limit: 5, p_window_seconds: 60 }),
    answers: serverOnly((data) => expect(data).toEqual([{ allowed: true, retry_after_seconds: 0 }])),
  },
  'analytics_salt()': {
    args: () => ({}),
    answers: serverOnly((data) =>
      expect(data).toEqual([{ day: expect.any(String), salt: expect.any(String) }]),
    ),
  },
  'record_page_view(p_visitor text, p_path text, p_referrer_host text, p_utm_source text, p_utm_medium text, p_utm_campaign text)':
    {
      args: () => ({
        p_visitor: 'privileges-visitor',
        p_path: '/privileges',
        p_referrer_host: '',
        p_utm_source: '',
        p_utm_medium: '',
        p_utm_campaign: '',
      }),
      answers: serverOnly(isBoolean),
    },
  'visit_source(p_visitor text)': { args: () => ({ p_visitor: 'nobody' }), answers: serverOnly(is([])) },
  'start_newsletter_send(p_post_id uuid, p_slug text, p_subject text, p_html text, p_text text, p_created_by uuid, p_created_by_email text)':
    {
      args: () => ({
        p_post_id: ids.post,
        p_slug: 'privileges',
        p_subject: 'Privileges',
        p_html: '<p>x</p>',
        p_text: 'x',
        p_created_by: null,
        p_created_by_email: null,
      }),
      answers: serverOnly((data) => expect(data).toEqual([{ send_id: expect.any(String), created: true }])),
    },
  // The newsletter queue's side of a delivery: what its mail needs, and its outcome.
  'newsletter_delivery_to_send(p_key uuid)': {
    args: () => ({ p_key: randomUUID() }),
    answers: serverOnly(is([])),
  },
  'record_newsletter_outcome(p_key uuid, p_outcome text, p_error text)': {
    args: () => ({ p_key: randomUUID(), p_outcome: 'sent', p_error: null }),
    answers: serverOnly(is(false)),
  },
  'add_newsletter_subscriber(p_email text, p_unsubscribe_token text)': {
    args: () => ({ p_email: `privileges-${randomUUID()}@example.com`, p_unsubscribe_token: randomUUID() }),
    answers: serverOnly((data) => expect(data).toEqual([expect.objectContaining({ created: true })])),
  },
  'claim_newsletter_confirmation(p_subscriber_id uuid, p_gap_seconds integer)': {
    args: () => ({ p_subscriber_id: randomUUID(), p_gap_seconds: 600 }),
    answers: serverOnly(is(false)),
  },
  // Webhooks (20261204100000_webhooks.sql): the server's alone; administrators reach them through /api/webhooks.
  'create_webhook_endpoint(p_url text, p_events text[], p_format text, p_description text, p_secret text, p_created_by uuid, p_max integer)':
    {
      args: () => ({
        p_url: 'https://example.com/privileges',
        p_events: ['lead.updated'],
        p_format: 'standard',
        p_description: 'privileges',
        p_secret: 'whsec_cHJpdmlsZWdlcy1wcml2aWxlZ2VzLXByaXZpbGVnZXM=',
        p_created_by: null,
        p_max: 1000,
      }),
      answers: serverOnly((data) =>
        expect(data).toEqual([expect.objectContaining({ url: 'https://example.com/privileges' })]),
      ),
    },
  'rotate_webhook_secret(p_endpoint_id uuid, p_secret text, p_overlap_seconds integer)': {
    args: () => ({
      p_endpoint_id: randomUUID(),
      p_secret: 'whsec_cHJpdmlsZWdlcy1wcml2aWxlZ2VzLXByaXZpbGVnZXM=',
      p_overlap_seconds: 60,
    }),
    answers: serverOnly(is(false)),
  },
  'webhook_event_id()': { args: () => ({}), answers: serverOnly(isString) },
  'queue_webhook_delivery(p_endpoint_id uuid, p_event_id text, p_type text, p_data jsonb, p_at timestamp with time zone)':
    {
      args: () => ({
        p_endpoint_id: ids.endpoint,
        p_event_id: `msg_${randomUUID()}`,
        p_type: 'webhook.test',
        p_data: {},
        p_at: '2100-01-01T00:00:00Z',
      }),
      answers: serverOnly(isString),
    },
  'queue_webhook_event(p_type text, p_data jsonb, p_at timestamp with time zone)': {
    args: () => ({ p_type: 'privileges.none', p_data: {}, p_at: null }),
    answers: serverOnly(is(0)),
  },
  'resend_webhook_delivery(p_delivery_id uuid)': {
    args: () => ({ p_delivery_id: randomUUID() }),
    answers: serverOnly(is(false)),
  },
  'webhook_delivery_to_send(p_delivery_id uuid)': {
    args: () => ({ p_delivery_id: randomUUID() }),
    answers: serverOnly(is([])),
  },
  'record_webhook_attempt(p_delivery_id uuid, p_status_code integer, p_duration_ms integer, p_error text, p_response text, p_outcome text, p_pause_reason text)':
    {
      args: () => ({
        p_delivery_id: randomUUID(),
        p_status_code: 204,
        p_duration_ms: 1,
        p_error: null,
        p_response: null,
        p_outcome: 'delivered',
        p_pause_reason: null,
      }),
      answers: serverOnly(is(false)),
    },
  'delete_old_webhook_deliveries(p_before timestamp with time zone)': {
    args: () => ({ p_before: '2000-01-01T00:00:00Z' }),
    answers: serverOnly(is(0)),
  },
  'webhook_lead_data(p_lead_id uuid)': {
    args: () => ({ p_lead_id: randomUUID() }),
    answers: serverOnly(is(null)),
  },
}

/** What /rest/v1/rpc exposes: plain functions in `public`, not triggers (as the embedded catalog has it). */
async function rpcFunctions(): Promise<{ name: string; signature: string }[]> {
  const { rows } = await server.ctx.localSupabase!.db.query<{ name: string; signature: string }>(
    `select p.proname as name, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
      order by 2`,
  )
  return rows
}

describe('function privileges', () => {
  it('every function /rest/v1/rpc reaches has a row here (and every row a function)', async () => {
    const signatures = (await rpcFunctions()).map((f) => f.signature)
    expect(signatures).toEqual(Object.keys(expected).sort())
  })

  const cases = Object.keys(expected)
    .sort()
    .flatMap((signature) =>
      actors.map((actor) => ({ signature, actor, answer: expected[signature]!.answers[actor] })),
    )

  it.each(cases)('$actor calls $signature', async ({ signature, actor, answer }) => {
    const name = signature.slice(0, signature.indexOf('('))
    const { data, error, status } = await clients[actor].rpc(name, expected[signature]!.args())
    if (answer === denied) {
      expect({ code: error?.code, status }).toEqual({
        code: '42501',
        status: actor === 'anon' ? 401 : 403,
      })
      return
    }
    expect(error).toBeNull()
    answer(data)
  })

  it('trigger functions are executable by none of the API roles', async () => {
    const { rows } = await server.ctx.localSupabase!.db.query<{ signature: string; role: string }>(
      `select p.oid::regprocedure::text as signature, r.role
         from pg_proc p, unnest(array['anon', 'authenticated', 'service_role']) as r(role)
        where p.pronamespace = 'public'::regnamespace and p.prorettype = 'trigger'::regtype
          and has_function_privilege(r.role, p.oid, 'execute')
        order by 1, 2`,
    )
    expect(rows).toEqual([])
  })
})

describe('the embedded backend grants as hosted Supabase does', () => {
  it('new functions, tables and sequences in public go to anon, authenticated and service_role by default', async () => {
    const { rows } = await server.ctx.localSupabase!.db.query<{
      kind: string
      grantee: string
      privilege: string
    }>(
      `select d.defaclobjtype::text as kind, a.grantee::regrole::text as grantee, a.privilege_type as privilege
         from pg_default_acl d, aclexplode(d.defaclacl) a
        where d.defaclnamespace = 'public'::regnamespace and d.defaclrole = 'postgres'::regrole
        order by 1, 2, 3`,
    )
    const granted = (kind: string, grantee: string) =>
      rows.filter((r) => r.kind === kind && r.grantee === grantee).map((r) => r.privilege)
    for (const role of ['anon', 'authenticated', 'service_role']) {
      expect(granted('f', role)).toEqual(['EXECUTE'])
      expect(granted('r', role)).toEqual(
        expect.arrayContaining(['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']),
      )
      expect(granted('S', role)).toEqual(['SELECT', 'UPDATE', 'USAGE'])
    }
  })

  it('so every table in public has row-level security on', async () => {
    const { rows } = await server.ctx.localSupabase!.db.query<{ name: string }>(
      `select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity`,
    )
    expect(rows).toEqual([])
  })
})
