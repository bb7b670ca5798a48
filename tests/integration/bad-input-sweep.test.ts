import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { diskFullMessage } from '../../server/failures.ts'
import { marketingRoutes } from '../support/routes.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

// The bad-input sweep: thousands of generated requests (fixed seed, so a failure replays) against every
// HTTP surface of both listeners: the site and its API, the embedded Supabase API (REST, auth, storage),
// and the email service. Whatever arrives, the answer is never a 5xx, except a deliberate 503.

const seed = 20261123
const requestCount = 5_000
const concurrency = 16

interface SweepRequest {
  port: 'site' | 'email'
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Uint8Array
}

/** Texts that have broken things before, or could: controls, lone surrogates, markup, paths, giants. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '\r\nBcc: victim@example.com',
  '\u202e\u2028\u2029',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; drop table leads; --",
  '../../etc/passwd',
  '%00%2e%2e%2f',
  'http://evil.example/landing',
  'José García',
  'e\u0301',
  '🚀'.repeat(50),
  'x'.repeat(300),
  'x'.repeat(20_000),
  '{"nested":',
  'null',
  '-1',
  '1e309',
  'NaN',
)
const text = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
)
const leadish = fc.record(
  {
    name: value,
    email: fc.oneof(fc.emailAddress(), value),
    phone: fc.oneof(fc.constant('+91 98765 43210'), value),
    requirement: fc.oneof(fc.constant('Five backend engineers for our payments team'), value),
    techStack: fc.oneof(fc.constant('Go, Postgres'), value),
    company_website: value,
    idempotencyKey: value,
    to: fc.oneof(fc.emailAddress(), value),
    subject: value,
    html: value,
    body: value,
    firstName: value,
    token: value,
    title: value,
    slug: value,
    content: value,
    password: value,
    refresh_token: value,
  },
  { requiredKeys: [] },
)

/** A lead that passes every rule but one field, which carries something nasty inside otherwise fine text. */
const almostValidLead = fc
  .record({
    field: fc.constantFrom('name', 'email', 'phone', 'requirement', 'techStack'),
    bad: fc.oneof(nasty, fc.string({ unit: 'binary', minLength: 1, maxLength: 3 })),
    // One address per lead (unbiased): the per-address limits must not turn the sweep into 429s.
    email: fc.noBias(fc.integer({ min: 1, max: 2 ** 30 })).map((n) => `visitor.${n}@example.com`),
  })
  .map(({ field, bad, email }) => {
    const lead: Record<string, string> = {
      name: 'Priya Sharma',
      email,
      phone: '+91 98765 43210',
      requirement: 'Five backend engineers for our payments team',
      techStack: 'Go, Postgres',
    }
    lead[field] = field === 'email' ? `${bad}${email}` : `${lead[field]} ${bad} end`
    return lead
  })

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
const formEncode = (object: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(object).map(([k, v]) => [k, asText(v)])).toString()

