import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { leadMail } from '../../server/mail/outbox.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import { startInstance, stopInstance, type Instance } from '../support/instances.ts'
import {
  leadMailCounts,
  leadRowsOf,
  letTimePassForLead,
  type LeadDeliveryRow,
} from '../support/lead-deliveries.ts'
import { submitLead, uniqueEmail } from '../support/leads.ts'
import { insertConfirmedSubscribers, insertPost } from '../support/newsletter.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { startHungSmtpServer, startSmtpServer, type TestSmtpServer } from '../support/smtp.ts'

// A server process killed with SIGKILL (no shutdown of any kind) at the worst moments of the lead and
// newsletter mail: nothing a visitor was told is lost, and every email still goes out exactly once, counted
// by envelope recipient at one real SMTP server that every process sends through.
//
// The killed process sends through a "hung" SMTP server (it accepts connections and never answers), so at
// the moment of the kill its emails are provably still unsent and its claims in the database still held.
// Leases are two minutes and retries a minute out: the tests move the database's clock past them (the one
// thing faked) instead of waiting, and the outboxes' own timers do the rest: nothing runs them by hand.

type HungSmtp = Awaited<ReturnType<typeof startHungSmtpServer>>

/**
 * A crashed holder's claim runs out after two minutes (docs/leads-and-mail.md, for leads and newsletter deliveries alike):
 * the clock moves just past that. Written out rather than read from the code, so that a longer lease fails.
 */
const leaseRunsOutSeconds = 2 * 60 + 1
/** Four server processes starting at once on a loaded 2-core machine take a while each. */
const startupMs = 90_000
/** After a lease runs out, the next run of an outbox's timer (30 s for leads) has the work: with margin. */
const takeOverMs = leadMail.intervalMs + 30_000

let sink: TestSmtpServer
let backend: TestServer
let survivor: Instance
/** The processes that get killed, each sending through its own hung SMTP server. */
type Doomed = { instance: Instance; hung: HungSmtp; dataDir: string }
const doomed = {} as Record<'local' | 'lead' | 'newsletter', Doomed>
const dirs: string[] = []
const tempDir = (tag: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `meridian-crash-${tag}-`))
  dirs.push(dir)
  return dir
}

