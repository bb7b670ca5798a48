import { expect, test } from '@playwright/test'
import { adminPath, uniqueToken } from './blog-fixtures.ts'
import { invitedEditor, mailedLink, openMailedLink } from './people-fixtures.ts'

test('a person who forgot their password resets it from the sign-in form and signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = `forgetful-${uniqueToken('pw')}@example.com`

  // An editor invited earlier, who set a password and then forgot it.
  await invitedEditor(email, 'forgotten-password-1')

  await page.goto(adminPath)
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  const neutral = 'If an account exists for that address, we have sent it a link to choose a new password.'
  await expect(page.getByRole('status')).toContainText(neutral)

  // An address without an account gets the same answer (and no mail).
  await page.getByLabel('Email').fill(`nobody-${uniqueToken('pw')}@example.com`)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText(neutral)

  const link = await mailedLink(email, /Reset your/)
  await openMailedLink(page, link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password').fill('remembered-password-2')
  await page.getByLabel('Repeat the password').fill('remembered-password-2')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()

  // Signed out, the new password works and the old one does not.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('forgotten-password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Wrong email or password.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('remembered-password-2')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeVisible()
})
