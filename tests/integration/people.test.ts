import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPath } from '../../shared/config/brand.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import {
  changePersonRole,
  invitePerson,
  listPeople,
  removePerson,
  requestPasswordReset,
  setOwnPassword,
  verifyEmailLink,
  type PeopleApi,
} from '../../shared/data/people.ts'
import {
  capturedMail,
  mailArriving,
  startTestServer,
  testEditor,
  type TestServer,
} from '../support/server.ts'

// Invitations, password resets and the People endpoint, through supabase-js and fetch against the real server:
// the mails arrive in the capture inbox and their links work once, within their lifetime.

let server: TestServer
let admin: SupabaseClient
let api: PeopleApi

const client = () =>
  createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
    persistSession: false,
    autoRefreshToken: false,
  })

/** The link in the newest mail to `to` (its plain-text part). */
async function linkMailedTo(to: string, subject: RegExp) {
  const mail = await mailArriving(server, to, subject)
  const match = /(http:\/\/\S+token_hash=\S+)/.exec(mail.text)
  expect(match).not.toBeNull()
  return { mail, link: new URL(match![1]!) }
}

const linkOf = (url: URL) => ({
  tokenHash: url.searchParams.get('token_hash')!,
  type: url.searchParams.get('type') as 'invite' | 'recovery',
})