// Local mode: no project, the database is embedded in the server process (and dies with it).
const localMode = { SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' }
// 20 newsletter messages a second: one claim can take a whole 15-reader send. LEAD_MAIL_WAIT_MS=0: a lead
// is answered at once, its sends still under way (as a slow SMTP server would have it).
const instanceEnv = { NEWSLETTER_RATE_PER_MINUTE: '1200', LEAD_MAIL_WAIT_MS: '0' }

async function startDoomed(kind: keyof typeof doomed, env: Record<string, string> = {}) {
  const hung = await startHungSmtpServer()
  const dataDir = tempDir(kind)
  const instance = await startInstance(backend, hung.url, dataDir, { ...instanceEnv, ...env }, startupMs)
  doomed[kind] = { instance, hung, dataDir }
  return doomed[kind]
}

beforeAll(async () => {
  sink = await startSmtpServer()
  // The project (an embedded backend in a hosted project's place); its own outboxes stay out of it.
  backend = await startTestServer()
  await Promise.all([backend.ctx.leadOutbox!.stop(), backend.ctx.newsletterOutbox!.stop()])
  ;[survivor] = await Promise.all([
    startInstance(backend, sink.url, tempDir('survivor'), instanceEnv, startupMs),
    // The lead form's usual budget: answered after 3 s with its sends still under way (claimed, unsent).
    startDoomed('local', { ...localMode, LEAD_MAIL_WAIT_MS: '3000' }),
    startDoomed('lead'),
  ])
}, 180_000)

afterAll(async () => {
  for (const d of Object.values(doomed)) {
    d.instance.child.kill('SIGKILL')
    await d.hung.close()
  }
  await stopInstance(survivor)
  await sink?.close()
  await backend?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** SIGKILL: the process ends at once, mid-whatever, as in a power cut or the OOM killer. */
async function kill(instance: Instance) {
  const exited = new Promise((resolve) => instance.child.once('exit', resolve))
  instance.child.kill('SIGKILL')
  await exited
}

/** Polls `read` until `ok`; on time-out, says what it waited for and what it saw last. */
async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs / 1000} s waiting for ${what}; last seen: ${JSON.stringify(value)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const oneLead = (
  what: string,
  service: SupabaseClient,
  visitor: string,
  ok: (row: LeadDeliveryRow) => boolean,
) =>
  waitFor(
    `the lead of ${visitor} to be ${what}`,
    () => leadRowsOf(service, visitor),
    (rows) => rows.length === 1 && ok(rows[0]),
    15_000,
  ).then((rows) => rows[0])

const isHeld = (row: LeadDeliveryRow) =>
  row.claim_token !== null && new Date(row.claimed_until!).getTime() > Date.now()
const isDone = (row: LeadDeliveryRow) =>
  row.confirmation_sent_at !== null &&
  row.notification_sent_at !== null &&
  row.next_attempt_at === null &&
  row.claim_token === null

/**
 * Waits for a lead's two emails at the sink, then for the lead to be recorded as done (nothing is owed any
 * more, so no later run can send it again), and returns what the sink received for it. On time-out the
 * error carries the log of the server that should have sent them.
 */
async function emailsOnceDone(service: SupabaseClient, visitor: string, sender: Instance) {
  try {
    await waitFor(
      `both emails of ${visitor} at the SMTP server`,
      () => leadMailCounts(sink, visitor),
      (n) => n.confirmations > 0 && n.notifications > 0,
      takeOverMs,
    )
    await oneLead('recorded as sent', service, visitor, isDone)
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nlog of the server that should send them:\n${sender.output.join('')}`,
      { cause: err },
    )
  }
  return leadMailCounts(sink, visitor)
}

/** Waits until a doomed server has connected to its hung SMTP server (it has work it cannot finish). */
async function hungConnected(hung: HungSmtp, instance: Instance) {
  try {
    await waitFor(
      'the doomed server to connect to its (hung) SMTP server',
      () => hung.connections,
      (n) => n > 0,
      45_000,
    )
  } catch (err) {
    throw new Error(`${(err as Error).message}\nits log:\n${instance.output.join('')}`, { cause: err })
  }
}

// The local-mode case runs beside the two on the shared project, which run one after the other: a doomed
// instance alive during the other case's take-over could take the work first and hang on its SMTP server.
describe.concurrent('a server killed with SIGKILL', () => {
  it('right after answering 201 to a lead, before its emails went out: the lead is kept and both emails go once after a restart', async ({
    expect,
  }) => {
    const { instance: first, dataDir } = doomed.local
    const visitor = uniqueEmail('crash-after-201')
    const res = await submitLead(first.url, 'Asha Verma', visitor)
    expect(res.status).toBe(201)
    // Killed the moment the visitor has the answer; its emails (to an SMTP server that never answers)
    // cannot have gone out.
    await kill(first)

    // Restarted on the same data directory, now with a working SMTP server.
    const second = await startInstance(
      backend,
      sink.url,
      dataDir,
      { ...instanceEnv, ...localMode },
      startupMs,
    )
    try {
      const { serviceRoleKey } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        serviceRoleKey: string
      }
      const service = createNodeSupabaseClient(second.url, serviceRoleKey, {
        persistSession: false,
        autoRefreshToken: false,
      })
      // The lead the visitor was told about is stored, unsent, still held by the claim of the dead process.
      const rows = await leadRowsOf(service, visitor)
      expect(rows).toHaveLength(1)
      const [stored] = rows
      expect(stored).toMatchObject({ confirmation_sent_at: null, notification_sent_at: null })
      expect(stored.claim_token).not.toBeNull()
      expect(leadMailCounts(sink, visitor)).toEqual({ confirmations: 0, notifications: 0 })

      // The dead process's lease runs out, and the restarted server's outbox sends both emails.
      await letTimePassForLead(service, stored, leaseRunsOutSeconds)
      expect(await emailsOnceDone(service, visitor, second)).toEqual({
        confirmations: 1,
        notifications: 1,
      })
    } finally {
      await stopInstance(second)
    }
  }, 120_000)

  describe.sequential('one of several instances on one database', () => {
    it('while it holds the lease on a lead: the other instance sends both emails once the lease has run out, exactly once', async ({
      expect,
    }) => {
      const { instance, hung } = doomed.lead
      const service = serviceClient(backend.ctx)
      const visitor = uniqueEmail('crash-holding-lead')
      const res = await submitLead(instance.url, 'Asha Verma', visitor)
      expect(res.status).toBe(201)

      // The request's delivery has claimed the lead and is sending (to the hung SMTP server). The other
      // instance cannot have claimed it: its outbox takes only leads that are due, and this one is not yet.
      await hungConnected(hung, instance)
      const before = await oneLead('claimed', service, visitor, isHeld)
      expect(new Date(before.next_attempt_at!).getTime()).toBeGreaterThan(Date.now())
      await kill(instance)
      // The claim read before the kill is still there after it: the killed instance held it when it died.
      const [after] = await leadRowsOf(service, visitor)
      expect(after.claim_token).toBe(before.claim_token)
      expect(after).toMatchObject({ confirmation_sent_at: null, notification_sent_at: null })
      expect(leadMailCounts(sink, visitor)).toEqual({ confirmations: 0, notifications: 0 })

      // Two minutes pass: the lease runs out, and the surviving instance's outbox takes the lead over.
      await letTimePassForLead(service, after, leaseRunsOutSeconds)
      expect(await emailsOnceDone(service, visitor, survivor)).toEqual({
        confirmations: 1,
        notifications: 1,
      })
    }, 120_000)

    it('mid-newsletter while it holds claims on deliveries: every confirmed reader gets the post exactly once', async ({
      expect,
    }) => {
      // Started now: alive during the lead case, its outbox could have taken that lead over.
      const { instance, hung } = await startDoomed('newsletter')
      const db = backend.ctx.localSupabase!.db
      const readers = await insertConfirmedSubscribers(db, `crash${Date.now()}`, 15)
      const slug = `crash-mid-send-${Date.now()}`
      await insertPost(db, slug)
      const subject = `Hiring in Pune: ${slug}`
      const ofThePost = () => sink.received.filter((m) => m.subject === subject)

      // Each delivery with its job in the one outbox (where its claim is).
      type Delivery = { id: string; status: string; claim_token: string | null; claimed_until: string | null }
      const deliveries = async (sendId: string) =>
        (
          await db.query<Delivery>(
            `select d.id::text as id, d.status, j.claim_token::text as claim_token,
                    to_json(j.claimed_until) #>> '{}' as claimed_until
               from public.newsletter_deliveries d
               join public.outbox_jobs j on j.queue = 'newsletter' and j.subject_id = d.outbox_key
              where d.send_id = $1`,
            [sendId],
          )
        ).rows
      const held = (rows: Delivery[]) =>
        rows.filter(
          (d) =>
            d.status === 'pending' &&
            d.claim_token !== null &&
            new Date(d.claimed_until!).getTime() > Date.now(),
        )

      // The send starts on the doomed instance, which claims the whole send at once. The survivor is paused
      // until those claims are in the database, so that they are surely the doomed instance's own (its
      // timer could otherwise take the deliveries first); after that it cannot take what is held.
      survivor.child.kill('SIGSTOP')
      const { sendId, claimed } = await (async () => {
        try {
          const res = await fetch(`${instance.url}/api/newsletter/send`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${backend.ctx.supabase.serviceRoleKey}`,
            },
            body: JSON.stringify({ slug }),
          })
          expect(res.status).toBe(202)
          const { send } = (await res.json()) as { send: { id: string; recipientCount: number } }
          expect(send.recipientCount).toBe(readers.length)
          const rows = await waitFor(
            'the doomed server to claim deliveries of the send',
            async () => held(await deliveries(send.id)),
            (heldRows) => heldRows.length > 0,
            45_000,
          )
          return { sendId: send.id, claimed: new Map(rows.map((d) => [d.id, d.claim_token])) }
        } finally {
          survivor.child.kill('SIGCONT')
        }
      })()
      // It is sending them (to the hung SMTP server) when it dies.
      await hungConnected(hung, instance)
      await kill(instance)
      // Its claims, unchanged after the kill: it held them when it died.
      const atKill = held(await deliveries(sendId)).filter((d) => claimed.get(d.id) === d.claim_token)
      expect(atKill.length).toBeGreaterThan(0)
      expect(ofThePost()).toEqual([])

      // Two minutes pass: the dead instance's leases run out (and a failed first attempt's retry comes due);
      // the survivor's outbox (every 5 s) delivers the rest.
      await db.query(
        `update public.outbox_jobs as j
          set claimed_until = j.claimed_until - make_interval(secs => $2),
              next_attempt_at = j.next_attempt_at - make_interval(secs => $2)
         from public.newsletter_deliveries as d
        where d.send_id = $1 and j.queue = 'newsletter' and j.subject_id = d.outbox_key and j.status = 'pending'`,
        [sendId, leaseRunsOutSeconds],
      )
      await waitFor(
        'every delivery of the send to be sent',
        async () => (await deliveries(sendId)).map((d) => d.status),
        (statuses) => statuses.every((s) => s === 'sent'),
        60_000,
      )
      const copies = new Map<string, number>()
      for (const mail of ofThePost())
        for (const to of mail.envelopeTo) copies.set(to, (copies.get(to) ?? 0) + 1)
      expect(readers.filter((r) => copies.get(r) !== 1)).toEqual([])
      expect(ofThePost()).toHaveLength(readers.length)
      console.info(`newsletter: the killed instance held ${atKill.length} of ${readers.length} deliveries`)
    }, 120_000)
  })
})
