import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { parseEnv } from '../config/env.ts'
import { startMail, type MailService } from './index.ts'
import {
  greetingName,
  greetingNameMaxLength,
  headerSafe,
  leadConfirmationSubject,
  renderLeadConfirmation,
  renderNewsletterConfirmation,
  renderLeadNotification,
  renderServiceMessage,
  textFromHtml,
} from './templates.ts'

// Priya's lead with markup and a header break in it, which no mail may carry as such.
const lead = sampleLead({
  name: 'Priya <b>Sharma</b>\r\nBcc: victim@example.com',
  requirement: 'Five backend engineers <script>alert(1)</script> for our payments team',
  techStack: 'Go & "Postgres"',
})

describe('mailer with the embedded SMTP capture', () => {
  let dataDir: string
  let mail: MailService

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-mail-'))
    mail = await startMail({
      env: parseEnv({ SMTP_CAPTURE_PORT: '0' }),
      dataDir,
      logger: pino({ level: 'silent' }),
    })
  })
  afterAll(async () => {
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers over real SMTP and lists captured mail newest first', async () => {
    await mail.send({ to: 'first@example.com', subject: 'First', html: '<p>1</p>', text: '1' })
    await mail.send({ to: 'second@example.com', subject: 'Second', html: '<p>2</p>', text: '2' })
    const captured = await mail.listCaptured!()
    expect(captured.map((m) => m.subject).slice(0, 2)).toEqual(['Second', 'First'])
    expect(captured[0]).toMatchObject({
      to: 'second@example.com',
      from: expect.stringContaining('hello@meridian.example'),
      text: '2',
    })
    expect(captured[0].html).toContain('<p>2</p>')
  })

  it('adds no header when a name or subject carries CR/LF', async () => {
    const confirmation = renderLeadConfirmation(lead, 'http://localhost:8080')
    await mail.send({ to: lead.email, ...confirmation })
    await mail.send({
      to: 'sales@meridian.example',
      replyTo: `${lead.email}\r\nBcc: victim@example.com`,
      subject: 'Hi\r\nBcc: victim@example.com',
      html: '<p>x</p>',
      text: 'x',
    })
    const [notification, visitor] = await mail.listCaptured!()
    for (const message of [notification, visitor]) {
      expect(message.headerNames).not.toContain('bcc')
      expect(message.subject).not.toMatch(/[\r\n]/)
    }
    expect(notification.subject).toBe('Hi Bcc: victim@example.com')
    expect(visitor.to).toBe(lead.email)
  })

  it('reports SMTP reachability and fails sends while the capture is stopped', async () => {
    expect(await mail.verify()).toBe(true)
    await mail.capture!.stop()
    expect(await mail.verify()).toBe(false)
    await expect(
      mail.send({ to: 'x@example.com', subject: 'Down', html: '<p>x</p>', text: 'x' }),
    ).rejects.toThrow()
    await mail.capture!.start()
    expect(await mail.verify()).toBe(true)
  })
})

describe('lead email templates', () => {
  it('escapes every lead value in the HTML of both emails', () => {
    const confirmation = renderLeadConfirmation(lead, 'http://localhost:8080')
    const notification = renderLeadNotification(lead)
    for (const html of [confirmation.html, notification.html]) {
      expect(html).not.toContain('<script>')
      expect(html).not.toContain('<b>Sharma')
    }
    expect(notification.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(notification.html).toContain('Go &amp; &quot;Postgres&quot;')
  })

  it('greets the visitor by name and states the value proposition with an intro-call link', () => {
    const { html, text, subject } = renderLeadConfirmation(
      { ...lead, name: 'Priya Sharma' },
      'https://meridian.example',
    )
    expect(subject).toBe(leadConfirmationSubject)
    expect(text).toMatch(/^Hi Priya,/)
    for (const claim of ['2 weeks', 'Top 1% talent', 'Seamless integration', 'path to ownership'])
      expect(text.toLowerCase()).toContain(claim.toLowerCase())
    expect(html).toContain('Book an intro call')
    expect(html).toContain('mailto:sales@meridian.example?subject=Intro%20call')
  })

  it('echoes nothing else the visitor typed: a capped name, no requirement, stack or links', () => {
    const { html, text, subject } = renderLeadConfirmation(
      { name: `${'A'.repeat(300)} Smith` },
      'https://meridian.example',
    )
    expect(subject).toBe(leadConfirmationSubject)
    expect(text).toContain(`Hi ${'A'.repeat(greetingNameMaxLength)},`)
    expect(text).not.toContain('A'.repeat(greetingNameMaxLength + 1))
    expect(text).not.toMatch(/Team requirements|Technology stack/)
    expect(html).not.toMatch(/Team requirements|Technology stack/)
    for (const name of [
      'http://evil.example now',
      'www.evil.example',
      'buy@pills.example',
      'evil.com/x',
      '<a>',
    ])
      expect(greetingName(name)).toBe('there')
    expect(greetingName('J.R. Smith')).toBe('J.R.')
    expect(greetingName('Zoë')).toBe('Zoë')
  })

  it('puts a confirm link, an unsubscribe link and nothing from the visitor in the newsletter confirmation', () => {
    const links = {
      confirmUrl: 'https://meridian.example/api/newsletter/confirm?token=c',
      unsubscribeUrl: 'https://meridian.example/api/newsletter/unsubscribe?token=u',
    }
    const { html, text } = renderNewsletterConfirmation(links)
    for (const body of [html, text]) {
      expect(body).toContain(links.confirmUrl)
      expect(body).toContain(links.unsubscribeUrl)
    }
  })

  it('lists name, email, phone, requirement and tech stack for sales', () => {
    const { text } = renderLeadNotification({ ...lead, name: 'Priya Sharma' })
    for (const label of [
      'Name: Priya Sharma',
      'Email: priya@example.com',
      'Phone: +91 98765 43210',
      'Requirement: Five backend',
      'Tech stack: Go',
    ]) {
      expect(text).toContain(label)
    }
  })

  it('turns control characters into spaces in header values', () => {
    expect(headerSafe('a\r\nb\tc\u2028d')).toBe('a b c d')
  })

  it('renders a service message with an escaped body split into paragraphs', () => {
    const { html, text, subject } = renderServiceMessage({
      subject: 'Hello\r\nBcc: x@example.com',
      firstName: 'Sam',
      body: 'One <b>bold</b>\n\nTwo',
    })
    expect(subject).toBe('Hello Bcc: x@example.com')
    expect(html).toContain('One &lt;b&gt;bold&lt;/b&gt;')
    expect(html.match(/<p style="margin:0 0 16px;white-space:pre-wrap">/g)).toHaveLength(2)
    expect(text).toMatch(/^Hi Sam,\n\nOne <b>bold<\/b>\n/)
  })

  it('derives a plain-text part from sanitised HTML', () => {
    expect(textFromHtml('<h1>Report</h1><p>Q1 &amp; Q2</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Report\nQ1 & Q2\na\nb',
    )
  })
})
