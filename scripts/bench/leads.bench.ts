// Lead capture figures: POST /api/leads latency and throughput with a healthy, a slow (1 s per message) and
// a hung SMTP server (accepts connections, never answers). Each request validates, stores a lead with the
// service role and waits at most LEAD_MAIL_WAIT_MS for its two emails; then the time from submit to both
// emails captured on a healthy server.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { parseEnv } from '../../server/config/env.ts'
import { startTestServer, type TestServer } from '../../tests/support/server.ts'
import { startHungSmtpServer, startSmtpServer } from '../../tests/support/smtp.ts'
import { autocannon, median, type AutocannonRequest, type AutocannonResult } from './support.ts'

export const title = 'Lead capture (POST /api/leads: healthy, slow and hung SMTP)'

const loadSeconds = 10
const connections = 10
const latencyRuns = 15
const budgetMs = parseEnv({}).LEAD_MAIL_WAIT_MS

const leadBody = (email: string) =>
  JSON.stringify({
    name: 'Bench Visitor',
    email,
    phone: '+1 555 123 4567',
    requirement: 'Three platform engineers to start next month',
    techStack: 'TypeScript, Postgres',
  })

/** autocannon also reports the slowest request (support.ts types only what every bench reads). */
type LoadResult = AutocannonResult & { latency: { max: number } }

function load(server: TestServer, duration: number): Promise<LoadResult> {
  const leadRequest = (): AutocannonRequest => {
    const id = randomUUID()
    return {
      method: 'POST',
      path: '/api/leads',
      headers: { 'content-type': 'application/json', 'idempotency-key': id },
      body: leadBody(`bench.${id}@example.com`),
    }
  }
  return (autocannon as (o: Parameters<typeof autocannon>[0]) => Promise<LoadResult>)({
    url: server.url,
    connections,
    duration,
    requests: [
      {
        // Keep autocannon's defaults (the Host header among them); add a fresh lead and key per request.
        setupRequest: (req) => {
          const lead = leadRequest()
          return { ...req, ...lead, headers: { ...req.headers, ...lead.headers } }
        },
      },
    ],
  })
}

/** Leads stored during the run, and how many had both emails out when the run ended. */
async function stored(server: TestServer) {
  const db = server.ctx.localSupabase!.db
  const { rows } = await db.query<{ total: number; sent: number }>(
    `select count(*)::int as total,
            count(*) filter (where confirmation_sent_at is not null and notification_sent_at is not null)::int as sent
       from public.leads`,
  )
  return rows[0]
}

interface Row {
  smtp: string
  result: LoadResult
  leads: { total: number; sent: number }
}

async function scenario(smtp: string, overrides: Record<string, string>): Promise<Row> {
  // No limits: every request stores a lead and sends both emails (the hourly caps on confirmations and
  // sales notifications would otherwise hold most back and make the healthy run look cheaper than it is).
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    CONFIRMATION_MAIL_HOURLY_CAP: '1000000',
    SALES_NOTIFICATION_HOURLY_CAP: '1000000',
    ...overrides,
  })
  try {
    await load(server, 2) // warm-up: JIT, PGlite caches, SMTP code paths
    const before = await stored(server)
    const result = await load(server, loadSeconds)
    const after = await stored(server)
    return { smtp, result, leads: { total: after.total - before.total, sent: after.sent - before.sent } }
  } finally {
    await server.stop()
  }
}

async function submitToInbox(): Promise<number[]> {
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    CONFIRMATION_MAIL_HOURLY_CAP: '1000000',
    SALES_NOTIFICATION_HOURLY_CAP: '1000000',
  })
  try {
    const capture = server.ctx.mail.capture!
    const times: number[] = []
    for (let i = 0; i < latencyRuns; i++) {
      const email = `latency.${randomUUID()}@example.com`
      const started = performance.now()
      const res = await fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: leadBody(email),
      })
      if (res.status !== 201) throw new Error(`lead submit failed with ${res.status}`)
      for (;;) {
        const mails = await capture.list()
        if (mails.filter((m) => m.to === email || m.replyTo === email).length >= 2) break
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      times.push(performance.now() - started)
    }
    return times
  } finally {
    await server.stop()
  }
}

export async function run(): Promise<string> {
  const loadBefore = os.loadavg()[0]
  const rows: Row[] = []
  rows.push(await scenario('healthy (embedded capture)', {}))
  const slow = await startSmtpServer({ delayMs: 1_000 })
  try {
    rows.push(await scenario('slow (1 s per message)', { SMTP_URL: slow.url }))
  } finally {
    await slow.close()
  }
  const hung = await startHungSmtpServer()
  try {
    rows.push(await scenario('hung (accepts, never answers)', { SMTP_URL: hung.url }))
  } finally {
    await hung.close()
  }
  const times = await submitToInbox()
  const loadAfter = os.loadavg()[0]

  const worst = Math.max(...rows.map((r) => r.result.latency.p99))
  return [
    `autocannon ${connections} connections × ${loadSeconds} s per SMTP server on loopback against the in-process ` +
      `server (embedded backend, no rate limits or confirmation cap, \`LEAD_MAIL_WAIT_MS=${budgetMs}\`); every request validates, ` +
      'stores a lead with the service role and waits at most the budget for its two emails (sends still under way ' +
      'go on; failures go to the outbox). Slow and hung are real servers on loopback (`tests/support/smtp.ts`):',
    '',
    '| SMTP server | requests/s | p50 ms | p99 ms | max ms | leads stored | both emails out at the end | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.smtp} | ${r.result.requests.average.toFixed(1)} | ${r.result.latency.p50} | ${r.result.latency.p99} | ` +
        `${r.result.latency.max} | ${r.leads.total} | ${r.leads.sent} | ${r.result.non2xx + r.result.errors + r.result.timeouts} |`,
    ),
    '',
    `Worst p99 **${worst} ms** against a budget of ${budgetMs} ms + 1 s = ${budgetMs + 1000} ms ` +
      `(${worst <= budgetMs + 1000 ? 'within' : 'OVER'}).`,
    '',
    `Submit to both emails captured (confirmation and notification on disk), one lead at a time on a healthy ` +
      `server: median **${median(times).toFixed(1)} ms** of ${latencyRuns} (min ${Math.min(...times).toFixed(1)}, ` +
      `max ${Math.max(...times).toFixed(1)}).`,
    '',
    `Load average of the machine (other work shares it): ${loadBefore.toFixed(1)} at the start, ` +
      `${loadAfter.toFixed(1)} at the end.`,
  ].join('\n')
}