beforeAll(async () => {
  server = await startTestServer()
  admin = client()
  const { data, error } = await admin.auth.signInWithPassword(testEditor)
  if (error) throw error
  api = { baseUrl: server.url, accessToken: data.session!.access_token }
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

describe('inviting people', () => {
  it('an administrator invites a contributor, who sets a password from the mailed link (once) and signs in', async () => {
    const person = await invitePerson(api, { email: 'New.Writer@Example.com', role: 'contributor' })
    expect(person).toMatchObject({ email: 'new.writer@example.com', role: 'contributor', status: 'invited' })

    const { mail, link } = await linkMailedTo('new.writer@example.com', /invited/)
    expect(mail.subject).toBe("You're invited to the Meridian editor")
    expect(mail.text).toContain('as a contributor')
    expect(link.pathname).toBe(adminPath)
    expect(link.searchParams.get('type')).toBe('invite')
    // Only a hash of the token is stored.
    const stored = await server.ctx.localSupabase!.db.query<{ token_hash: string }>(
      'select token_hash from auth.one_time_tokens',
    )
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(link.searchParams.get('token_hash'))

    const invitee = client()
    await verifyEmailLink(invitee, linkOf(link))
    await setOwnPassword(invitee, 'my-own-long-password')
    await expect(verifyEmailLink(client(), linkOf(link))).rejects.toThrow(/already used or has expired/)

    const signedIn = await client().auth.signInWithPassword({
      email: 'new.writer@example.com',
      password: 'my-own-long-password',
    })
    expect(signedIn.error).toBeNull()
    const role = await invitee.rpc('editor_role')
    expect(role.data).toBe('contributor')

    const people = await listPeople(api)
    expect(people.find((p) => p.email === 'new.writer@example.com')).toMatchObject({
      role: 'contributor',
      status: 'active',
    })
  })

  it('changes roles and removes people; nobody but an administrator may, and never themselves', async () => {
    const person = await invitePerson(api, { email: 'temp@example.com', role: 'editor' })
    expect((await changePersonRole(api, person.userId, 'admin')).role).toBe('admin')

    const me = (await admin.auth.getUser()).data.user!.id
    await expect(changePersonRole(api, me, 'editor')).rejects.toThrow(/your own role/)
    await expect(removePerson(api, me)).rejects.toThrow(/cannot remove yourself/)
    await expect(invitePerson(api, { email: 'temp@example.com', role: 'editor' })).rejects.toThrow(
      /already on the team/,
    )

    // The contributor from the first test is no administrator.
    const contributor = client()
    const { data } = await contributor.auth.signInWithPassword({
      email: 'new.writer@example.com',
      password: 'my-own-long-password',
    })
    const asContributor = { baseUrl: server.url, accessToken: data.session!.access_token }
    await expect(listPeople(asContributor)).rejects.toThrow(/Only administrators/)
    await expect(invitePerson(asContributor, { email: 'x@example.com', role: 'admin' })).rejects.toThrow(
      /Only administrators/,
    )
    const anonymous = await fetch(`${server.url}/api/people`)
    expect(anonymous.status).toBe(401)
    const bad = await fetch(`${server.url}/api/people`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', role: 'owner' }),
    })
    expect(bad.status).toBe(400)

    await removePerson(api, person.userId)
    expect((await listPeople(api)).map((p) => p.email)).not.toContain('temp@example.com')
    const gone = await server.ctx.localSupabase!.db.query('select 1 from auth.users where email = $1', [
      'temp@example.com',
    ])
    expect(gone.rows).toHaveLength(0)
    // To an administrator, someone no longer on the team is nobody.
    await expect(removePerson(api, person.userId)).rejects.toThrow(/^No such person\.$/)
    await expect(changePersonRole(api, person.userId, 'editor')).rejects.toThrow(/^No such person\.$/)
  })

  it('the invite endpoint and the admin users endpoints answer only the service role', async () => {
    for (const [method, path] of [
      ['POST', '/auth/v1/invite'],
      ['GET', '/auth/v1/admin/users'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          apikey: server.ctx.supabase.anonKey,
          Authorization: `Bearer ${api.accessToken}`,
          'Content-Type': 'application/json',
        },
        ...(method === 'POST' ? { body: JSON.stringify({ email: 'sneaky@example.com' }) } : {}),
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'not_admin' })
    }
    const service = createNodeSupabaseClient(server.url, server.ctx.supabase.serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    const created = await service.auth.admin.createUser({
      email: 'made@example.com',
      password: 'made-password-123',
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(listed.error).toBeNull()
    expect(listed.data.users).toHaveLength(2)
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(3)
    const fetched = await service.auth.admin.getUserById(created.data.user!.id)
    expect(fetched.data.user?.email).toBe('made@example.com')
    const updated = await service.auth.admin.updateUserById(created.data.user!.id, {
      user_metadata: { name: 'Made' },
    })
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Made' })
    // Bad input is a 4xx, never a 5xx: a NUL Postgres cannot store, a page far past the end.
    const nul = await service.auth.admin.inviteUserByEmail('nul@example.com', { data: { name: 'a\u0000b' } })
    expect(nul.error?.status).toBe(400)
    const badEmail = await service.auth.admin.createUser({ email: 'a\u0000@example.com' })
    expect(badEmail.error?.status).toBe(400)
    const farPage = await service.auth.admin.listUsers({ page: 1_000_000_000_000, perPage: 1000 })
    expect(farPage.error).toBeNull()
    expect(farPage.data.users).toEqual([])
    expect((await service.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull()
    expect((await service.auth.admin.getUserById(created.data.user!.id)).error?.status).toBe(404)
  })
})

describe('the last administrator', () => {
  /** Two administrators of their own, signed in; the test server's administrator made an editor meanwhile. */
  async function twoAdmins(tag: string) {
    const db = server.ctx.localSupabase!.db
    const service = createNodeSupabaseClient(server.url, server.ctx.supabase.serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    const admins: { userId: string; api: PeopleApi }[] = []
    for (const name of ['one', 'two']) {
      const email = `${tag}-${name}@example.com`
      const password = `${tag}-${name}-password`
      const created = await service.auth.admin.createUser({ email, password, email_confirm: true })
      if (created.error) throw created.error
      const userId = created.data.user!.id
      await db.query("insert into public.editors (user_id, email, role) values ($1::uuid, $2, 'admin')", [
        userId,
        email,
      ])
      const session = await client().auth.signInWithPassword({ email, password })
      if (session.error) throw session.error
      admins.push({ userId, api: { baseUrl: server.url, accessToken: session.data.session!.access_token } })
    }
    await db.query("update public.editors set role = 'editor' where email = $1", [testEditor.email])
    const adminsLeft = async () =>
      (
        await db.query<{ user_id: string }>("select user_id::text from public.editors where role = 'admin'")
      ).rows.map((r) => r.user_id)
    const restore = async () => {
      await db.query("update public.editors set role = 'admin' where email = $1", [testEditor.email])
      for (const { userId } of admins) await db.query('delete from auth.users where id = $1::uuid', [userId])
    }
    return { admins, adminsLeft, restore }
  }

  /** Each outcome: done, or refused in words (never a server error). */
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'done',
      (err: Error) => err.message,
    )

  it('two administrators removing each other at once through People: one stays, the other is told why', async () => {
    const { admins, adminsLeft, restore } = await twoAdmins('removal')
    try {
      const [one, two] = admins
      const results = await Promise.all([
        outcome(removePerson(one.api, two.userId)),
        outcome(removePerson(two.api, one.userId)),
      ])
      expect(results.filter((r) => r === 'done')).toHaveLength(1)
      expect(results.find((r) => r !== 'done')).toMatch(
        /^(The last administrator cannot be removed\. Make someone else an administrator first\.|Only administrators can manage people\.|Your session has ended\. Sign in again\.)$/,
      )
      expect(await adminsLeft()).toHaveLength(1)
    } finally {
      await restore()
    }
  })

  it('two administrators demoting each other at once through People: one stays an administrator', async () => {
    const { admins, adminsLeft, restore } = await twoAdmins('demotion')
    try {
      const [one, two] = admins
      const results = await Promise.all([
        outcome(changePersonRole(one.api, two.userId, 'editor')),
        outcome(changePersonRole(two.api, one.userId, 'editor')),
      ])
      expect(results.filter((r) => r === 'done')).toHaveLength(1)
      expect(results.find((r) => r !== 'done')).toMatch(
        /^(The last administrator cannot be demoted\. Make someone else an administrator first\.|Only administrators can manage people\.)$/,
      )
      expect(await adminsLeft()).toHaveLength(1)
    } finally {
      await restore()
    }
  })
})

describe('forgotten passwords', () => {
  it('mails a reset link to an existing account only, answers everyone alike, and the link works once', async () => {
    const redirectTo = `${server.url}${adminPath}`
    const before = (await capturedMail(server)).length
    await requestPasswordReset(client(), 'nobody@example.com', redirectTo)
    await requestPasswordReset(client(), testEditor.email, redirectTo)
    const { mail, link } = await linkMailedTo(testEditor.email, /Reset your/)
    expect(mail.text).toContain('one hour')
    // One mail: nothing went to the address without an account (asked for first, its mail would have
    // arrived before the editor's).
    expect((await capturedMail(server)).length).toBe(before + 1)

    // Asking again within the minute is refused whether or not the address exists.
    await expect(requestPasswordReset(client(), 'nobody@example.com', redirectTo)).rejects.toThrow(
      /wait a minute/,
    )
    await expect(requestPasswordReset(client(), testEditor.email, redirectTo)).rejects.toThrow(
      /wait a minute/,
    )

    const person = client()
    await verifyEmailLink(person, linkOf(link))
    await setOwnPassword(person, 'a-fresh-long-password')
    await expect(verifyEmailLink(client(), linkOf(link))).rejects.toThrow(/already used or has expired/)
    const signedIn = await client().auth.signInWithPassword({
      email: testEditor.email,
      password: 'a-fresh-long-password',
    })
    expect(signedIn.error).toBeNull()
    // Put the shared account back as it was.
    await setOwnPassword(person, testEditor.password)
  })

  it('an expired link is refused (its age moved in the database) and so is a link of the other type', async () => {
    const db = server.ctx.localSupabase!.db
    const person = await invitePerson(api, { email: 'late@example.com', role: 'editor' })
    const { link } = await linkMailedTo('late@example.com', /invited/)
    await db.query(
      "update auth.one_time_tokens set created_at = now() - interval '24 hours 1 minute' where user_id = $1::uuid",
      [person.userId],
    )
    await expect(verifyEmailLink(client(), linkOf(link))).rejects.toThrow(/already used or has expired/)

    // A fresh invite; used as a recovery link it is refused (and stays unused).
    await removePerson(api, person.userId)
    await invitePerson(api, { email: 'late@example.com', role: 'editor' })
    const fresh = await linkMailedTo('late@example.com', /invited/)
    expect(fresh.link.toString()).not.toBe(link.toString())
    await expect(
      verifyEmailLink(client(), { tokenHash: fresh.link.searchParams.get('token_hash')!, type: 'recovery' }),
    ).rejects.toThrow(/already used or has expired/)

    // A recovery link an hour and a minute old is refused.
    const old = client()
    await verifyEmailLink(old, linkOf(fresh.link))
    await setOwnPassword(old, 'late-but-long-password')
    const res = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: server.ctx.supabase.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com' }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    const recovery = await linkMailedTo('late@example.com', /Reset your/)
    await db.query(
      "update auth.one_time_tokens set created_at = now() - interval '61 minutes' where token_type = 'recovery'",
    )
    await expect(verifyEmailLink(client(), linkOf(recovery.link))).rejects.toThrow(
      /already used or has expired/,
    )
  })

  it('GET /auth/v1/verify redirects to the site with the session in the fragment, once', async () => {
    const person = await invitePerson(api, { email: 'redirected@example.com', role: 'contributor' })
    expect(person.status).toBe('invited')
    const { link } = await linkMailedTo('redirected@example.com', /invited/)
    const verifyUrl = `${server.url}/auth/v1/verify?token=${link.searchParams.get('token_hash')}&type=invite&redirect_to=${encodeURIComponent(server.url + adminPath)}`
    const first = await fetch(verifyUrl, { redirect: 'manual' })
    expect(first.status).toBe(303)
    const location = new URL(first.headers.get('location')!)
    expect(location.pathname).toBe(adminPath)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('invite')
    const token = fragment.get('access_token')!
    const me = await client().auth.getUser(token)
    expect(me.data.user?.email).toBe('redirected@example.com')

    const second = await fetch(verifyUrl, { redirect: 'manual' })
    const error = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1))
    expect(error.get('error_code')).toBe('otp_expired')
  })
})
