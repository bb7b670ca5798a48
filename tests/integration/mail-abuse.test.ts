import { describe, expect, it } from 'vitest'
import { serviceClient } from '../../server/supabase-clients.ts'
import { capturedMail, type TestServer } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'

// The site cannot be made to mail anyone: confirmations carry nothing the visitor typed but a capped
// first name, a global hourly cap holds them back, and the newsletter needs a confirmed click.

const lead = (email: string, name = 'Priya Sharma') => ({
  name,
  email,
  phone: '+91 98765 43210',
  requirement: 'Visit http://pills.example/buy for cheap pills now',
  techStack: 'https://spam.example',
})

let keys = 0
const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `abuse-key-${Date.now()}-${keys++}` },
    body: JSON.stringify(body),
  })

const mailFor = async (server: TestServer, address: string) =>
  (await capturedMail(server)).filter((m) => m.to === address)

describe('lead confirmations under the hourly cap', () => {
  const server = useTestServer({
    LEAD_RATE_LIMIT: '0',
    LEAD_MAIL_WAIT_MS: '20000',
    CONFIRMATION_MAIL_HOURLY_CAP: '2',
  })

  it('sends the cap, then only the sales notifications; held-back confirmations are done, not retried', async () => {
    const emails = [1, 2, 3].map((i) => `capped${i}.${Date.now()}@example.com`)
    const results = []
    for (const email of emails) results.push(await (await post(server, '/api/leads', lead(email))).json())
    expect(results.map((r) => r.confirmationSent)).toEqual([true, true, false])
    expect(results.every((r) => r.notificationSent)).toBe(true)

    const all = await capturedMail(server)
    expect(all.filter((m) => emails.includes(m.to))).toHaveLength(2)
    expect(all.filter((m) => emails.includes(m.replyTo))).toHaveLength(3)
    const { data } = await serviceClient(server.ctx).from('leads').select('*').eq('email', emails[2])
    expect(data![0]).toMatchObject({ confirmation_sent_at: null, next_attempt_at: null })
    expect(data![0].confirmation_skipped_at).not.toBeNull()

    // The outbox owes nothing for it.
    const run = await fetch(`${server.url}/api/dev/outbox/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` },
    })
    expect((await run.json()).processed).toBe(0)
  })

  it('the newsletter shares the cap: no confirmation link goes out past it', async () => {
    const email = `capped.reader.${Date.now()}@example.com`
    expect((await post(server, '/api/newsletter', { email })).status).toBe(200)
    expect(await mailFor(server, email)).toHaveLength(0)
  })
})

describe('what a confirmation may carry, and the newsletter double opt-in', () => {
  const server = useTestServer({ LEAD_RATE_LIMIT: '0', LEAD_MAIL_WAIT_MS: '20000' })

  it('a lead confirmation greets a capped first name and echoes no free text or links', async () => {
    const email = `echo.${Date.now()}@example.com`
    await post(server, '/api/leads', lead(email, 'http://evil.example/landing Click here'))
    const [confirmation] = await mailFor(server, email)
    expect(confirmation.subject).toBe("Thanks for your request: let's build your tech team in India")
    expect(confirmation.text).toMatch(/^Hi there,/)
    for (const part of [confirmation.text, confirmation.html, confirmation.subject])
      expect(part).not.toMatch(/evil\.example|pills\.example|spam\.example|Click here/)
  })

  it('one address gets at most 3 confirmations a day', async () => {
    const email = `victim.${Date.now()}@example.com`
    for (let i = 0; i < 5; i++) await post(server, '/api/leads', lead(email))
    expect(await mailFor(server, email)).toHaveLength(3)
  })

  it('the newsletter counts an address only after its link is clicked, and one click unsubscribes', async () => {
    const email = `reader.${Date.now()}@example.com`
    const subscribed = await post(server, '/api/newsletter', { email })
    expect(await subscribed.json()).toEqual({
      subscribed: true,
      message: 'Thanks! Check your inbox and click the link in our email to confirm your subscription.',
    })
    const [mail] = await mailFor(server, email)
    expect(mail.headerNames).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']))
    // Who a newsletter goes to: confirmed, subscribed, not bouncing.
    const recipients = async () => {
      const { data, error } = await serviceClient(server.ctx).from('newsletter_recipients').select('email')
      if (error) throw new Error(error.message)
      return data.map((r) => r.email as string)
    }
    expect(await recipients()).not.toContain(email)

    // A second subscription soon after sends nothing more.
    await post(server, '/api/newsletter', { email })
    expect(await mailFor(server, email)).toHaveLength(1)

    const confirmUrl = /Confirm my subscription: (\S+)/.exec(mail.text)![1]
    const token = new URL(confirmUrl).searchParams.get('token')!
    // Following the link (as a mail scanner would) only shows the button.
    const landing = await fetch(confirmUrl.replace(/^http:\/\/localhost:\d+/, server.url))
    expect(landing.status).toBe(200)
    expect(await landing.text()).toContain('Confirm my subscription')
    expect(await recipients()).not.toContain(email)

    const confirm = (t: string) =>
      fetch(`${server.url}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: t }).toString(),
      })
    expect((await confirm('x'.repeat(43))).status).toBe(400)
    const confirmed = await confirm(token)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('You are subscribed')
    expect(await recipients()).toContain(email)
    // The link works once.
    expect((await confirm(token)).status).toBe(400)

    // RFC 8058 one-click: a POST to the List-Unsubscribe URL.
    const unsubscribeUrl = /Unsubscribe: (\S+)/
      .exec(mail.text)![1]
      .replace(/^http:\/\/localhost:\d+/, server.url)
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await recipients()).not.toContain(email)
  })
})
