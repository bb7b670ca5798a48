import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { adminPath, baseUrl, editorClient, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'

// The newsletter in the browser admin: a published post sent to confirmed subscribers with a test first, a
// confirmation naming how many, and the send's progress as the outbox delivers it; then administrators
// work the subscriber list.

async function editorToken(): Promise<string> {
  const client = await editorClient()
  const { data } = await client.auth.getSession()
  return data.session!.access_token
}

const staff = async () => ({ Authorization: `Bearer ${await editorToken()}` })

async function post(path: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...(await staff()), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
}

/** A reader subscribes on the site and clicks the button behind the link in the confirmation mail. */
async function confirmedReader(email: string) {
  const res = await fetch(`${baseUrl}/api/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  expect(res.status).toBe(200)
  const mails = (await (await fetch(`${baseUrl}/api/dev/mail`, { headers: await staff() })).json()) as {
    to: string
    text: string
  }[]
  const mail = mails.find((m) => m.to === email)!
  const token = new URL(/Confirm my subscription: (\S+)/.exec(mail.text)![1]).searchParams.get('token')!
  const confirmed = await fetch(`${baseUrl}/api/newsletter/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })
  expect(confirmed.status).toBe(200)
}

async function mailsWithSubject(subject: string) {
  const mails = (await (await fetch(`${baseUrl}/api/dev/mail`, { headers: await staff() })).json()) as {
    to: string
    subject: string
  }[]
  return mails.filter((m) => m.subject === subject)
}

async function openPost(page: Page, token: string, slug: string) {
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('row').filter({ hasText: slug }).getByRole('button', { name: /^Edit/ }).click()
}

test('an editor sends a published post as a newsletter and follows its progress', async ({ page }) => {
  test.setTimeout(120_000)
  const token = uniqueToken('nl')
  const readers = [`ada.${token}@example.com`, `grace.${token}@example.com`]
  for (const reader of readers) await confirmedReader(reader)
  const title = `Hiring in Pune ${token}`
  const slug = `hiring-in-pune-${token}`
  await seedPosts(await editorClient(), [{ title, slug, excerpt: 'Twelve engineers in four weeks.' }])
  const recipients = (await (
    await fetch(`${baseUrl}/api/newsletter/status?slug=${slug}`, { headers: await staff() })
  ).json()) as { recipientCount: number }
  const n = recipients.recipientCount
  expect(n).toBeGreaterThanOrEqual(2)
  const people = `${n.toLocaleString('en-US')} subscribers`

  await signInToAdmin(page)
  await openPost(page, token, slug)
  const panel = page.getByRole('region', { name: 'Newsletter' })
  await expect(panel.getByTestId('newsletter-subscriber-count')).toHaveText(
    `${n.toLocaleString('en-US')} confirmed subscribers`,
  )

  // A test first: to the signed-in editor alone.
  await panel.getByRole('button', { name: 'Send a test to me' }).click()
  await expect(panel.getByText('Test sent to editor@meridian.example.')).toBeVisible()
  expect((await mailsWithSubject(`[Test] ${title}`)).map((m) => m.to)).toEqual(['editor@meridian.example'])

  // The mail server is down while it is sent: the send waits, queued, and the editor sees so.
  expect((await post('/api/dev/mail/capture/stop')).status).toBe(200)
  await panel.getByRole('button', { name: 'Send as newsletter' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Send “${title}” to ${people}?` })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('A post can be sent only once')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: `Send to ${people}` }).click()
  await expect(confirm).toBeHidden()
  const progress = panel.getByTestId('newsletter-progress')
  await expect(progress.getByRole('status')).toHaveText(`Queued for ${n.toLocaleString('en-US')} recipients`)
  await expect(panel.getByRole('button', { name: 'Send as newsletter' })).toHaveCount(0)

  // The mail server is back and the outbox runs: the panel follows it to the end on its own.
  expect((await post('/api/dev/mail/capture/start')).status).toBe(200)
  expect((await post('/api/dev/outbox/newsletter/run')).status).toBe(200)
  await expect(progress.getByRole('status')).toHaveText(`Sent to ${n.toLocaleString('en-US')}`, {
    timeout: 15_000,
  })
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  const sent = await mailsWithSubject(title)
  for (const reader of readers) expect(sent.filter((m) => m.to === reader)).toHaveLength(1)

  // Once per post: after a reload the post shows its send, not the button.
  await page.reload()
  await openPost(page, token, slug)
  await expect(page.getByRole('region', { name: 'Newsletter' }).getByRole('status')).toHaveText(
    `Sent to ${n.toLocaleString('en-US')}`,
  )

  // Administrators see the send and work the subscriber list.
  await page.getByRole('button', { name: 'Newsletter' }).click()
  await expect(page.getByRole('heading', { name: 'Newsletter sends' })).toBeVisible()
  await expect(page.getByText(title).first()).toBeVisible()
  await page.getByLabel('Search subscribers by email').fill(token)
  const rows = page.getByRole('row').filter({ hasText: token })
  await expect(rows).toHaveCount(2)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n')
  expect(csv[0]).toBe('Email,Status,Subscribed,Confirmed,Unsubscribed,Bouncing since')
  expect(csv.slice(1).map((line) => line.split(',').slice(0, 2))).toEqual(
    expect.arrayContaining(readers.map((r) => [r, 'confirmed'])),
  )

  await page.getByRole('button', { name: `Remove ${readers[0]}` }).click()
  const remove = page.getByRole('alertdialog', { name: `Remove ${readers[0]}?` })
  await remove.getByRole('button', { name: 'Remove subscriber' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(readers[1])
  await page.screenshot({ path: test.info().outputPath('newsletter-screen-1280.png'), fullPage: true })
})

test('the newsletter section is not offered before a post is published', async ({ page }) => {
  const token = uniqueToken('nd')
  const slug = `draft-${token}`
  await seedPosts(await editorClient(), [{ title: `Draft ${token}`, slug, status: 'draft' }])
  await page.goto(adminPath)
  await signInToAdmin(page)
  await openPost(page, token, slug)
  const panel = page.getByRole('region', { name: 'Newsletter' })
  await expect(panel.getByText('Publish and save the post to send it as a newsletter.')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Send as newsletter' })).toBeDisabled()
  await expect(panel.getByRole('button', { name: 'Send a test to me' })).toBeEnabled()
})
