import { expect, test } from '@playwright/test'
import { editorClient, signInToAdmin, typePost, uniqueToken, visitorClient } from './blog-fixtures.ts'

test.describe('scheduling', () => {
  // The editor's time zone is the browser's: pick one with a half-hour offset so nothing passes by luck.
  test.use({ timezoneId: 'Asia/Kolkata' })

  test('an editor schedules a post in their time zone; the editor and the list say "Scheduled for …"; visitors see nothing yet', async ({
    page,
  }) => {
    const token = uniqueToken('sched')
    await signInToAdmin(page)
    await typePost(page, { title: `Launch ${token}`, body: 'Coming soon.' })
    await page.getByRole('radio', { name: 'Scheduled' }).check()

    const schedule = page.getByTestId('schedule')
    // Chromium's ICU still names the zone by its older alias.
    await expect(schedule).toContainText(/Time zone: Asia\/(Kolkata|Calcutta) \(GMT\+5:30\)/)
    // Saving without a time says what is missing.
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText(
      '❌ Failed to save blog: Choose the date and time to publish.',
    )

    const year = new Date().getFullYear() + 1
    await page.getByLabel('Publish at').fill(`${year}-03-14T09:30`)
    await expect(page.getByTestId('scheduled-for')).toHaveText(
      `Scheduled for March 14, ${year} at 9:30 AM GMT+5:30`,
    )
    await page.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(page.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')

    // Stored as the instant the editor meant: 09:30 in Kolkata is 04:00 UTC.
    const client = await editorClient()
    const { data } = await client
      .from('blogs')
      .select('status,publish_at')
      .eq('slug', `launch-${token}`)
      .single()
    expect(data?.status).toBe('scheduled')
    expect(new Date(data!.publish_at).toISOString()).toBe(`${year}-03-14T04:00:00.000Z`)

    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    const row = page.getByRole('row').filter({ hasText: `Launch ${token}` })
    await expect(row.getByTestId('row-scheduled')).toHaveText(`Scheduled for March 14 at 9:30 AM`)

    // Opened again, the editor shows the same time in its zone.
    await page.getByRole('button', { name: `Edit Launch ${token}` }).click()
    await expect(page.getByLabel('Publish at')).toHaveValue(`${year}-03-14T09:30`)
    await expect(page.getByTestId('scheduled-for')).toContainText(
      `Scheduled for March 14, ${year} at 9:30 AM`,
    )

    // A visitor gets the not-found page until then.
    const visitor = await visitorClient()
    expect((await visitor.from('published_blogs').select('id').eq('slug', `launch-${token}`)).data).toEqual(
      [],
    )
    await page.goto(`/post/launch-${token}`)
    await expect(page.getByText('Page not found')).toBeVisible()
  })

  test('the list filters by status on the server (All, Published, Scheduled, Draft) and pages what it finds', async ({
    page,
  }) => {
    const token = uniqueToken('filter')
    const client = await editorClient()
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString()
    const row = (name: string, status: string, publishAt: string | null = null) => ({
      title: `${name} ${token}`,
      slug: `${name.toLowerCase()}-${token}`,
      author: 'Seed Author',
      content: `<p>${name}</p>`,
      status,
      publish_at: publishAt,
    })
    const { error } = await client
      .from('blogs')
      .insert([
        row('Live', 'published'),
        row('Draft', 'draft'),
        ...[1, 2, 3, 4, 5, 6].map((n) => row(`Later${n}`, 'scheduled', later)),
      ])
    expect(error).toBeNull()

    await signInToAdmin(page)
    await page.getByPlaceholder('Search by title, slug, or author...').fill(token)
    const filters = page.getByRole('group', { name: 'Filter by status' })
    const titles = page.getByTestId('post-title')
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')

    await filters.getByRole('button', { name: 'Published' }).click()
    await expect(titles).toHaveText([`Live ${token}`])
    await expect(page.getByText('Page 1 of 1')).toBeVisible()

    await filters.getByRole('button', { name: 'Draft' }).click()
    await expect(titles).toHaveText([`Draft ${token}`])

    await filters.getByRole('button', { name: 'Scheduled' }).click()
    await expect(titles).toHaveCount(5)
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await expect(titles).toHaveCount(1)
    await expect(page.getByTestId('row-scheduled')).toHaveCount(1)

    // A new filter starts again at page 1.
    await filters.getByRole('button', { name: 'All' }).click()
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
  })
})
