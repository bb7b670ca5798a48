// Lead capture figures: POST /api/leads throughput and latency (each request stores a lead and sends two
// emails over real SMTP to the embedded capture), and the time from submit to both emails captured.
import { randomUUID } from 'node:crypto'
import { startTestServer } from '../../tests/support/server.ts'
import { autocannon, median, type AutocannonRequest } from './support.ts'

export const title = 'Lead capture (POST /api/leads with SMTP capture)'

const loadSeconds = 10
const connections = 10
const latencyRuns = 15

const leadBody = (email: string) =>
  JSON.stringify({
    name: 'Bench Visitor',
    email,
    phone: '+1 555 123 4567',
    requirement: 'Three platform engineers to start next month',
    techStack: 'TypeScript, Postgres',
  })

export async function run(): Promise<string> {
  const server = await startTestServer({ LEAD_RATE_LIMIT: '0' })
  try {
    const capture = server.ctx.mail.capture!
    const leadRequest = (): AutocannonRequest => {
      const id = randomUUID()
      return {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json', 'idempotency-key': id },
        body: leadBody(`bench.${id}@example.com`),
      }
    }
    const load = (duration: number) =>
      autocannon({
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

    await load(2) // warm-up: JIT, PGlite caches, SMTP code paths
    const result = await load(loadSeconds)
    const failures = result.non2xx + result.errors + result.timeouts

    // Submit → both emails in the capture inbox, one lead at a time on an idle server.
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

    return [
      `autocannon ${connections} connections × ${loadSeconds} s on loopback against the in-process server ` +
        '(embedded backend, `LEAD_RATE_LIMIT=0`); every request validates, stores a lead with the service role and ' +
        'sends both emails over SMTP to the capture inbox before answering:',
      '',
      '| request | requests/s | p50 ms | p99 ms | leads stored | errors |',
      '|---|---:|---:|---:|---:|---:|',
      `| POST /api/leads | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.requests.total} | ${failures} |`,
      '',
      `Submit to both emails captured (confirmation and notification on disk), one lead at a time: median ` +
        `**${median(times).toFixed(1)} ms** of ${latencyRuns} (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}).`,
    ].join('\n')
  } finally {
    await server.stop()
  }
}