const body: fc.Arbitrary<{ contentType?: string; data?: string | Uint8Array }> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 5,
    arbitrary: leadish.map((o) => ({ contentType: 'application/json', data: JSON.stringify(o) })),
  },
  {
    weight: 3,
    arbitrary: almostValidLead.map((o) => ({ contentType: 'application/json', data: JSON.stringify(o) })),
  },
  {
    weight: 2,
    arbitrary: fc.jsonValue().map((v) => ({ contentType: 'application/json', data: JSON.stringify(v) })),
  },
  {
    weight: 2,
    arbitrary: leadish.map((o) => ({
      contentType: 'application/x-www-form-urlencoded',
      data: formEncode(o),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(leadish, fc.boolean()).map(([o, withBoundary]) => ({
      contentType: withBoundary ? 'multipart/form-data; boundary=XyZ' : 'multipart/form-data',
      data: `--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\n${asText(o.email)}\r\n--XyZ--\r\n`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 200 }).map((data) => ({ contentType: 'application/json', data })),
  },
  { weight: 1, arbitrary: text.map((data) => ({ contentType: 'application/json', data })) },
  { weight: 1, arbitrary: text.map((data) => ({ contentType: 'text/plain', data })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 17_000, max: 300_000 }).map((n) => ({
      contentType: 'application/json',
      data: JSON.stringify({ name: 'x'.repeat(n) }),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((data) => ({ contentType: 'image/png', data })),
  },
)

const segment = fc.oneof(
  fc.constantFrom(
    'x',
    'blogs',
    'images',
    '..',
    '%2e%2e',
    '%00',
    '%ZZ',
    'a'.repeat(300),
    'post',
    'index.html',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
)

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'select',
        'id',
        'slug',
        'order',
        'limit',
        'offset',
        'or',
        'and',
        'title',
        'token',
        'grant_type',
        'email',
        'on_conflict',
        'columns',
        'status',
        'x',
      ),
      fc.oneof(
        fc.constantFrom(
          '*',
          'eq.1',
          'eq.x',
          'neq.',
          'in.(1,2',
          'ilike.*a*',
          'is.null',
          '(a.eq.1,b.eq.2)',
          'title.desc.nullsfirst',
          '-1',
          '99999999999999999999',
          'cs.{a,b}',
          'fts.x',
          'not.eq.1',
          'password',
          'refresh_token',
          'id_token',
          'pkce',
        ),
        text,
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, asText(v)])).toString()}` : '',
  )

const sitePath = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...marketingRoutes,
      '/test-email',
      '/privacy',
      '/SOLUTIONS',
      '/meridian/updateresources',
      '/config.json',
      '/robots.txt',
      '/sitemap.xml',
      '/api/health',
    ),
  },
  { weight: 1, arbitrary: segment.map((s) => `/post/${s}`) },
  { weight: 1, arbitrary: segment.map((s) => `/assets/${s}`) },
  { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`) },
)
const apiPath = fc.constantFrom(
  '/api/leads',
  '/api/leads',
  '/api/newsletter',
  '/api/newsletter/confirm',
  '/api/newsletter/unsubscribe',
  '/api/newsletter/send',
  '/api/newsletter/test',
  '/api/newsletter/status',
  '/api/newsletter/sends',
  '/api/send-email',
  '/api/dev/mail',
  '/api/dev/mail/capture',
  '/api/dev/outbox/run',
  '/api/dev/outbox/newsletter/run',
  '/api/nothing-here',
)
const restPath = fc.oneof(
  fc
    .constantFrom(
      'blogs',
      'published_blogs',
      'blog_tombstones',
      'leads',
      'editors',
      'newsletter_subscribers',
      'newsletter_recipients',
      'newsletter_sends',
      'newsletter_deliveries',
      'newsletter_send_progress',
      'rate_limit_counters',
      'nope',
    )
    .map((t) => `/rest/v1/${t}`),
  fc
    .constantFrom(
      'is_editor',
      'take_rate_limit',
      'claim_outbox_job',
      'claim_outbox_jobs',
      'finish_outbox_job',
      'start_newsletter_send',
      'set_updated_at',
      'nope',
    )
    .map((f) => `/rest/v1/rpc/${f}`),
)
const authPath = fc.constantFrom(
  '/auth/v1/token',
  '/auth/v1/user',
  '/auth/v1/logout',
  '/auth/v1/signup',
  '/auth/v1/recover',
  '/auth/v1/otp',
  '/auth/v1/verify',
  '/auth/v1/settings',
  '/auth/v1/health',
  '/auth/v1/admin/users',
  '/auth/v1/admin/users/00000000-0000-0000-0000-000000000000',
  '/auth/v1/admin/users/00000000-0000-0000-0000-000000000000/factors',
  '/auth/v1/admin/generate_link',
  '/auth/v1/resend',
  '/auth/v1/reauthenticate',
  '/auth/v1/factors',
  '/auth/v1/nope',
)
const storagePath = fc.oneof(
  segment.map((s) => `/storage/v1/object/images/blog-covers/${s}`),
  segment.map((s) => `/storage/v1/object/public/images/${s}`),
  segment.map((s) => `/storage/v1/object/sign/images/blog-covers/${s}`),
  segment.map((s) => `/storage/v1/render/image/public/images/${s}`),
  segment.map((s) => `/storage/v1/bucket/${s}`),
  fc.constantFrom(
    '/storage/v1/object/list/images',
    '/storage/v1/object/list-v2/images',
    '/storage/v1/bucket',
    '/storage/v1/bucket/images',
    '/storage/v1/bucket/images/empty',
    '/storage/v1/object/images',
    '/storage/v1/object/sign/images',
    '/storage/v1/object/upload/sign/images/blog-covers/a.png',
    '/storage/v1/object/info/images/blog-covers/a.png',
    '/storage/v1/object/move',
    '/storage/v1/object/copy',
    '/storage/v1/render/image/authenticated/images/blog-covers/a.png',
    '/storage/v1/nope',
  ),
)
const emailPath = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('/', '/send-email') },
  { weight: 1, arbitrary: segment.map((s) => `/${s}`) },
)

