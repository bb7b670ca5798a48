import { expect } from '@playwright/test'
import { baseUrl, editorClient, uniqueAddress } from './blog-fixtures.ts'

/** Newsletter steps the browser and desktop specs share (through the e2e server's real endpoints). */

async function editorToken(): Promise<string> {
  const client = await editorClient()
  const { data } = await client.auth.getSession()
  return data.session!.access_token
}

export const staff = async () => ({ Authorization: `Bearer ${await editorToken()}` })

export async function post(path: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...(await staff()), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
}

/** A reader subscribes on the site and clicks the button behind the link in the confirmation mail. */
export async function confirmedReader(email: string) {
  const res = await fetch(`${baseUrl}/api/newsletter`, {
    method: 'POST',
    // Its own address, so the per-address sign-up limit is its own.
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
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
