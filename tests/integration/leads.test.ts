import { describe, expect, it } from 'vitest'
import { listLeads } from '../../shared/data/leads.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { serviceClient } from '../../server/supabase-clients.ts'
import { retryDelaysMs } from '../../server/jobs/leased-worker.ts'
import { createLeadOutbox } from '../../server/mail/outbox.ts'
import type { CapturedMail } from '../../server/mail/index.ts'
import { capturedMail, runOutbox, staffHeaders, testEditor, type TestServer } from '../support/server.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { useTestServer } from '../support/use-test-server.ts'

const validLead = (overrides: Record<string, string> = {}) =>
  sampleLead({ email: `priya.${Math.random().toString(36).slice(2, 8)}@example.com`, ...overrides })

let keyCounter = 0
const newKey = () => `test-key-${Date.now()}-${keyCounter++}`

async function postLead(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function mailTo(server: TestServer, address: string): Promise<CapturedMail[]> {
  const all = await capturedMail(server)
  return all.filter((m) => m.to.includes(address) || m.replyTo.includes(address))
}

async function editorToken(server: TestServer): Promise<string> {
  const client = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
    persistSession: false,
    autoRefreshToken: false,
  })
  const { data, error } = await client.auth.signInWithPassword(testEditor)
  if (error) throw error
  return data.session.access_token
}

async function leadRows(server: TestServer, email: string) {
  const { data, error } = await serviceClient(server.ctx).from('leads').select('*').eq('email', email)
  if (error) throw error
  return data as Array<Record<string, unknown>>
}

