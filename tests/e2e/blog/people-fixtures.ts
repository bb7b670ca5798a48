import { expect, type Page } from '@playwright/test'
import { invitePerson, setOwnPassword, verifyEmailLink } from '../../../shared/data/people.ts'
import { baseUrl, editorClient, visitorClient } from './blog-fixtures.ts'

interface Mail {
  to: string
  subject: string
  text: string
}

/** The link in the newest mail to `to` whose subject matches (the capture inbox, read as the e2e editor). */
export async function mailedLink(to: string, subject: RegExp): Promise<string> {
  const client = await editorClient()
  const { data } = await client.auth.getSession()
  const headers = { Authorization: `Bearer ${data.session!.access_token}` }
  let link: string | null = null
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseUrl}/api/dev/mail`, { headers })
        const mails = (await res.json()) as Mail[]
        const mail = mails.find((m) => m.to.includes(to) && subject.test(m.subject))
        link = mail ? (/(http:\/\/\S+token_hash=\S+)/.exec(mail.text)?.[1] ?? null) : null
        return link
      },
      { timeout: 15_000 },
    )
    .not.toBeNull()
  return link!
}

/** Opens a mailed link in the page: the link names the server's public origin, the page runs on baseURL. */
export async function openMailedLink(page: Page, link: string) {
  const url = new URL(link)
  await page.goto(`${url.pathname}${url.search}`)
}

/** An editor (not an administrator) with a password, made through an invitation as people are. */
export async function invitedEditor(email: string, password: string): Promise<void> {
  const admin = await editorClient()
  const { data } = await admin.auth.getSession()
  await invitePerson({ baseUrl, accessToken: data.session!.access_token }, { email, role: 'editor' })
  const invite = new URL(await mailedLink(email, /invited/))
  const invitee = await visitorClient()
  await verifyEmailLink(invitee, { tokenHash: invite.searchParams.get('token_hash')!, type: 'invite' })
  await setOwnPassword(invitee, password)
}
