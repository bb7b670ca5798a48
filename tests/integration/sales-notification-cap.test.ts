import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPath, brand } from '../../shared/config/brand.ts'
import { createLeadOutbox } from '../../server/mail/outbox.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts'
import { submitLead, uniqueEmail } from '../support/leads.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// A lead flood must not bury the sales inbox, nor lose a lead: past SALES_NOTIFICATION_HOURLY_CAP (3 here)
// the notifications are held back, and once the hour has ended every held lead goes to sales in a digest,
// exactly once, however many instances send digests. Counted at a real SMTP server.

const cap = 3
let smtp: TestSmtpServer
let server: TestServer

beforeAll(async () => {
  smtp = await startSmtpServer()
  server = await startTestServer({
    SMTP_URL: smtp.url,
    TRUST_PROXY: '1',
    LEAD_MAIL_WAIT_MS: '20000',
    SALES_NOTIFICATION_HOURLY_CAP: String(cap),
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const toSales = () => smtp.received.filter((m) => m.to.includes(brand.salesEmail))
const notifications = () => toSales().filter((m) => m.subject.startsWith('New lead:'))
const digests = () => toSales().filter((m) => m.subject.startsWith('Lead digest:'))

/** An outbox of another server instance whose clock is an hour and a minute ahead: the held hour is over. */
function instanceAnHourLater() {
  return createLeadOutbox({
    client: () => serviceClient(server.ctx),
    mail: server.ctx.mail,
    publicUrl: () => server.ctx.publicUrl,
    logger: pino({ level: 'silent' }),
    now: () => new Date(Date.now() + 61 * 60_000),
    digest: { hourlyCap: cap, leadsUrl: () => `${server.ctx.publicUrl}${adminPath}#leads` },
  })
}

async function flood(count: number, tag: string): Promise<string[]> {
  const emails = Array.from({ length: count }, () => uniqueEmail(tag))
  for (const email of emails) {
    const res = await submitLead(server.url, 'Priya Sharma', email)
    expect(res.status).toBe(201)
  }
  return emails
}

/** How many times `email` is named in the digests' texts. */
const timesInDigests = (email: string) =>
  digests().reduce((n, m) => n + m.text.split('\n').filter((line) => line === `Email: ${email}`).length, 0)

describe('sales notifications under their hourly cap', () => {
  it('a flood past the cap: the cap in notifications, then one digest naming every other lead once', async () => {
    const emails = await flood(cap + 5, 'sales-flood')
    const notified = notifications().map((m) => m.replyTo)
    expect(notified).toHaveLength(cap)
    expect(notified).toEqual(emails.slice(0, cap))

    // Within the hour nothing more goes to sales, however often the outbox runs.
    expect(await server.ctx.leadOutbox!.sendDigests()).toBe(0)
    expect(digests()).toHaveLength(0)

    // Once the hour is over: one digest with the five held leads, each once, and a link to Leads.
    expect(await instanceAnHourLater().sendDigests()).toBe(1)
    expect(await instanceAnHourLater().sendDigests()).toBe(0)
    const [digest] = digests()
    expect(digest.subject).toBe('Lead digest: 5 new leads')
    for (const email of emails.slice(cap)) expect(timesInDigests(email), email).toBe(1)
    for (const email of emails.slice(0, cap)) expect(timesInDigests(email), email).toBe(0)
    expect(digest.text).toContain(`Open Leads: ${server.ctx.publicUrl}${adminPath}#leads`)
    expect(digest.text).toContain('Name: Priya Sharma')

    // Every lead is marked notified, and nothing is owed any more.
    const { data } = await serviceClient(server.ctx)
      .from('leads')
      .select('email, notification_sent_at, notification_held_until, next_attempt_at')
      .in('email', emails)
    expect(data).toHaveLength(emails.length)
    for (const row of data!) expect(row.notification_sent_at, row.email).not.toBeNull()
    expect(data!.filter((row) => row.notification_held_until !== null)).toHaveLength(5)
  })

  it('two instances sending digests at once put each held lead in exactly one digest', async () => {
    // The hour's cap is spent: every lead of this flood is held.
    const emails = await flood(4, 'sales-race')
    const before = digests().length
    const sent = await Promise.all([instanceAnHourLater().sendDigests(), instanceAnHourLater().sendDigests()])
    expect(sent[0] + sent[1]).toBe(1)
    expect(digests()).toHaveLength(before + 1)
    for (const email of emails) expect(timesInDigests(email), email).toBe(1)
    expect(notifications().filter((m) => emails.includes(m.replyTo))).toHaveLength(0)
  })
})