describe('POST /api/leads', () => {
  // A generous mail budget: these tests check what is sent, not how fast (lead-mail-budget.test.ts does).
  const server = useTestServer({ LEAD_RATE_LIMIT: '0', LEAD_MAIL_WAIT_MS: '20000' })

  it('stores the lead and sends the confirmation to the visitor and the notification to sales', async () => {
    const lead = validLead()
    const { status, body } = await postLead(server, lead)
    expect(status).toBe(201)
    expect(body).toMatchObject({ leadId: expect.any(String), confirmationSent: true, notificationSent: true })

    const mails = await mailTo(server, lead.email)
    const confirmation = mails.find((m) => m.to === lead.email)!
    const notification = mails.find((m) => m.to === 'sales@meridian.example')!
    expect(confirmation.subject).toBe("Thanks for your request: let's build your tech team in India")
    expect(confirmation.text).toContain('Hi Priya,')
    // The confirmation echoes nothing the visitor typed but the first name.
    expect(confirmation.text).not.toContain(lead.requirement)
    expect(confirmation.text).not.toContain(lead.techStack)
    expect(confirmation.html).toContain('Book an intro call')
    expect(confirmation.replyTo).toBe('')
    // The visitor's address: the confirmation's recipient and the notification's Reply-To, nowhere else in headers.
    expect(notification.replyTo).toBe(lead.email)
    expect(notification.from).toContain('hello@meridian.example')
    for (const value of [lead.name, lead.email, lead.phone, lead.requirement, lead.techStack])
      expect(notification.text).toContain(value)

    const [row] = await leadRows(server, lead.email)
    expect(row).toMatchObject({
      id: body.leadId,
      name: lead.name,
      tech_stack: lead.techStack,
      attempts: 0,
      next_attempt_at: null,
    })
    expect(row.confirmation_sent_at).not.toBeNull()
    expect(row.notification_sent_at).not.toBeNull()
  })

  /** Posts `lead`, which is stored, and returns the two emails sent for it (the visitor's and sales'). */
  async function storedAndMailed(lead: ReturnType<typeof validLead>) {
    expect((await postLead(server, lead)).status).toBe(201)
    const mails = await mailTo(server, lead.email)
    expect(mails).toHaveLength(2)
    return mails
  }

  it('escapes HTML typed into lead fields', async () => {
    const lead = validLead({
      name: 'Eve <img src=x onerror=alert(1)>',
      requirement: '<script>alert("x")</script> ten engineers',
    })
    const mails = await storedAndMailed(lead)
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).not.toContain('<img src=x')
    }
    expect(mails.find((m) => m.to === 'sales@meridian.example')!.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    )
  })

  it('adds no header when the name carries CR/LF', async () => {
    const lead = validLead({ name: 'Mallory\r\nBcc: victim@example.com' })
    for (const mail of await storedAndMailed(lead)) {
      expect(mail.headerNames).not.toContain('bcc')
      expect(mail.to).not.toContain('victim')
      expect(mail.subject).not.toMatch(/[\r\n]/)
    }
  })

  it('stores and emails a repeated idempotency key once, even when both requests race', async () => {
    const lead = validLead()
    const key = newKey()
    const [a, b] = await Promise.all([
      postLead(server, lead, { 'Idempotency-Key': key }),
      postLead(server, lead, { 'Idempotency-Key': key }),
    ])
    const c = await postLead(server, lead, { 'Idempotency-Key': key })
    expect(a.body.leadId).toBe(b.body.leadId)
    expect(c.body.leadId).toBe(a.body.leadId)
    expect(c.body).toMatchObject({ confirmationSent: true, notificationSent: true })
    expect(await leadRows(server, lead.email)).toHaveLength(1)
    expect(await mailTo(server, lead.email)).toHaveLength(2)
  })

  it('accepts a filled honeypot silently and keeps nothing', async () => {
    const lead = validLead()
    const { status, body } = await postLead(server, { ...lead, company_website: 'https://spam.example' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ leadId: expect.any(String), confirmationSent: true, notificationSent: true })
    expect(await leadRows(server, lead.email)).toHaveLength(0)
    expect(await mailTo(server, lead.email)).toHaveLength(0)
  })

  it('answers bad input with 400 and field messages, never 500', async () => {
    const invalid = await postLead(server, {
      name: 'A',
      email: 'nope',
      phone: '1',
      requirement: 'short',
      techStack: '',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.fieldErrors).toEqual({
      name: ['Name must be at least 2 characters.'],
      email: ['Please enter a valid email.'],
      phone: ['Please enter a valid phone number with country code.'],
      requirement: ['Please describe your requirement in at least 10 characters.'],
      techStack: ["Please specify the technology stack you're interested in."],
    })
    expect((await postLead(server, '{not json')).status).toBe(400)
    expect((await postLead(server, '[1,2]')).status).toBe(400)
    expect((await postLead(server, validLead(), { 'Idempotency-Key': 'bad key with spaces' })).status).toBe(
      400,
    )
  })

  it('refuses NUL, other control characters and lone surrogates with a field message, never a 5xx', async () => {
    const nul = await postLead(server, validLead({ name: 'Pri\u0000ya' }))
    expect(nul).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: ['Remove the control characters (such as NUL) from this field.'] } },
    })
    const bell = await postLead(server, validLead({ techStack: 'Go\u0007' }))
    expect(bell.body.fieldErrors).toEqual({
      techStack: ['Remove the control characters (such as NUL) from this field.'],
    })
    // A lone surrogate arrives as a JSON escape (a literal one cannot be sent as UTF-8).
    const lead = validLead()
    const surrogate = await postLead(server, JSON.stringify(lead).replace('Go, Postgres', 'Go \\ud800'))
    expect(surrogate).toMatchObject({
      status: 400,
      body: { fieldErrors: { techStack: ['This field contains a broken character. Please type it again.'] } },
    })
    expect(await leadRows(server, lead.email)).toHaveLength(0)
    const notUtf8 = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    })
    expect(notUtf8.status).toBe(400)
  })

  it('stores text in NFC and accepts a urlencoded form', async () => {
    const lead = validLead({ name: 'Jose\u0301 Garci\u0301a' })
    const res = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': newKey() },
      body: new URLSearchParams(lead).toString(),
    })
    expect(res.status).toBe(201)
    const [row] = await leadRows(server, lead.email)
    expect(row.name).toBe('José García')
  })

  it('refuses bodies over 16 KB with 413 and a JSON message', async () => {
    const { status, body } = await postLead(server, validLead({ requirement: 'x'.repeat(17 * 1024) }))
    expect(status).toBe(413)
    expect(body.message).toMatch(/too large/)
  })

  it('keeps a lead whose emails fail and delivers both once SMTP is back', async () => {
    const capture = server.ctx.mail.capture!
    await capture.stop()
    const lead = validLead()
    let result
    try {
      result = await postLead(server, lead)
    } finally {
      await capture.start()
    }
    expect(result.status).toBe(201)
    expect(result.body).toMatchObject({ confirmationSent: false, notificationSent: false })
    const [pending] = await leadRows(server, lead.email)
    expect(pending.attempts).toBe(1)
    expect(pending.last_error).toMatch(/confirmation: .+; notification: .+/)
    const wait = new Date(pending.next_attempt_at as string).getTime() - Date.now()
    expect(wait).toBeGreaterThan(retryDelaysMs[0] - 5_000)
    expect(wait).toBeLessThanOrEqual(retryDelaysMs[0])

    expect(await runOutbox(server)).toMatchObject({ completed: expect.any(Number) })
    const mails = await mailTo(server, lead.email)
    expect(mails.map((m) => m.to).sort()).toEqual([lead.email, 'sales@meridian.example'].sort())
    const [done] = await leadRows(server, lead.email)
    expect(done).toMatchObject({ next_attempt_at: null, last_error: null })
    expect(done.confirmation_sent_at).not.toBeNull()
  })

  it('retries on the backoff schedule: nothing before the due time, then the send', async () => {
    const capture = server.ctx.mail.capture!
    let clock = Date.now()
    const outbox = createLeadOutbox({
      client: () => serviceClient(server.ctx),
      mail: server.ctx.mail,
      publicUrl: () => server.ctx.publicUrl,
      logger: server.ctx.logger,
      now: () => new Date(clock),
    })
    await capture.stop()
    const lead = validLead()
    try {
      expect((await postLead(server, lead)).body.confirmationSent).toBe(false)
      const [first] = await leadRows(server, lead.email)
      // The second failure (still down) is due 1 minute after the first and schedules the next in 5.
      clock = new Date(first.next_attempt_at as string).getTime() - 1_000
      expect((await outbox.runDue()).processed).toBe(0)
      clock += 1_000
      expect(await outbox.runDue()).toEqual({ processed: 1, completed: 0 })
      const [second] = await leadRows(server, lead.email)
      expect(second.attempts).toBe(2)
      expect(new Date(second.next_attempt_at as string).getTime() - clock).toBe(retryDelaysMs[1])
    } finally {
      await capture.start()
    }
    clock += retryDelaysMs[1]
    expect(await outbox.runDue()).toEqual({ processed: 1, completed: 1 })
    expect(await mailTo(server, lead.email)).toHaveLength(2)
    await outbox.stop()
  })

  it('lets editors list and search leads, and hides them from everyone else', async () => {
    const lead = validLead({ name: 'Searchable Person', techStack: 'Elixir' })
    await postLead(server, lead)
    const anon = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, { persistSession: false })
    expect((await listLeads(anon)).leads).toEqual([])

    const editor = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
      persistSession: false,
      accessToken: await editorToken(server),
    })
    const page = await listLeads(editor, { search: 'elixir', pageSize: 5 })
    expect(page.leads.map((l) => l.email)).toEqual([lead.email])
    expect(page.total).toBe(1)
    const all = await listLeads(editor, { page: 1, pageSize: 2 })
    expect(all.leads).toHaveLength(2)
    expect(all.total).toBeGreaterThan(2)
    expect(all.leads[0].createdAt >= all.leads[1].createdAt).toBe(true)
  })
})