const method = fc.oneof(
  { weight: 4, arbitrary: fc.constant('POST') },
  { weight: 3, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
)

/** Header values fetch will send: visible ASCII only (the nasty bytes go in URLs and bodies). */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''))

function requests(tokens: { editor: string; anon: string; service: string }): fc.Arbitrary<SweepRequest> {
  const bearer = fc.oneof(
    fc.constant(undefined),
    fc.constant(tokens.editor),
    fc.constant(tokens.anon),
    fc.constant(tokens.service),
    headerText,
  )
  const path = fc.oneof(
    { weight: 2, arbitrary: sitePath },
    { weight: 5, arbitrary: apiPath },
    { weight: 3, arbitrary: restPath },
    { weight: 2, arbitrary: authPath },
    { weight: 2, arbitrary: storagePath },
  )
  const generic = fc
    .record({
      email: fc.boolean(),
      sitePath: path,
      emailPath,
      query,
      method,
      body,
      bearer,
      apikey: fc.oneof(fc.constant(tokens.anon), fc.constant(undefined), headerText),
      ip: fc.ipV4(),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), headerText)),
      extra: fc.dictionary(
        fc.constantFrom(
          'Prefer',
          'Range',
          'Accept',
          'Origin',
          'Accept-Encoding',
          'Content-Profile',
          'x-upsert',
        ),
        fc.oneof(
          fc.constantFrom(
            'return=representation',
            'count=exact',
            'resolution=merge-duplicates',
            '0-9',
            'items=5-1',
            'application/vnd.pgrst.object+json',
            'https://evil.example',
            'gzip, br',
            'true',
          ),
          headerText,
        ),
        { maxKeys: 3 },
      ),
    })
    .map((r) => {
      const headers: Record<string, string> = { 'X-Forwarded-For': r.ip, ...r.extra }
      if (r.body.contentType) headers['Content-Type'] = r.body.contentType
      if (r.bearer !== undefined) headers.Authorization = `Bearer ${r.bearer}`
      if (r.apikey !== undefined) headers.apikey = r.apikey
      if (r.idempotencyKey) headers['Idempotency-Key'] = r.idempotencyKey
      const withBody = r.method !== 'GET' && r.method !== 'HEAD'
      return {
        port: r.email ? 'email' : 'site',
        method: r.method,
        path: (r.email ? r.emailPath : r.sitePath) + r.query,
        headers,
        ...(withBody && r.body.data !== undefined ? { body: r.body.data } : {}),
      } satisfies SweepRequest
    })

  // Focused ones: bodies that pass everything but one field, sent where they get past the door (a fresh
  // address, a good idempotency key, an editor's token), so the code that stores and mails is reached.
  const json = (data: unknown) => JSON.stringify(data)
  // Unbiased: fast-check favours small numbers, and a shared address would be rate-limited at once.
  const freshIp = fc
    .noBias(fc.integer({ min: 1, max: 2 ** 24 - 2 }))
    .map((n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)
  const lead = fc
    .record({ lead: fc.oneof(almostValidLead, leadish), ip: freshIp, key: fc.uuid() })
    .map(({ lead, ip, key }): SweepRequest => ({
      port: 'site',
      method: 'POST',
      path: '/api/leads',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, 'Idempotency-Key': key },
      body: json(lead),
    }))
  const subscription = fc
    .record({
      email: fc.oneof(
        fc.emailAddress(),
        nasty,
        almostValidLead.map((l) => l.email),
      ),
      ip: freshIp,
    })
    .map(({ email, ip }): SweepRequest => ({
      port: 'site',
      method: 'POST',
      path: '/api/newsletter',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: json({ email }),
    }))
  const staffMail = fc
    .record({
      email: fc.boolean(),
      field: fc.constantFrom('to', 'subject', 'html', 'body', 'firstName'),
      bad: text,
    })
    .map(({ email, field, bad }): SweepRequest => {
      const message: Record<string, string> = {
        to: 'ops@example.com',
        subject: 'Sweep',
        html: '<p>Hello</p>',
        body: 'Hello',
        firstName: 'Sam',
      }
      message[field] = `${message[field]}${bad}`
      return {
        port: email ? 'email' : 'site',
        method: 'POST',
        path: email ? '/send-email' : '/api/send-email',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.editor}` },
        body: json(message),
      }
    })
  // A newsletter send or test by an editor, for a slug that is almost one or not one at all.
  const newsletterSend = fc
    .record({
      path: fc.constantFrom('/api/newsletter/send', '/api/newsletter/test'),
      slug: fc.oneof(text, nasty, fc.constantFrom('', 'no-such-post', 'A B', '-x-')),
      raw: fc.boolean(),
    })
    .map(({ path, slug, raw }): SweepRequest => ({
      port: 'site',
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.editor}` },
      body: raw ? slug : json({ slug }),
    }))
  return fc.oneof(
    { weight: 12, arbitrary: generic },
    { weight: 1, arbitrary: newsletterSend },
    { weight: 1, arbitrary: lead },
    { weight: 1, arbitrary: subscription },
    { weight: 1, arbitrary: staffMail },
  )
}

