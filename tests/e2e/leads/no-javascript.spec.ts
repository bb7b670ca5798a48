import { expect, test } from '@playwright/test'
import { capturedMail } from '../../support/server.ts'
import { serverForSpec } from '../../support/spec-server.ts'
import { storedLeads, uniqueEmail } from '../../support/leads.ts'
import { fillLeadForm } from '../../support/lead-form-fill.ts'

/**
 * /get-started without JavaScript, in Chromium against the real server: the page arrives with its form,
 * which posts to the server; the server stores the lead and sends both emails, or shows the spec's field
 * messages with the values kept.
 */

const spec = serverForSpec(test, { LEAD_RATE_LIMIT: '0', LEAD_MAIL_WAIT_MS: '20000' })

const messages = [
  'Name must be at least 2 characters.',
  'Please enter a valid email.',
  'Please enter a valid phone number with country code.',
  'Please describe your requirement in at least 10 characters.',
  "Please specify the technology stack you're interested in.",
]

test('the HTML of /get-started has the heading, the side panel and a form that posts to the server', async () => {
  const res = await fetch(`${spec.origin}/get-started`)
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toMatch(/<h1[^>]*>Let(&#x27;|')s Build Your Tech Team<\/h1>/)
  expect(html).toContain('Request Information')
  expect(html).toContain('What Happens Next')
  expect(html).toMatch(
    /<form[^>]*action="\/get-started"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/get-started"/,
  )
  for (const name of ['name', 'email', 'phone', 'requirement', 'techStack', 'company_website'])
    expect(html).toContain(`name="${name}"`)
  expect(html).toContain('>Submit Request</button>')
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a lead is stored, both emails go out, the page confirms and then goes to /', async ({ page }) => {
    const email = uniqueEmail('nojs')
    await page.goto(`${spec.origin}/get-started`)
    await fillLeadForm(page, {
      name: 'Asha Verma',
      email,
      phone: '+91 98765 43210',
      requirement: 'Two data engineers for our analytics platform',
      techStack: 'Python, dbt',
    })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/get-started') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Submit Request' }).click(),
    ])
    expect(response.status()).toBe(200)
    expect(response.request().headers()['content-type']).toBe('application/x-www-form-urlencoded')
    // Nothing the visitor typed is in the address: the form posts to the bare path (read from the request,
    // not the page, which may already have moved on to / on a slow machine).
    expect(response.request().url()).toBe(`${spec.origin}/get-started`)
    await expect(page.getByRole('heading', { name: 'Thank you, Asha. Your request is in.' })).toBeVisible()
    await expect(page.getByText('Taking you to the home page in 3 seconds.')).toBeVisible()

    const [lead] = await storedLeads(spec.server, email)
    expect(lead).toMatchObject({ name: 'Asha Verma', phone: '+91 98765 43210', tech_stack: 'Python, dbt' })
    const mail = (await capturedMail(spec.server)).filter((m) => m.to === email || m.replyTo === email)
    expect(mail.map((m) => m.to).sort()).toEqual([email, 'sales@meridian.example'].sort())
    expect(mail.find((m) => m.to === email)?.text).toContain('Hi Asha,')

    // The spec's redirect after 3 seconds, without a script.
    await page.waitForURL(`${spec.origin}/`, { timeout: 20_000 })
  })

  test('invalid values: the five field messages, the values kept, nothing stored', async ({ page }) => {
    const email = 'not-an-email'
    await page.goto(`${spec.origin}/get-started`)
    await fillLeadForm(page, { name: 'A', email, phone: '123', requirement: 'short', techStack: '' })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/get-started') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Submit Request' }).click(),
    ])
    expect(response.status()).toBe(422)
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible()
    await expect(page.getByLabel('Full Name')).toHaveValue('A')
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByLabel('Phone Number')).toHaveValue('123')
    await expect(page.getByLabel('Team Requirements')).toHaveValue('short')
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(
      'Name must be at least 2 characters.',
    )
    expect(page.url()).toBe(`${spec.origin}/get-started`)

    // Corrected, the same form goes through.
    const corrected = uniqueEmail('nojs-fixed')
    await fillLeadForm(page, {
      name: 'Asha Verma',
      email: corrected,
      phone: '+91 98765 43210',
      requirement: 'Two data engineers for our analytics platform',
      techStack: 'Python, dbt',
    })
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you, Asha. Your request is in.' })).toBeVisible()
    expect(await storedLeads(spec.server, corrected)).toHaveLength(1)
  })
})

test.describe('with JavaScript on', () => {
  test('values typed before the page came to life are kept and sent the JavaScript way', async ({ page }) => {
    // Hold the page's chunk until the visitor has typed: the form is plain HTML meanwhile.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/GetStartedPage-*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${spec.origin}/get-started`)
    const email = uniqueEmail('early')
    await fillLeadForm(page, { email })
    release()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Form submitted successfully!' }),
    ).toBeVisible()
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('leads')))!) as Array<{
      email: string
    }>
    expect(stored[0].email).toBe(email)
    expect(await storedLeads(spec.server, email)).toHaveLength(1)
  })

  test('scripts that failed to load: the form still posts, and the answer comes to life with its messages and values', async ({
    page,
  }) => {
    // The first page's scripts fail: the form works as plain HTML.
    const failed = new Set<string>()
    await page.route('**/assets/*.js', (route) => {
      failed.add(route.request().url())
      return route.abort()
    })
    // Chromium's notes of those failures may arrive at any time after: only they are left out below.
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() !== 'error' && m.type() !== 'warning') return
      if (m.text().startsWith('Failed to load resource') && failed.has(m.location().url)) return
      problems.push(m.text())
    })
    await page.goto(`${spec.origin}/get-started`)
    await page.unroute('**/assets/*.js')
    await page.getByLabel('Full Name').fill('A')
    await page.getByLabel('Email').fill('x')
    await page.getByRole('button', { name: 'Submit Request' }).click()

    // The answer loads its scripts and hydrates the refused form.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible()
    await expect(page.getByLabel('Full Name')).toHaveValue('A')
    await expect(page.getByLabel('Email')).toHaveValue('x')
    // From here the browser checks the form: fix one field and the others still complain.
    await page.getByLabel('Full Name').fill('Asha Verma')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Name must be at least 2 characters.')).toHaveCount(0)
    await expect(page.getByText('Please enter a valid email.')).toBeVisible()
    expect(page.url()).toBe(`${spec.origin}/get-started`)
    // Chromium notes the answer's own 422 status in the console; nothing else may appear.
    expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([])
  })
})