describe('lead rate limits', () => {
  const server = useTestServer({ LEAD_RATE_LIMIT: '2' })

  it('answers 429 with a clear message after the per-minute limit, without storing', async () => {
    expect((await postLead(server, validLead())).status).toBe(201)
    expect((await postLead(server, validLead())).status).toBe(201)
    const lead = validLead()
    const limited = await postLead(server, lead)
    expect(limited).toEqual({
      status: 429,
      body: { message: 'Too many requests. Please wait a minute and try again.' },
    })
    expect(await leadRows(server, lead.email)).toHaveLength(0)
  })
})

describe('staff email endpoints', () => {
  const server = useTestServer({ EMAIL_SERVICE_TOKEN: 'service-token-for-tests' })

  const sendEmail = (
    token?: string,
    body: unknown = { to: 'someone@example.com', subject: 'Hello', html: '<p>Hi</p>' },
  ) =>
    fetch(`${server.url}/api/send-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })

  it('POST /api/send-email refuses callers without an editor token', async () => {
    expect((await sendEmail()).status).toBe(401)
    expect((await sendEmail('not-a-jwt')).status).toBe(401)
    // A valid JWT of a non-editor: the anon key itself.
    expect((await sendEmail(server.ctx.supabase.anonKey)).status).toBe(401)
  })

  it('POST /api/send-email sends sanitised HTML for an editor, with CR/LF stripped from the subject', async () => {
    const token = await editorToken(server)
    const res = await sendEmail(token, {
      to: 'staff.check@example.com',
      subject: 'Report\r\nBcc: victim@example.com',
      html: '<p onclick="x()">Numbers</p><script>alert(1)</script>',
    })
    expect(await res.json()).toMatchObject({ success: true })
    const [mail] = await mailTo(server, 'staff.check@example.com')
    expect(mail.subject).toBe('Report Bcc: victim@example.com')
    expect(mail.headerNames).not.toContain('bcc')
    expect(mail.html).toContain('<p>Numbers</p>')
    expect(mail.html).not.toContain('script')
    expect(mail.html).not.toContain('onclick')
    expect((await sendEmail(token, { to: 'nope', subject: 'x', html: 'y' })).status).toBe(400)
  })

  it('staff endpoints answer bad text with 400, the success flag and a field message', async () => {
    const token = await editorToken(server)
    const res = await sendEmail(token, { to: 'x@example.com', subject: 'Hi\u0000', html: '<p>x</p>' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      success: false,
      message: 'Remove the control characters (such as NUL) from this field.',
      fieldErrors: { subject: ['Remove the control characters (such as NUL) from this field.'] },
    })
    const service = await fetch(`${server.emailServiceUrl}/send-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-token-for-tests' },
      body: '{"to":"x@example.com","subject":"Hi","body":"broken \\udc00 text"}',
    })
    expect(service.status).toBe(400)
    expect(await service.json()).toMatchObject({
      success: false,
      fieldErrors: { body: [expect.any(String)] },
    })
  })

  it('email service: health JSON with SMTP reachability', async () => {
    const res = await fetch(`${server.emailServiceUrl}/`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: 'ok', service: 'meridian-email', smtp: { reachable: true } })
    expect(new Date(body.time).toString()).not.toBe('Invalid Date')
  })

  it('email service: POST /send-email needs an editor token or the service token', async () => {
    const post = (token?: string, origin?: string) =>
      fetch(`${server.emailServiceUrl}/send-email`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(origin ? { Origin: origin } : {}),
        },
        body: JSON.stringify({
          to: 'svc@example.com',
          subject: 'Service test',
          firstName: 'Sam',
          body: 'Hello <b>there</b>',
        }),
      })
    expect((await post()).status).toBe(401)
    expect((await post('wrong-token')).status).toBe(401)
    const withService = await post('service-token-for-tests', 'http://localhost:5173')
    expect(withService.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(await withService.json()).toMatchObject({ success: true, messageId: expect.any(String) })
    expect(await (await post(await editorToken(server))).json()).toMatchObject({ success: true })
    const [mail] = await mailTo(server, 'svc@example.com')
    expect(mail.text).toContain('Hi Sam,')
    expect(mail.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;')
  })

  it('email service: CORS refuses foreign origins', async () => {
    const res = await fetch(`${server.emailServiceUrl}/send-email`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('mail tools (/api/dev)', () => {
  const server = useTestServer()

  const call = (path: string, method: string, token?: string) =>
    fetch(`${server.url}/api/dev${path}`, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })

  it('refuse anyone who is not an editor or holding the service key, and read nothing out', async () => {
    const routes: Array<[string, string]> = [
      ['/mail', 'GET'],
      ['/mail/capture', 'GET'],
      ['/mail/capture/stop', 'POST'],
      ['/mail/capture/start', 'POST'],
      ['/outbox/run', 'POST'],
    ]
    for (const [path, method] of routes) {
      for (const token of [undefined, 'not-a-jwt', server.ctx.supabase.anonKey]) {
        const res = await call(path, method, token)
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(await res.text()).not.toContain('@')
      }
    }
    expect(server.ctx.mail.capture!.running).toBe(true)
  })

  it('serve an editor and the service key', async () => {
    const editor = await call('/mail', 'GET', await editorToken(server))
    expect(editor.status).toBe(200)
    expect(Array.isArray(await editor.json())).toBe(true)
    expect((await call('/mail', 'GET', server.ctx.supabase.serviceRoleKey)).status).toBe(200)
    expect((await call('/outbox/run', 'POST', server.ctx.supabase.serviceRoleKey)).status).toBe(200)
  })
})

describe('with a real SMTP server configured (SMTP_URL)', () => {
  // Port 9 (discard) is closed here: a stand-in for an unreachable SMTP relay.
  const server = useTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' })

  it('has no captured inbox and reports SMTP unreachable', async () => {
    const staff = { headers: staffHeaders(server) }
    expect((await fetch(`${server.url}/api/dev/mail`, staff)).status).toBe(404)
    expect(
      (await fetch(`${server.url}/api/dev/mail/capture/stop`, { method: 'POST', ...staff })).status,
    ).toBe(404)
    const health = await (await fetch(`${server.emailServiceUrl}/`)).json()
    expect(health.smtp).toEqual({ reachable: false })
  })

  it('still stores a lead and tells the form its emails are pending', async () => {
    const lead = validLead()
    const { status, body } = await postLead(server, lead)
    expect(status).toBe(201)
    expect(body).toMatchObject({ confirmationSent: false, notificationSent: false })
    expect(await leadRows(server, lead.email)).toHaveLength(1)
  })
})
