import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CapturedMail } from '../../server/mail/index.ts'
import type { NewsletterSendResult } from '../../shared/schemas/newsletter-send.ts'
import {
  editorToken,
  insertPost,
  runNewsletterOutbox,
  sendNewsletter,
  subscribe,
  subscribeAndConfirm,
  tokenWithRole,
} from '../support/newsletter.ts'
import { capturedMail, startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts'

// A published post goes to confirmed subscribers once, through the captured inbox of the real server.

let server: TestServer
let token: string
const stamp = Date.now()
const confirmedA = `reader.a.${stamp}@example.com`
const confirmedB = `reader.b.${stamp}@example.com`
const pending = `reader.pending.${stamp}@example.com`

const mailTo = async (email: string, subject?: string): Promise<CapturedMail[]> =>
  (await capturedMail(server)).filter((m) => m.to === email && (!subject || m.subject === subject))
const deliver = () => runNewsletterOutbox(server.url, server.ctx.supabase.serviceRoleKey)
const sendCount = async () =>
  (
    await server.ctx.localSupabase!.db.query<{ n: number }>(
      'select count(*)::int as n from public.newsletter_sends',
    )
  ).rows[0].n

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' })
  token = await editorToken(server)
  await subscribeAndConfirm(server, confirmedA)
  await subscribeAndConfirm(server, confirmedB)
  await subscribe(server, pending)
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

describe('POST /api/newsletter/send', () => {
  it('refuses visitors and contributors, and bad, unknown or unpublished slugs, queuing nothing', async () => {
    await insertPost(server.ctx.localSupabase!.db, 'a-draft', { status: 'draft' })
    await insertPost(server.ctx.localSupabase!.db, 'later', {
      status: 'scheduled',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect((await sendNewsletter(server, null, { slug: 'a-draft' })).status).toBe(401)
    expect((await sendNewsletter(server, server.ctx.supabase.anonKey, { slug: 'a-draft' })).status).toBe(401)
    const contributor = await tokenWithRole(server, `writer.${stamp}@example.com`, 'contributor')
    const refused = await sendNewsletter(server, contributor, { slug: 'a-draft' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: 'Only editors and administrators can send newsletters.' })

    expect((await sendNewsletter(server, token, {})).status).toBe(400)
    expect((await sendNewsletter(server, token, { slug: 'Not A Slug!' })).status).toBe(400)
    const unknown = await sendNewsletter(server, token, { slug: 'no-such-post' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'There is no post with the slug “no-such-post”.' })
    const draft = await sendNewsletter(server, token, { slug: 'a-draft' })
    expect(draft.status).toBe(409)
    expect(((await draft.json()) as { message: string }).message).toBe(
      '“a-draft” is a draft: publish it before sending it as a newsletter.',
    )
    const scheduled = await sendNewsletter(server, token, { slug: 'later' })
    expect(scheduled.status).toBe(409)
    expect(((await scheduled.json()) as { message: string }).message).toMatch(/^“later” is scheduled for /)
    expect(await sendCount()).toBe(0)
  })

  it('mails each confirmed subscriber once, with List-Unsubscribe and a link of their own; nobody else', async () => {
    const db = server.ctx.localSupabase!.db
    await insertPost(db, 'first-issue', { cover: '/covers/hiring.webp?v=0123abcd' })
    const title = 'Hiring in Pune: first-issue'
    const started = await sendNewsletter(server, token, { slug: 'first-issue' })
    expect(started.status).toBe(202)
    const result = (await started.json()) as NewsletterSendResult
    expect(result).toMatchObject({ created: true, send: { slug: 'first-issue', recipientCount: 2 } })

    await deliver()
    const [a, b] = [await mailTo(confirmedA, title), await mailTo(confirmedB, title)]
    expect(a).toHaveLength(1)
    expect(b).toHaveLength(1)
    expect(await mailTo(pending, title)).toEqual([])
    for (const mail of [a[0], b[0]]) {
      expect(mail.listUnsubscribe).toMatch(
        /^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=[\w-]{20,}>$/,
      )
      expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click')
      const url = mail.listUnsubscribe!.slice(1, -1)
      // The same link is visible in both parts, with the post's own link and an absolute cover.
      expect(mail.html).toContain(url.replace(/&/g, '&amp;'))
      expect(mail.text).toContain(url)
      expect(mail.html).toMatch(/href="http:\/\/localhost:\d+\/post\/first-issue"/)
      expect(mail.text).toMatch(/Read the full post: http:\/\/localhost:\d+\/post\/first-issue/)
      expect(mail.html).toMatch(
        /<img src="http:\/\/localhost:\d+\/media\/covers\/hiring\.webp\?width=1280&amp;quality=75&amp;format=jpeg&amp;v=0123abcd"/,
      )
      expect(mail.html).toContain('max-width:600px')
    }
    expect(a[0].listUnsubscribe).not.toBe(b[0].listUnsubscribe)

    const status = await fetch(`${server.url}/api/newsletter/status?slug=first-issue`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(await status.json()).toMatchObject({
      recipientCount: 2,
      send: { recipientCount: 2, sent: 2, failed: 0, pending: 0, createdByEmail: testEditor.email },
    })
  })

  it('a second send of the same post mails nobody and answers with the first send', async () => {
    const first = (await (
      await fetch(`${server.url}/api/newsletter/status?slug=first-issue`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { send: { id: string } }
    const again = await sendNewsletter(server, token, { slug: 'first-issue' })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ created: false, send: { id: first.send.id, sent: 2 } })
    await deliver()
    expect(await mailTo(confirmedA, 'Hiring in Pune: first-issue')).toHaveLength(1)
    expect(await mailTo(confirmedB, 'Hiring in Pune: first-issue')).toHaveLength(1)
    expect(await sendCount()).toBe(1)
  })

  it('after a one-click unsubscribe the next post does not reach the address', async () => {
    const [mail] = await mailTo(confirmedA, 'Hiring in Pune: first-issue')
    const url = mail.listUnsubscribe!.slice(1, -1).replace(/^http:\/\/localhost:\d+/, server.url)
    // RFC 8058: a POST to the List-Unsubscribe URL with this body.
    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)

    await insertPost(server.ctx.localSupabase!.db, 'second-issue')
    const started = await sendNewsletter(server, token, { slug: 'second-issue' })
    expect(((await started.json()) as NewsletterSendResult).send.recipientCount).toBe(1)
    await deliver()
    expect(await mailTo(confirmedA, 'Hiring in Pune: second-issue')).toEqual([])
    expect(await mailTo(confirmedB, 'Hiring in Pune: second-issue')).toHaveLength(1)
    expect(await mailTo(pending, 'Hiring in Pune: second-issue')).toEqual([])
  })

  it('"Send a test to me" mails the signed-in editor only, even for a draft', async () => {
    const res = await sendNewsletter(server, token, { slug: 'a-draft' }, 'test')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ sent: true, to: testEditor.email })
    const mails = await mailTo(testEditor.email, '[Test] Hiring in Pune: a-draft')
    expect(mails).toHaveLength(1)
    expect(await sendCount()).toBe(2)
  })
})

describe('delivery failures', () => {
  let smtp: TestSmtpServer
  let other: TestServer
  let flakyRefusals = 0

  beforeAll(async () => {
    smtp = await startSmtpServer({
      refuseRecipient: (address) => {
        if (address.startsWith('gone.')) return { code: 550, message: 'No such user here' }
        if (address.startsWith('flaky.') && flakyRefusals++ === 0)
          return { code: 451, message: 'Try again later' }
        return null
      },
    })
    other = await startTestServer({ SMTP_URL: smtp.url })
    const db = other.ctx.localSupabase!.db
    await db.query(
      `with added as (
         insert into public.newsletter_subscribers (email, confirmed_at) values
           ('gone.${stamp}@example.com', now()),
           ('flaky.${stamp}@example.com', now()),
           ('fine.${stamp}@example.com', now())
         returning id, email
       )
       insert into public.newsletter_unsubscribe_tokens (subscriber_id, token)
       select id, split_part(email, '.', 1) || '-token-${stamp}-abcdefghijkl' from added`,
    )
  }, 60_000)

  afterAll(async () => {
    await other?.stop()
    await smtp?.close()
  })

  it('retries a passing failure and marks an address refused for good (5xx) as bouncing', async () => {
    const db = other.ctx.localSupabase!.db
    await insertPost(db, 'bounce-issue')
    const key = other.ctx.supabase.serviceRoleKey
    expect((await sendNewsletter(other, key, { slug: 'bounce-issue' })).status).toBe(202)
    await runNewsletterOutbox(other.url, key)

    const received = smtp.received.map((m) => m.to).sort()
    expect(received).toEqual([`fine.${stamp}@example.com`, `flaky.${stamp}@example.com`])
    const { rows } = await db.query<{ email: string; status: string; attempts: number; bounced: boolean }>(
      `select s.email, d.status, d.attempts, s.bounced_at is not null as bounced
         from public.newsletter_deliveries d join public.newsletter_subscribers s on s.id = d.subscriber_id
        order by s.email`,
    )
    expect(rows).toEqual([
      { email: `fine.${stamp}@example.com`, status: 'sent', attempts: 0, bounced: false },
      { email: `flaky.${stamp}@example.com`, status: 'sent', attempts: 1, bounced: false },
      { email: `gone.${stamp}@example.com`, status: 'failed', attempts: 1, bounced: true },
    ])

    // The bouncing address is no longer a recipient.
    await insertPost(db, 'after-bounce')
    const next = await sendNewsletter(other, key, { slug: 'after-bounce' })
    expect(((await next.json()) as NewsletterSendResult).send.recipientCount).toBe(2)
  })

  it('skips addresses that unsubscribe or are removed while a send waits', async () => {
    const db = other.ctx.localSupabase!.db
    const key = other.ctx.supabase.serviceRoleKey
    await other.ctx.newsletterOutbox!.stop()
    await insertPost(db, 'while-waiting')
    const started = await sendNewsletter(other, key, { slug: 'while-waiting' })
    const { send } = (await started.json()) as NewsletterSendResult
    expect(send.recipientCount).toBe(2)
    await db.query(
      `update public.newsletter_subscribers set unsubscribed_at = now() where email like 'flaky.%'`,
    )
    await db.query(`delete from public.newsletter_subscribers where email like 'fine.%'`)
    other.ctx.newsletterOutbox!.start()
    expect(await runNewsletterOutbox(other.url, key)).toEqual({ processed: 0, sent: 0 })

    const status = await fetch(`${other.url}/api/newsletter/status?slug=while-waiting`, {
      headers: { Authorization: `Bearer ${key}` },
    })
    const body = (await status.json()) as { recipientCount: number; send: Record<string, unknown> }
    expect(body.recipientCount).toBe(0)
    expect(body.send).toMatchObject({ recipientCount: 2, pending: 0, sent: 0, skipped: 2 })
    expect(body.send.finishedAt).not.toBeNull()
    expect(smtp.received.filter((m) => m.subject === 'Hiring in Pune: while-waiting')).toEqual([])
  })
})
