import { expect, test } from '@playwright/test'
import { confirmedReader } from '../blog/newsletter-fixtures.ts'
import { uniqueToken } from '../blog/blog-fixtures.ts'
import { desktopAppForDescribe, openSignedIn } from './desktop-app.ts'
import { otherEditor, postRow, searchPosts, syncNow } from './desktop-flows.ts'

/** The desktop app sends a published post as a newsletter through main and shows the send's progress. */
test.describe('desktop newsletter', () => {
  const app = desktopAppForDescribe()

  test('sends a test, then the post with a confirmation naming the readers, and follows it to sent', async ({
    page,
  }) => {
    const token = uniqueToken()
    const slug = `desk-newsletter-${token}`
    const title = `Desk newsletter ${token}`
    await confirmedReader(`desk.reader.${token}@example.com`)
    await (await otherEditor()).seed([{ title, slug }])

    await openSignedIn(page, app)
    await syncNow(page)
    await searchPosts(page, slug)
    await postRow(page, slug).getByRole('button', { name: /^Edit/ }).click()

    const panel = page.getByRole('region', { name: 'Newsletter' })
    // Other specs add readers too: the panel's number is the one the confirmation must name.
    const count = panel.getByTestId('newsletter-subscriber-count')
    await expect(count).toHaveText(/^[\d,]+ confirmed subscribers?$/)
    const n = Number((await count.textContent())!.replace(/\D/g, ''))
    await panel.getByRole('button', { name: 'Send a test to me' }).click()
    await expect(panel.getByText('Test sent to editor@meridian.example.')).toBeVisible()

    await panel.getByRole('button', { name: 'Send as newsletter' }).click()
    const readers = n === 1 ? '1 subscriber' : `${n.toLocaleString('en-US')} subscribers`
    const confirm = page.getByRole('alertdialog', { name: `Send “${title}” to ${readers}?` })
    await confirm.getByRole('button', { name: `Send to ${readers}` }).click()
    // One message every 2 s on the e2e server, shared with whatever else is sending.
    await expect(panel.getByTestId('newsletter-progress').getByRole('status')).toHaveText(
      /^Sent to [\d,]+$/,
      { timeout: 90_000 },
    )
  })
})
