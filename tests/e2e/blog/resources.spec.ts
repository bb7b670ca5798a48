import { expect, test } from '@playwright/test'
import { baseUrl, editorClient, seedPosts, uniqueAddress, uniqueToken } from './blog-fixtures.ts'

test.describe('resources and post pages', () => {
  test('filters by type, searches title and content, hides drafts and shows the empty state', async ({
    page,
  }) => {
    const token = uniqueToken('res')
    await seedPosts(await editorClient(), [
      {
        title: `Blog about hiring ${token}`,
        slug: `res-blog-${token}`,
        type: 'blog',
        excerpt: 'A blog excerpt',
      },
      { title: `Case study ${token}`, slug: `res-case-${token}`, type: 'case study' },
      { title: `Ebook ${token}`, slug: `res-ebook-${token}`, type: 'ebook' },
      {
        title: `Content match`,
        slug: `res-content-${token}`,
        type: 'blog',
        content: `<p>Deep inside the body: ${token.toUpperCase()}</p>`,
      },
      { title: `Hidden draft ${token}`, slug: `res-draft-${token}`, type: 'blog', status: 'draft' },
    ])

    await page.goto('/resources')
    await expect(page.getByRole('heading', { level: 1, name: 'Resources & Insights' })).toBeVisible()
    // The page arrives rendered; searching as you type starts once it is interactive.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByPlaceholder('Search resources...').fill(token)
    const cards = page.getByRole('list', { name: 'Resources' }).getByRole('article')
    await expect(cards).toHaveCount(4)
    await expect(page.getByText(`Hidden draft ${token}`)).toHaveCount(0)
    // The content match found through the body, case-insensitively.
    await expect(cards.filter({ hasText: 'Content match' })).toHaveCount(1)

    const filter = (name: string) =>
      page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name, exact: true })
    await filter('Case Study').click()
    await expect(filter('Case Study')).toHaveAttribute('aria-pressed', 'true')
    await expect(filter('All')).toHaveAttribute('aria-pressed', 'false')
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText(`Case study ${token}`)
    await expect(cards.first()).toContainText('Case Study')

    await filter('Ebook').click()
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText(`Ebook ${token}`)

    await filter('Blog').click()
    await expect(cards).toHaveCount(2)
    const blogCard = cards.filter({ hasText: `Blog about hiring ${token}` })
    await expect(blogCard).toContainText('A blog excerpt')
    // No cover: a placeholder, drawn from the post's type and title instead of an image file.
    await expect(blogCard.locator('img')).toHaveCount(0)
    await expect(blogCard.getByTestId('generated-cover')).toBeVisible()
    await expect(blogCard.getByTestId('generated-cover')).toContainText('Blog')

    await filter('All').click()
    await expect(cards).toHaveCount(4)

    await page.getByPlaceholder('Search resources...').fill(`${token} nothing-matches-this`)
    await expect(page.getByText('No resources found')).toBeVisible()
    await expect(
      page.getByText("Try adjusting your search or filters to find what you're looking for"),
    ).toBeVisible()
  })

  test('a post page shows title, long date, author (brand default when empty) and the sanitised body', async ({
    page,
  }) => {
    const token = uniqueToken('post')
    await seedPosts(await editorClient(), [
      {
        title: `Own your centre ${token}`,
        slug: `own-${token}`,
        author: '',
        content: '<h2>Step one</h2><p>Start with <strong>one</strong> employee.</p>',
        created_at: '2026-03-04T10:00:00Z',
      },
    ])
    await page.goto(`/post/own-${token}`)
    await expect(page.getByRole('heading', { level: 1, name: `Own your centre ${token}` })).toBeVisible()
    await expect(page.getByText('March 4, 2026')).toBeVisible()
    await expect(page.getByText('By Meridian Team')).toBeVisible()
    await expect(page.getByTestId('post-content').locator('h2')).toHaveText('Step one')
    await expect(page).toHaveTitle(`Own your centre ${token} | Meridian`)

    // The server put the head and the whole post in the initial HTML.
    const html = await (await fetch(`${baseUrl}/post/own-${token}`)).text()
    expect(html).toContain(`<title>Own your centre ${token} | Meridian</title>`)
    expect(html).toContain(`<link rel="canonical" href=`)
    expect(html).toContain('<h2>Step one</h2><p>Start with <strong>one</strong> employee.</p>')
  })

  test('a missing post and a draft show the not-found page, with HTTP 404 from the server', async ({
    page,
  }) => {
    const token = uniqueToken('miss')
    await seedPosts(await editorClient(), [
      { title: `Draft ${token}`, slug: `draft-${token}`, status: 'draft' },
    ])
    for (const slug of [`no-such-post-${token}`, `draft-${token}`]) {
      const response = await page.goto(`/post/${slug}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible()
    }
  })

  test('a failed load of the list shows a retry message and retrying recovers', async ({ page }) => {
    const token = uniqueToken('net')
    await seedPosts(await editorClient(), [
      { title: `Network ${token}`, slug: `net-${token}`, type: 'ebook' },
    ])
    // The pages arrive rendered (a post is always a page of its own); what the list loads afterwards comes
    // from the JSON endpoint.
    let failing = true
    await page.route(/\/api\/posts\b/, (route) =>
      failing ? route.abort('connectionreset') : route.continue(),
    )
    const card = page.getByRole('article').filter({ hasText: `Network ${token}` })
    await page.goto(`/resources?q=${token}`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByRole('button', { name: 'Ebook', exact: true }).click()
    await expect(page.getByText("We couldn't load the resources.")).toBeVisible()
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText("We couldn't load the resources.")).toHaveCount(0)
    await expect(card).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`type=ebook&q=${token}$`))
  })

  test('"Stay Updated" asks the reader to confirm by email; the link confirms, one click unsubscribes', async ({
    page,
  }) => {
    const email = `${uniqueToken('reader')}@example.com`
    // Its own address, so the per-address sign-up limit is its own.
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() })
    await page.goto('/resources')
    await expect(page.getByRole('heading', { name: 'Stay Updated' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue('')

    // The captured inbox is for editors only.
    const { data } = await (await editorClient()).auth.getSession()
    const staff = { headers: { Authorization: `Bearer ${data.session!.access_token}` } }
    const mail = (await (await fetch(`${baseUrl}/api/dev/mail`, staff)).json()) as Array<{
      to: string
      text: string
      headerNames: string[]
    }>
    const confirmation = mail.find((m) => m.to.includes(email))!
    expect(confirmation.headerNames).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']),
    )
    const link = /Confirm my subscription: (\S+)/.exec(confirmation.text)![1]

    // The link opens a page with a button; the button confirms (a mail scanner following links does not).
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, baseUrl))
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible()
    await page.getByRole('button', { name: 'Confirm my subscription' }).click()
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible()

    const unsubscribe = /Unsubscribe: (\S+)/.exec(confirmation.text)![1]
    await page.goto(unsubscribe.replace(/^http:\/\/localhost:\d+/, baseUrl))
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible()
  })

  test('what a reader types while the part is still waking is kept: a search is searched, an address subscribed', async ({
    page,
  }) => {
    const token = uniqueToken('typed')
    const email = `${uniqueToken('early')}@example.com`
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueAddress() })
    // The part's code takes 1.5 s to arrive (a phone on a slow network).
    await page.route(/\/assets\/(resources|ResourcesPage|react-island)-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/resources')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(token)
    await expect(page).toHaveURL(new RegExp(`q=${token}`))
    await expect(page.getByRole('searchbox', { name: 'Search resources' })).toHaveValue(token)

    await page.goto('/resources')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue('')
  })
})
