import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retryDelaysMs } from '../../server/jobs/leased-worker.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import {
  leadMailCounts,
  leadRowsOf,
  letTimePassForLead,
  type LeadDeliveryRow,
} from '../support/lead-deliveries.ts'
import { submitLead, uniqueEmail } from '../support/leads.ts'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts'
import { useTestServer } from '../support/use-test-server.ts'

// The lead outbox works by itself: a lead taken while the SMTP server is down gets its two emails once the
// server is back, through the outbox's own timer. Nothing in this file runs the outbox by hand (no
// /api/dev/outbox/run, no runDue): if the server did not start its timer, the emails would never go.

let smtp: TestSmtpServer
beforeAll(async () => {
  // A real SMTP server that is down when the visitor sends the form (connections refused).
  smtp = await startSmtpServer()
  await smtp.stop()
})
afterAll(() => smtp?.close())

// The outbox looks for due leads every second (LEAD_OUTBOX_INTERVAL_MS), as an operator may set it.
const intervalMs = 1000
const server = useTestServer(() => ({
  SMTP_URL: smtp.url,
  LEAD_RATE_LIMIT: '0',
  LEAD_OUTBOX_INTERVAL_MS: String(intervalMs),
}))

/** The one lead of `visitor`, once `done` says its state is reached. */
async function leadOnceItIs(visitor: string, done: (row: LeadDeliveryRow) => boolean, timeoutMs: number) {
  const service = serviceClient(server.ctx)
  let rows: LeadDeliveryRow[] = []
  await expect
    .poll(
      async () => {
        rows = await leadRowsOf(service, visitor)
        return rows.length === 1 && done(rows[0])
      },
      { timeout: timeoutMs, interval: 200 },
    )
    .toBe(true)
  return rows[0]
}

describe('the lead outbox on its own', () => {
  it('sends the confirmation and the notification of a lead taken while SMTP was down, once it is back, with nobody asking', async () => {
    const visitor = uniqueEmail('outbox-alone')
    const res = await submitLead(server.url, 'Asha Verma', visitor)
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ confirmationSent: false, notificationSent: false })

    // Stored, both sends failed and recorded: first attempt, retried a minute later, nobody holds it.
    const failed = await leadOnceItIs(
      visitor,
      (row) => row.attempts === 1 && row.claim_token === null,
      15_000,
    )
    expect(failed).toMatchObject({ confirmation_sent_at: null, notification_sent_at: null })
    expect(smtp.received).toHaveLength(0)

    // SMTP is back, and the minute until the retry passes (the clock, moved rather than waited for).
    await smtp.start()
    await letTimePassForLead(serviceClient(server.ctx), failed, retryDelaysMs[0] / 1000)

    // The outbox's own timer (every second here) finds the lead due and sends both emails.
    await expect
      .poll(() => leadMailCounts(smtp, visitor), { timeout: intervalMs + 30_000, interval: 200 })
      .toEqual({ confirmations: 1, notifications: 1 })
    // Recorded as done (nothing is owed, so nothing more can go), and each email went exactly once.
    const sent = await leadOnceItIs(
      visitor,
      (row) => row.next_attempt_at === null && row.claim_token === null,
      15_000,
    )
    expect(sent.confirmation_sent_at).not.toBeNull()
    expect(sent.notification_sent_at).not.toBeNull()
    expect(leadMailCounts(smtp, visitor)).toEqual({ confirmations: 1, notifications: 1 })
  }, 120_000)
})
