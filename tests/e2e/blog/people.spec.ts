import { expect, test } from '@playwright/test'
import { adminPath, signInToAdmin, typePost, uniqueToken } from './blog-fixtures.ts'
import { mailedLink, openMailedLink } from './people-fixtures.ts'

test.describe('people', () => {
  test('an administrator invites a contributor, who sets a password from the mail, signs in and drafts without Publish', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000)
    const token = uniqueToken('ppl')
    const email = `writer-${token}@example.com`

    await signInToAdmin(page)
    await page.getByRole('button', { name: 'People' }).click()
    await expect(page.getByRole('heading', { name: 'People' })).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Role', { exact: true }).selectOption('contributor')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
    const row = page.getByTestId('person').filter({ hasText: email })
    await expect(row).toContainText('Invitation sent')
    await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('contributor')

    // The contributor, in a browser of their own, follows the link from the mail.
    const link = await mailedLink(email, /invited/)
    const context = await browser.newContext()
    const invitee = await context.newPage()
    await openMailedLink(invitee, link)
    await expect(invitee.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible()
    await invitee.getByLabel('New password').fill('short')
    await invitee.getByLabel('Repeat the password').fill('short')
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(invitee.getByText('Use at least 10 characters.')).toBeVisible()
    await invitee.getByLabel('New password').fill('contributor-password-1')
    await invitee.getByLabel('Repeat the password').fill('contributor-password-1')
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(invitee.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeVisible()
    await expect(invitee).toHaveURL(new RegExp(`${adminPath}$`))
    // A contributor has no People screen, and the form offers a draft only.
    await expect(invitee.getByRole('button', { name: 'People' })).toHaveCount(0)
    const status = invitee.getByRole('group', { name: 'Status' })
    await expect(status.getByRole('radio', { name: 'Draft' })).toBeChecked()
    await expect(status.getByRole('radio', { name: 'Published' })).toHaveCount(0)
    await expect(status.getByRole('radio', { name: 'Scheduled' })).toHaveCount(0)

    const title = `Field notes ${token}`
    await typePost(invitee, { title, body: 'What we learned hiring in Pune.' })
    await invitee.getByRole('button', { name: 'Save Blog Post' }).click()
    await expect(invitee.getByTestId('blog-status')).toHaveText('✅ Blog saved successfully!')
    await invitee.getByPlaceholder('Search by title, slug, or author...').fill(token)
    const postRow = invitee.getByRole('row').filter({ hasText: title })
    await expect(postRow).toContainText('Draft')
    await expect(postRow.getByRole('button', { name: `Edit ${title}` })).toBeVisible()
    await expect(postRow.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0)

    // Posts that are not theirs are not offered for editing.
    await invitee.getByPlaceholder('Search by title, slug, or author...').fill('')
    const others = invitee
      .getByRole('row')
      .filter({ hasNotText: title })
      .filter({ has: invitee.getByTestId('post-title') })
    await expect(others.first()).toBeVisible()
    await expect(others.first().getByRole('button', { name: /^Edit / })).toHaveCount(0)

    // The same link does not work twice.
    await invitee.getByRole('button', { name: 'Sign out' }).click()
    await openMailedLink(invitee, link)
    await invitee.getByLabel('New password').fill('another-password-22')
    await invitee.getByLabel('Repeat the password').fill('another-password-22')
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(invitee.getByText(/already used or has expired/)).toBeVisible()
    await context.close()

    // The administrator sees them active and removes them.
    await page.reload()
    await page.getByRole('button', { name: 'People' }).click()
    await expect(row).not.toContainText('Invitation sent')
    await row.getByRole('button', { name: `Remove ${email}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByText(`${email} was removed.`)).toBeVisible()
    await expect(row).toHaveCount(0)
  })
})
