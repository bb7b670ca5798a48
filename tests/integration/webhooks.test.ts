import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { webhookEndpointCap } from '../../shared/schemas/webhooks.ts'
import { clientsOf, samplePost, type TestClients } from '../support/clients.ts'
import { submitLead, uniqueEmail } from '../support/leads.ts'
import { editorRole, contributor, signInActors } from '../support/rls-actors.ts'
import {
  capturedMail,
  staffHeaders,
  startTestServer,
  testEditor,
  type TestServer,
} from '../support/server.ts'
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../support/webhook-receiver.ts'

// Signed webhooks end to end on one server: an administrator adds an endpoint through /api/webhooks, the
// database records each event with its cause, the outbox worker signs and posts it, and a receiver built on
// the `standardwebhooks` package verifies every delivery. Time runs fast for the retries (WEBHOOK_TIME_SCALE:
// "3 days" are about 5 s here).

let server: TestServer
let receiver: WebhookReceiver
let admin: TestClients
let editorToken: string
let contributorToken: string

beforeAll(async () => {
  server = await startTestServer({
    WEBHOOK_ALLOW_LOOPBACK: '1',
    WEBHOOK_OUTBOX_INTERVAL_MS: '200',
    WEBHOOK_TIME_SCALE: '0.00002',
    TRUST_PROXY: '1',
  })
  await signInActors(server)
  admin = await clientsOf(server, testEditor)
  editorToken = (await clientsOf(server, editorRole)).accessToken
  contributorToken = (await clientsOf(server, contributor)).accessToken
  receiver = await startWebhookReceiver()
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await server?.stop()
})

const api = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.url}/api/webhooks${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${init.token ?? admin.accessToken}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  })

async function addEndpoint(body: Record<string, unknown>) {
  const res = await api('', { method: 'POST', body: JSON.stringify(body) })
  const json = (await res.json()) as { id: string; secret: string; message?: string }
  expect(res.status, json.message).toBe(201)
  return json
}

