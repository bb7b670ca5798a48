import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { adminPath, baseUrl, editorClient, seedPosts, signInToAdmin, uniqueToken } from './blog-fixtures.ts'
import { confirmedReader, staff } from './newsletter-fixtures.ts'

// The newsletter in the browser admin: a published post sent to confirmed subscribers with a test first, a
// confirmation naming how many, and the send's progress as the outbox delivers it; then administrators
// work the subscriber list.

async function mailsWithSubject(subject: string) {
  const mails = (await (await fetch(`${baseUrl}/api/dev/mail`, { headers: await staff() })).json()) as {
    to: string
    subject: string
  }[]
  return mails.filter((m) => m.subject === subject)
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function openPost(page: Page, token: string, slug: string) {
  await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
  await page.getByRole('row').filter({ hasText: slug }).getByRole('button', { name: /^Edit/ }).click()
}

test('an editor sends a published post as a newsletter and follows its progress', async ({ page }) => {
  test.setTimeout(120_000)
  const token = uniqueToken('nl')
  const readers = [`ada.${token}@example.com`, `grace.${token}@example.com`, `mary.${token}@example.com`]
  for (const reader of readers) await confirmedReader(reader)
  const title = `Hiring in Pune ${token}`
  const slug = `hiring-in-pune-${token}`
  await seedPosts(await editorClient(), [{ title, slug, excerpt: 'Twelve engineers in four weeks.' }])

  await signInToAdmin(page)
  await openPost(page, token, slug)
  const panel = page.getByRole('region', { name: 'Newsletter' })
  // Other specs add readers too: the panel's number is the one the confirmation must name.
  const count = panel.getByTestId('newsletter-subscriber-count')
  await expect(count).toHaveText(/^[\d,]+ confirmed subscribers$/)
  const n = Number((await count.textContent())!.replace(/\D/g, ''))
  expect(n).toBeGreaterThanOrEqual(3)
  const people = `${n.toLocaleString('en-US')} subscribers`

  // A test first: to the signed-in editor alone.
  await panel.getByRole('button', { name: 'Send a test to me' }).click()
  await expect(panel.getByText('Test sent to editor@meridian.example.')).toBeVisible()
  expect((await mailsWithSubject(`[Test] ${title}`)).map((m) => m.to)).toEqual(['editor@meridian.example'])

  expect(await violations(page)).toEqual([])
  await panel.getByRole('button', { name: 'Send as newsletter' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Send “${title}” to ${people}?` })
  await expect(confirm).toBeVisible()
  expect(await violations(page)).toEqual([])
  await expect(confirm).toContainText('A post can be sent only once')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: `Send to ${people}` }).click()
  await expect(confirm).toBeHidden()
  await expect(panel.getByRole('button', { name: 'Send as newsletter' })).toHaveCount(0)

  // The e2e server sends one newsletter message every 2 s: the panel follows the send on its own, through
  // each state, to the end.
  const status = panel.getByTestId('newsletter-progress').getByRole('status')
  const seen: string[] = []
  await expect
    .poll(
      async () => {
        const text = (await status.textContent()) ?? ''
        if (seen.at(-1) !== text) seen.push(text)
        return text
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toMatch(/^Sent to [\d,]+$/)
  // It starts queued (or already sending) and ends sent. Whether a poll of the panel (every 2 s) lands while
  // it says "Sending n/N" depends on the machine's timing, so that state's words are checked in
  // shared/schemas/newsletter-send.test.ts, and every state seen here must be one of the three.
  expect(seen[0]).toMatch(/^(Queued for [\d,]+ recipients|Sending \d+\/[\d,]+)$/)
  for (const text of seen)
    expect(text).toMatch(/^(Queued for [\d,]+ recipients|Sending \d+\/[\d,]+|Sent to [\d,]+)$/)
  await expect(panel.getByTestId('newsletter-progress').getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    '100',
  )
  const sent = await mailsWithSubject(title)
  for (const reader of readers) expect(sent.filter((m) => m.to === reader)).toHaveLength(1)
  const sentText = seen.at(-1)!

  // Once per post: after a reload the post shows its send, not the button.
  await page.reload()
  await openPost(page, token, slug)
  await expect(page.getByRole('region', { name: 'Newsletter' }).getByRole('status')).toHaveText(sentText)

  // Administrators see the send and work the subscriber list.
  await page.getByRole('button', { name: 'Newsletter', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Newsletter sends' })).toBeVisible()
  await expect(page.getByText(title).first()).toBeVisible()
  await page.getByLabel('Search subscribers by email').fill(token)
  const rows = page.getByRole('row').filter({ hasText: token })
  await expect(rows).toHaveCount(3)
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

  expect(await violations(page)).toEqual([])

  await page.getByRole('button', { name: `Remove ${readers[0]}` }).click()
  const remove = page.getByRole('alertdialog', { name: `Remove ${readers[0]}?` })
  await remove.getByRole('button', { name: 'Remove subscriber' }).click()
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: readers[0] })).toHaveCount(0)
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
