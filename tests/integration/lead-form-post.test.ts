import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeadFormPageData } from '../../shared/lib/lead-form.ts'
import { formIdempotencyKey } from '../../server/web/lead-form.ts'
import { capturedMail, type TestServer } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'
import { pageDataOf, removeStandInSite, standInRenderedSite } from '../support/clients.ts'
import { storedLeads } from '../support/leads.ts'

/**
 * `POST /get-started`: the lead form without JavaScript, against the real server, database and SMTP capture.
 * The site is a stand-in render bundle that prints the path it renders; what the page shows is the data
 * the server renders it with (checked here), and the real components are covered by the Playwright spec
 * (tests/e2e/leads/no-javascript.spec.ts).
 */

const fakeEntry = `
export const routeMeta = { '/get-started': { title: 'Get Started | Meridian', description: 'Tell us' } }
export const notFoundMeta = { title: 'Page not found | Meridian', description: 'Not found' }
export async function render(pathname) { return { html: '<main>' + pathname + '</main>' } }
`

let siteDir: string

const lead = (overrides: Record<string, string> = {}) => ({
  name: 'Asha Verma',
  email: `asha.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`,
  phone: '+91 98765 43210',
  requirement: 'Two data engineers for our analytics platform',
  techStack: 'Python, dbt',
  company_website: '',
  ...overrides,
})

async function postForm(
  server: TestServer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/get-started`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  const html = await res.text()
  return { res, html, leadForm: pageDataOf(html).leadForm as LeadFormPageData }
}

beforeAll(() => {
  siteDir = standInRenderedSite(fakeEntry)
})

afterAll(() => {
  removeStandInSite(siteDir)
})

/** A server for the tests of a `describe` on the stand-in site, with this many leads a minute (0: no limit). */
const formServer = (leadRateLimit: string) =>
  useTestServer(() => ({ SITE_DIR: siteDir, LEAD_RATE_LIMIT: leadRateLimit, LEAD_MAIL_WAIT_MS: '20000' }))

describe('POST /get-started (the lead form without JavaScript)', () => {
  const server = formServer('0')

  it('stores the lead, sends both emails and answers the confirmation page, which goes on to /', async () => {
    const fields = lead()
    const { res, html, leadForm } = await postForm(server, fields)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('location')).toBeNull()
    expect(html).toContain('<main>/get-started</main>')
    expect(html).toContain('<meta http-equiv="refresh" content="3;url=/" />')
    expect(leadForm).toEqual({ status: 'submitted', firstName: 'Asha', emailed: true })

    const [stored] = await storedLeads(server, fields.email)
    expect(stored).toMatchObject({
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      tech_stack: 'Python, dbt',
      idempotency_key: formIdempotencyKey(fields),
    })
    expect(stored.confirmation_sent_at).not.toBeNull()
    expect(stored.notification_sent_at).not.toBeNull()
    const mail = (await capturedMail(server)).filter(
      (m) => m.to === fields.email || m.replyTo === fields.email,
    )
    expect(mail.map((m) => m.to).sort()).toEqual([fields.email, 'sales@meridian.example'].sort())
  })

  it('a reload of the answer (the same values posted again) stores one lead and sends one pair of emails', async () => {
    const fields = lead()
    await postForm(server, fields)
    const again = await postForm(server, fields)
    expect(again.res.status).toBe(200)
    expect(again.leadForm.status).toBe('submitted')
    expect(await storedLeads(server, fields.email)).toHaveLength(1)
    const mail = (await capturedMail(server)).filter(
      (m) => m.to === fields.email || m.replyTo === fields.email,
    )
    expect(mail).toHaveLength(2)
  })

  it('refuses invalid values with 422: the spec messages per field and every value kept', async () => {
    const fields = lead({
      name: 'A',
      email: 'not-an-email',
      phone: '123',
      requirement: 'short',
      techStack: '',
    })
    const { res, html, leadForm } = await postForm(server, fields)
    expect(res.status).toBe(422)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(html).not.toContain('http-equiv="refresh"')
    expect(leadForm).toEqual({
      status: 'invalid',
      values: { name: 'A', email: 'not-an-email', phone: '123', requirement: 'short', techStack: '' },
      errors: {
        name: 'Name must be at least 2 characters.',
        email: 'Please enter a valid email.',
        phone: 'Please enter a valid phone number with country code.',
        requirement: 'Please describe your requirement in at least 10 characters.',
        techStack: "Please specify the technology stack you're interested in.",
      },
    })
    expect(await storedLeads(server, 'not-an-email')).toHaveLength(0)
  })

  it('a form with no fields at all names every field', async () => {
    const { res, leadForm } = await postForm(server, {})
    expect(res.status).toBe(422)
    expect(leadForm.status === 'invalid' && Object.keys(leadForm.errors).sort()).toEqual(
      ['email', 'name', 'phone', 'requirement', 'techStack'].sort(),
    )
  })

  it('refuses control characters with the field message and keeps the other values', async () => {
    const fields = lead({ name: 'Asha\u0000Verma' })
    const { res, leadForm } = await postForm(server, fields)
    expect(res.status).toBe(422)
    expect(leadForm).toMatchObject({
      status: 'invalid',
      errors: { name: 'Remove the control characters (such as NUL) from this field.' },
      values: { email: fields.email, requirement: fields.requirement },
    })
    expect(await storedLeads(server, fields.email)).toHaveLength(0)
  })

  it('refuses a body over the limit with 413 and the message in the alert', async () => {
    const { res, leadForm } = await postForm(server, lead({ requirement: 'x'.repeat(20_000) }))
    expect(res.status).toBe(413)
    expect(leadForm).toMatchObject({
      status: 'invalid',
      message: 'The request is too large. Please shorten your answers and try again.',
    })
  })

  it('a filled honeypot looks like a success and keeps nothing', async () => {
    const fields = lead({ company_website: 'https://spam.example' })
    const { res, leadForm } = await postForm(server, fields)
    expect(res.status).toBe(200)
    expect(leadForm.status).toBe('submitted')
    expect(await storedLeads(server, fields.email)).toHaveLength(0)
    const mail = (await capturedMail(server)).filter((m) => m.to === fields.email)
    expect(mail).toHaveLength(0)
  })
})

describe('POST /get-started rate limit', () => {
  const server = formServer('1')

  it('shares the limit with the JSON API: 429 with the message and the values kept', async () => {
    const first = await postForm(server, lead())
    expect(first.res.status).toBe(200)
    const second = lead()
    const { res, leadForm } = await postForm(server, second)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(leadForm).toMatchObject({
      status: 'invalid',
      message: 'Too many requests. Please wait a minute and try again.',
      values: { email: second.email },
      errors: {},
    })
    expect(await storedLeads(server, second.email)).toHaveLength(0)
    // The JSON API counts from the same limit.
    const api = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `rate-${Date.now()}` },
      body: JSON.stringify(lead()),
    })
    expect(api.status).toBe(429)
  })
})