describe('signed webhooks', () => {
  let endpointId: string
  let secret: string

  it('an administrator adds an endpoint; its secret is shown once and never readable through REST', async () => {
    const created = await addEndpoint({
      url: receiver.url,
      events: ['lead.created', 'lead.updated'],
      description: 'CRM',
    })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/)
    endpointId = created.id
    secret = created.secret
    receiver.secrets.push(secret)

    const listed = await (await api('')).text()
    expect(listed).toContain(endpointId)
    expect(listed).not.toContain(secret)
    // Not even an administrator reads a secret through REST.
    const { data, error } = await admin.editor.from('webhook_endpoint_secrets').select('*')
    expect(data ?? [], JSON.stringify(error)).toEqual([])
    const endpointRow = await admin.editor.from('webhook_endpoints').select('*').eq('id', endpointId)
    expect(JSON.stringify(endpointRow.data)).not.toContain('whsec_')
  })

  it('a new lead reaches the receiver as lead.created, verified, with its attribution and nothing internal', async () => {
    const email = uniqueEmail('webhook')
    const res = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        name: 'Asha Verma',
        email,
        phone: '+91 98765 43210',
        requirement: 'Two data engineers',
        techStack: 'Python, dbt',
        landing_path: '/get-started',
        utm_source: 'newsletter',
        utm_campaign: 'autumn',
      }),
    })
    const { leadId } = (await res.json()) as { leadId: string }
    expect(res.status).toBe(201)
    await waitUntil(
      () => receiver.received.some((r) => r.type === 'lead.created' && r.payload.data.id === leadId),
      15_000,
      () => `lead.created for ${leadId}; received ${JSON.stringify(receiver.received.map((r) => r.type))}`,
    )
    const delivery = receiver.received.find((r) => r.payload.data.id === leadId)!
    expect(delivery.id).toMatch(/^msg_/)
    expect(delivery.payload.data).toMatchObject({
      id: leadId,
      email,
      name: 'Asha Verma',
      techStack: 'Python, dbt',
      status: 'new',
      attribution: { landingPath: '/get-started', utmSource: 'newsletter', utmCampaign: 'autumn' },
    })
    for (const internal of ['idempotency_key', 'claim_token', 'attempts', 'owner_id', 'last_error'])
      expect(delivery.body).not.toContain(internal)
    expect(receiver.rejected).toEqual([])
  })

  it('the standardwebhooks receiver rejects a tampered body, a wrong secret and an old timestamp', () => {
    const delivery = receiver.received[0]
    const wh = new Webhook(secret)
    expect(() => wh.verify(delivery.body, delivery.headers)).not.toThrow()
    expect(() => wh.verify(delivery.body.replace('Asha', 'Eve'), delivery.headers)).toThrow()
    expect(() =>
      new Webhook('whsec_' + Buffer.from('another secret of ours!!').toString('base64')).verify(
        delivery.body,
        delivery.headers,
      ),
    ).toThrow()
    const old = Math.floor(Date.now() / 1000) - 3600
    const oldHeaders = {
      ...delivery.headers,
      'webhook-timestamp': String(old),
      'webhook-signature': wh.sign(delivery.id, new Date(old * 1000), delivery.body),
    }
    expect(() => wh.verify(delivery.body, oldHeaders)).toThrow(/timestamp/i)
  })

  it('a change of status is lead.updated, recorded with the change', async () => {
    const leadId = String(receiver.received[0].payload.data.id)
    const { error } = await admin.editor.from('leads').update({ status: 'contacted' }).eq('id', leadId)
    expect(error).toBeNull()
    await waitUntil(
      () => receiver.received.some((r) => r.type === 'lead.updated'),
      15_000,
      () => 'lead.updated',
    )
    const updated = receiver.received.find((r) => r.type === 'lead.updated')!
    expect(updated.payload.data).toMatchObject({ id: leadId, status: 'contacted', changed: ['status'] })
  })

  it('sends a test event, logs each attempt, and resends with the same webhook-id', async () => {
    const res = await api(`/${endpointId}/test`, { method: 'POST' })
    expect(res.status).toBe(202)
    await waitUntil(
      () => receiver.received.some((r) => r.type === 'webhook.test'),
      15_000,
      () => 'webhook.test',
    )
    const test = receiver.received.find((r) => r.type === 'webhook.test')!

    const log = (await (await api(`/${endpointId}/deliveries`, { token: editorToken })).json()) as {
      deliveries: {
        id: string
        eventId: string
        type: string
        status: string
        attempts: { statusCode: number }[]
      }[]
    }
    const logged = log.deliveries.find((d) => d.eventId === test.id)!
    expect(logged).toMatchObject({ type: 'webhook.test', status: 'delivered' })
    expect(logged.attempts[0].statusCode).toBe(204)

    expect((await api(`/deliveries/${logged.id}/resend`, { method: 'POST' })).status).toBe(202)
    await waitUntil(
      () => receiver.received.filter((r) => r.id === test.id).length === 2,
      15_000,
      () => 'the resent delivery',
    )
  })

  it('after a rotation the old secret keeps verifying for 24 hours, the new one too', async () => {
    const res = await api(`/${endpointId}/rotate-secret`, { method: 'POST' })
    const rotated = (await res.json()) as { secret: string }
    expect(res.status).toBe(200)
    expect(rotated.secret).not.toBe(secret)
    const before = receiver.received.length
    await api(`/${endpointId}/test`, { method: 'POST' })
    await waitUntil(
      () => receiver.received.length > before,
      15_000,
      () => 'a test after rotation',
    )
    const delivery = receiver.received.at(-1)!
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow()
    expect(() => new Webhook(rotated.secret).verify(delivery.body, delivery.headers)).not.toThrow()
    receiver.secrets.push(rotated.secret)
  })

  it('announces a published post and a finished newsletter send; a post scheduled for later waits, and is skipped when unscheduled', async () => {
    const patched = await api(`/${endpointId}`, {
      method: 'PATCH',
      body: JSON.stringify({ events: ['lead.created', 'lead.updated', 'post.published', 'newsletter.sent'] }),
    })
    expect(patched.status).toBe(200)
    const slug = `webhook-post-${Date.now()}`
    const inserted = await admin.editor
      .from('blogs')
      .insert(samplePost(slug, { status: 'published' }))
      .select('id')
    expect(inserted.error).toBeNull()
    await waitUntil(
      () => receiver.received.some((r) => r.type === 'post.published' && r.payload.data.slug === slug),
      15_000,
      () => 'post.published',
    )
    expect(receiver.received.find((r) => r.payload.data.slug === slug)!.payload.data).toMatchObject({
      path: `/post/${slug}`,
      title: `Post ${slug}`,
    })

    const later = `webhook-later-${Date.now()}`
    const scheduled = await admin.editor
      .from('blogs')
      .insert(
        samplePost(later, {
          status: 'scheduled',
          publish_at: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      )
      .select('id')
      .single()
    expect(scheduled.error).toBeNull()
    // Run now: only what is due goes out (the announcement waits for its hour).
    const run = await fetch(`${server.url}/api/dev/outbox/run`, {
      method: 'POST',
      headers: staffHeaders(server),
    })
    expect(run.status).toBe(200)
    expect(((await run.json()) as { webhooks: unknown }).webhooks).toBeDefined()
    const waiting = async () =>
      (
        await server.ctx.localSupabase!.db.query<{ status: string }>(
          `select status from public.webhook_deliveries where payload -> 'data' ->> 'slug' = $1`,
          [later],
        )
      ).rows.map((r) => r.status)
    expect(await waiting()).toEqual(['pending'])
    await admin.editor.from('blogs').update({ status: 'draft' }).eq('id', scheduled.data!.id)
    expect(await waiting()).toEqual(['skipped'])

    await server.ctx.localSupabase!.db.query(
      `insert into public.newsletter_sends (slug, subject, html, text, recipient_count, finished_at)
       values ($1, 'Autumn issue', '<p>x</p>', 'x', 3, now())`,
      [slug],
    )
    await waitUntil(
      () => receiver.received.some((r) => r.type === 'newsletter.sent' && r.payload.data.slug === slug),
      15_000,
      () => 'newsletter.sent',
    )
    expect(receiver.received.some((r) => r.payload.data.slug === later)).toBe(false)
  })

  it('refuses bad input with a clear 4xx, and editors and contributors cannot change endpoints', async () => {
    const post = (body: unknown, token?: string) =>
      api('', { method: 'POST', body: JSON.stringify(body), token })
    const cases: [unknown, number, RegExp][] = [
      [{ url: 'not a url', events: ['lead.created'] }, 400, /full URL/],
      [{ url: `https://example.com/${'a'.repeat(10_000)}`, events: ['lead.created'] }, 400, /at most 2000/],
      [{ url: 'https://example.com/x', events: ['lead.deleted'] }, 400, /Events can be/],
      [{ url: 'https://example.com/x', events: [] }, 400, /at least one event/],
      [{ url: 'https://example.com/x', events: ['lead.created'], format: 'xml' }, 400, /standard or slack/],
      [{ url: 'ftp://example.com/x', events: ['lead.created'] }, 400, /full URL/],
    ]
    for (const [body, status, message] of cases) {
      const res = await post(body)
      const json = (await res.json()) as { message: string; fieldErrors?: Record<string, string[]> }
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(JSON.stringify(json)).toMatch(message)
    }
    const editor = await post({ url: 'https://example.com/x', events: ['lead.created'] }, editorToken)
    expect(editor.status).toBe(403)
    expect(((await editor.json()) as { message: string }).message).toBe(
      'Only administrators can change webhooks.',
    )
    expect((await api(`/${endpointId}`, { method: 'DELETE', token: editorToken })).status).toBe(403)
    expect((await api('', { token: contributorToken })).status).toBe(403)
    expect((await api(`/${endpointId}/deliveries`, { token: contributorToken })).status).toBe(403)
    expect((await fetch(`${server.url}/api/webhooks`)).status).toBe(401)
    expect((await api('/not-an-id', { method: 'PATCH', body: '{"enabled":false}' })).status).toBe(404)
    expect((await api(`/${endpointId}`, { method: 'PATCH', body: '{"colour":"red"}' })).status).toBe(400)
    // Row-level security says the same whatever a client sends.
    const editorClient = (await clientsOf(server, editorRole)).editor
    const sneaky = await editorClient
      .from('webhook_endpoints')
      .update({ enabled: false })
      .eq('id', endpointId)
      .select()
    expect(sneaky.data ?? []).toEqual([])
  })

  it('posts a readable Block Kit message to a Slack endpoint', async () => {
    const slack = await addEndpoint({
      url: receiver.url.replace('/hooks', '/slack'),
      events: ['lead.created'],
      format: 'slack',
    })
    receiver.secrets.push(slack.secret)
    await submitLead(server.url, 'Meera Nair', uniqueEmail('webhook-slack'))
    await waitUntil(
      () =>
        receiver.received.some(
          (r) => (r.payload as unknown as { text?: string }).text === 'New lead: Meera Nair',
        ),
      15_000,
      () => 'the Slack message',
    )
    const message = JSON.parse(
      receiver.received.find(
        (r) => (r.payload as unknown as { text?: string }).text === 'New lead: Meera Nair',
      )!.body,
    ) as { blocks: { type: string; text?: { text: string }; fields?: { text: string }[] }[] }
    expect(message.blocks[0]).toMatchObject({ type: 'header', text: { text: 'New lead: Meera Nair' } })
    expect(message.blocks[1].fields!.map((f) => f.text)).toContain('*Tech stack*\nGo, Postgres')
    expect((await api(`/${slack.id}`, { method: 'DELETE' })).status).toBe(200)
  })

  it('answers any body sent to it with a 4xx or a success, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await api('', { method: 'POST', body: JSON.stringify(body) })
        await res.body?.cancel()
        expect(res.status).toBeLessThan(500)
        if (res.status === 201) return
        expect(res.status).toBeGreaterThanOrEqual(400)
      }),
      { numRuns: 60 },
    )
    for (const path of [
      '/x/test',
      `/${endpointId}/nope`,
      '/deliveries/nope/resend',
      `/${'9'.repeat(5000)}`,
    ]) {
      const res = await api(path, { method: 'POST' })
      expect(res.status, path).toBe(404)
    }
  })

  it('refuses endpoints past the cap', async () => {
    const existing = ((await (await api('')).json()) as { endpoints: unknown[] }).endpoints.length
    const body = JSON.stringify({ url: 'https://example.com/cap', events: ['post.published'] })
    const results: number[] = []
    for (let i = existing; i < webhookEndpointCap + 2; i++)
      results.push((await api('', { method: 'POST', body })).status)
    expect(results.filter((s) => s === 201)).toHaveLength(webhookEndpointCap - existing)
    expect(results.slice(-2)).toEqual([409, 409])
    // Tidy up: the rest of the tests use one endpoint.
    for (const e of ((await (await api('')).json()) as { endpoints: { id: string; url: string }[] })
      .endpoints)
      if (e.url === 'https://example.com/cap')
        expect((await api(`/${e.id}`, { method: 'DELETE' })).status).toBe(200)
  })

  it('after 3 days of failures the endpoint is paused and administrators are told', async () => {
    await receiver.setMode('error500')
    const failing = await addEndpoint({
      url: receiver.url.replace('/hooks', '/failing'),
      events: ['lead.created'],
    })
    await submitLead(server.url, 'Rohan Iyer', uniqueEmail('webhook-pause'))
    await waitUntil(
      async () => {
        const { data } = await admin.service
          .from('webhook_endpoints')
          .select('enabled')
          .eq('id', failing.id)
          .single()
        return data?.enabled === false
      },
      30_000,
      () => 'the failing endpoint to be paused',
    )
    await receiver.setMode('ok')
    const endpoints = (
      (await (await api('')).json()) as { endpoints: { id: string; pausedReason: string }[] }
    ).endpoints
    expect(endpoints.find((e) => e.id === failing.id)!.pausedReason).toMatch(
      /failed for 3 days.*Answered 500/,
    )
    await waitUntil(
      async () => (await capturedMail(server)).some((m) => m.subject === 'A webhook endpoint was paused'),
      15_000,
      () => 'the administrators’ mail',
    )
    const log = (await (await api(`/${failing.id}/deliveries`)).json()) as {
      deliveries: { status: string; attempts: { statusCode: number; responseBody: string }[] }[]
    }
    expect(log.deliveries[0].status).toBe('failed')
    // Retried on the schedule until the 3 days ran out (how many fit in the scaled time depends on the machine).
    expect(log.deliveries[0].attempts.length).toBeGreaterThanOrEqual(3)
    expect(log.deliveries[0].attempts[0]).toMatchObject({
      statusCode: 500,
      responseBody: 'receiver is having a bad day',
    })
  })

  it('deletes deliveries older than 30 days', async () => {
    const { count } = await admin.service
      .from('webhook_deliveries')
      .select('id', { count: 'exact', head: true })
    expect(count).toBeGreaterThan(0)
    expect(await server.ctx.webhookOutbox!.deleteOld(new Date(Date.now() + 29 * 86_400_000))).toBe(0)
    const jobs = async () =>
      (
        await admin.service
          .from('outbox_jobs')
          .select('id', { count: 'exact', head: true })
          .eq('queue', 'webhook')
      ).count
    expect(await jobs()).toBeGreaterThan(0)
    expect(await server.ctx.webhookOutbox!.deleteOld(new Date(Date.now() + 31 * 86_400_000))).toBe(count)
    // Their queue entries go with them: the outbox does not grow for ever.
    expect(await jobs()).toBe(0)
  })
})
