import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startSharedProject, type Instance, type SharedProject } from '../support/instances.ts'
import type { TestServer } from '../support/server.ts'
import type { TestSmtpServer } from '../support/smtp.ts'

// Two server processes in hosted mode share one Supabase project (a third server running the embedded
// backend): the outbox's claims and the rate-limit counters live in the database, so across an SMTP
// outage every lead's two emails go out exactly once, and a limit counts both instances' requests.

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++])
    }),
  )
}

let project: SharedProject
let backend: TestServer
let smtp: TestSmtpServer
let instances: Instance[] = []

beforeAll(async () => {
  project = await startSharedProject(2)
  ;({ backend, smtp, instances } = project)
}, 60_000)

afterAll(() => project?.stop())

const staff = () => ({ Authorization: `Bearer ${backend.ctx.supabase.serviceRoleKey}` })

async function submitLead(instance: Instance, email: string) {
  const res = await fetch(`${instance.url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `multi-${email.replace('@', '.')}` },
    body: JSON.stringify({
      name: 'Asha Verma',
      email,
      phone: '+91 98765 43210',
      requirement: 'Two data engineers for our analytics platform',
      techStack: 'Python, dbt',
    }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

const runOutbox = (instance: Instance) =>
  fetch(`${instance.url}/api/dev/outbox/run`, { method: 'POST', headers: staff() }).then((r) => r.json())

async function leadsDone(emails: string[]) {
  const { rows } = await backend.ctx.localSupabase!.db.query<{ n: number }>(
    `select count(*)::int as n from public.leads
      where email = any($1) and confirmation_sent_at is not null and notification_sent_at is not null`,
    [emails],
  )
  return rows[0].n
}

describe('two server instances on one database', () => {
  it('deliver every lead’s two emails exactly once across an SMTP outage', async () => {
    const stamp = Date.now()
    const emails = Array.from({ length: 200 }, (_, i) => `multi.${stamp}.${i}@example.com`)

    // SMTP down: the first 100 leads are stored, their emails fail and wait for the outbox.
    await smtp.stop()
    await pool(
      emails.slice(0, 100).map((email, i) => ({ email, i })),
      10,
      ({ email, i }) => submitLead(instances[i % 2], email),
    )
    expect(smtp.received).toHaveLength(0)

    // SMTP back: 100 more leads while both outboxes keep running every pending lead, racing the requests.
    await smtp.start()
    let submitting = true
    const racing = Promise.all(
      instances.map(async (instance) => {
        while (submitting) await runOutbox(instance)
      }),
    )
    await pool(
      emails.slice(100).map((email, i) => ({ email, i })),
      10,
      ({ email, i }) => submitLead(instances[i % 2], email),
    )
    submitting = false
    await racing

    // Drain whatever is left, on both at once.
    const deadline = Date.now() + 30_000
    while ((await leadsDone(emails)) < emails.length && Date.now() < deadline)
      await Promise.all(instances.map(runOutbox))
    expect(await leadsDone(emails)).toBe(emails.length)

    const confirmations = new Map<string, number>()
    const notifications = new Map<string, number>()
    for (const mail of smtp.received) {
      if (mail.to !== 'sales@meridian.example')
        confirmations.set(mail.to, (confirmations.get(mail.to) ?? 0) + 1)
      else notifications.set(mail.replyTo, (notifications.get(mail.replyTo) ?? 0) + 1)
    }
    const counts = emails.map((e) => [confirmations.get(e) ?? 0, notifications.get(e) ?? 0])
    expect(counts.filter(([c, n]) => c !== 1 || n !== 1)).toEqual([])
    expect(smtp.received).toHaveLength(400)
  }, 90_000)

  it('keep leases and counters to the server: visitors can neither call the functions nor read counters', async () => {
    const anon = createNodeSupabaseClient(backend.url, backend.ctx.supabase.anonKey, {
      persistSession: false,
    })
    const calls = [
      anon.rpc('take_rate_limit', { p_key: 'x', p_limit: 1, p_window_seconds: 60 }),
      anon.rpc('claim_outbox_jobs', {
        p_queue: 'lead-mail',
        p_limit: 10,
        p_lease_seconds: 60,
        p_ignore_schedule: true,
        p_now: null,
      }),
    ]
    for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501')
    const counters = await anon.from('rate_limit_counters').select('*')
    expect(counters.data ?? []).toEqual([])
  })

  it('count a rate limit once for both: the sixth subscription attempt a minute is refused on either', async () => {
    const statuses: number[] = []
    // Invalid on purpose: counts toward the newsletter's 5 per minute per address, stores and sends nothing.
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${instances[i % 2].url}/api/newsletter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-email' }),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })
})