/** A 503 the server means: the disk is full, or a service is starting (never a crash in disguise). */
function deliberate503(text: string): boolean {
  return (
    text.includes(diskFullMessage) ||
    text.includes('insufficient_storage') ||
    text.includes('The lead service is starting')
  )
}

let server: TestServer

beforeAll(async () => {
  // TRUST_PROXY: each generated request comes "from" its own address, so rate limits do not stop the
  // sweep at the door and the code behind them is reached.
  server = await startTestServer({ TRUST_PROXY: '1' })
})
afterAll(() => server?.stop())

describe('the bad-input sweep', () => {
  it(`answers ${requestCount} generated requests on both ports without a 5xx`, async () => {
    const anonClient = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
      persistSession: false,
    })
    const { data, error } = await anonClient.auth.signInWithPassword(testEditor)
    if (error) throw error
    const tokens = {
      editor: data.session.access_token,
      anon: server.ctx.supabase.anonKey,
      service: server.ctx.supabase.serviceRoleKey,
    }
    const generated = fc.sample(requests(tokens), { seed, numRuns: requestCount })
    const base = { site: server.url, email: server.emailServiceUrl }

    const failures: string[] = []
    const statuses = new Map<number, number>()
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < generated.length) {
          const index = next++
          const request = generated[index]
          let status: number
          let text: string
          try {
            const res = await fetch(`${base[request.port]}${request.path}`, {
              method: request.method,
              headers: request.headers,
              body: request.body as BodyInit | undefined,
              redirect: 'manual',
            })
            status = res.status
            text = await res.text()
          } catch (err) {
            const cause = (err as Error & { cause?: Error & { code?: string } }).cause
            failures.push(
              `#${index} ${request.method} ${request.path}: no answer (${(err as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''})`,
            )
            continue
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (status >= 500 && !(status === 503 && deliberate503(text)))
            failures.push(
              `#${index} ${request.method} ${request.port}${request.path} → ${status} ${text.slice(0, 200)}`,
            )
        }
      }),
    )
    // Replay one with fc.sample(requests(tokens), { seed, numRuns })[index].
    expect(
      failures.slice(0, 10),
      `${failures.length} failures; statuses ${JSON.stringify([...statuses])}`,
    ).toEqual([])
    console.info(
      `bad-input sweep: ${requestCount} requests, statuses ${JSON.stringify([...statuses].sort())}`,
    )
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(requestCount)
    // The server is still up and serving.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  }, 120_000)
})
