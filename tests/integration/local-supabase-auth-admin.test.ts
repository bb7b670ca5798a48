import { beforeAll, describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { capturedMail, mailArriving, testEditor } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'

// GoTrue's admin API of the embedded backend, through supabase-js's auth.admin: paging and filters,
// generated links (and that they verify), updates by id with bans, and the service-role-only rule.

const server = useTestServer()
let service: SupabaseClient

const client = (key = server.ctx.supabase.anonKey) =>
  createNodeSupabaseClient(server.url, key, { persistSession: false, autoRefreshToken: false })

let counter = 0
const address = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`

async function createConfirmed(email: string, password = 'a-fine-password-1', metadata = {}) {
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: metadata,
  })
  expect(error).toBeNull()
  return data.user!
}

beforeAll(() => {
  service = client(server.ctx.supabase.serviceRoleKey)
})

describe('admin users', () => {
  it('pages as GoTrue does: newest first, X-Total-Count and Link headers, filter by address', async () => {
    const tag = `pager${Date.now()}`
    const made = []
    for (const n of [1, 2, 3]) made.push(await createConfirmed(`${tag}-${n}@example.com`))

    const filtered = await service.auth.admin.listUsers({ page: 1, perPage: 2, filter: tag } as never)
    // auth-js's listUsers has no filter option: ask the endpoint itself for the headers too.
    const res = await fetch(`${server.url}/auth/v1/admin/users?page=1&per_page=2&filter=${tag}`, {
      headers: { authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total-count')).toBe('3')
    expect(res.headers.get('link')).toBe(
      `</admin/users?filter=${tag}&page=2&per_page=2>; rel="next", </admin/users?filter=${tag}&page=2&per_page=2>; rel="last"`,
    )
    const body = (await res.json()) as { users: { email: string }[]; aud: string }
    expect(body.aud).toBe('authenticated')
    expect(body.users.map((u) => u.email)).toEqual([`${tag}-3@example.com`, `${tag}-2@example.com`])
    expect(filtered.error).toBeNull()

    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 1 })
    expect(listed.error).toBeNull()
    expect(listed.data).toMatchObject({ nextPage: 2 })
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(4)

    const oldest = await fetch(`${server.url}/auth/v1/admin/users?sort=created_at%20asc&per_page=1`, {
      headers: { authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` },
    })
    expect(((await oldest.json()) as { users: { email: string }[] }).users[0]!.email).toBe(testEditor.email)
    for (const query of ['page=x', 'per_page=-1', 'sort=email', 'sort=created_at%20sideways']) {
      const bad = await fetch(`${server.url}/auth/v1/admin/users?${query}`, {
        headers: { authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` },
      })
      expect({ query, status: bad.status }).toEqual({ query, status: 400 })
      expect(await bad.json()).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed' })
    }
  })

  it('updates a user by id: email, password, metadata, confirmation, and a ban that stops sign-in', async () => {
    const user = await createConfirmed(address('upd'), 'first-password-1', { name: 'One' })
    const newEmail = address('updated')
    const updated = await service.auth.admin.updateUserById(user.id, {
      email: newEmail,
      password: 'second-password-2',
      user_metadata: { team: 'editorial' },
      app_metadata: { plan: 'team' },
    })
    expect(updated.error).toBeNull()
    expect(updated.data.user).toMatchObject({
      email: newEmail,
      user_metadata: { name: 'One', team: 'editorial' },
      app_metadata: { provider: 'email', plan: 'team' },
    })
    const signIn = () => client().auth.signInWithPassword({ email: newEmail, password: 'second-password-2' })
    expect((await signIn()).error).toBeNull()

    const banned = await service.auth.admin.updateUserById(user.id, { ban_duration: '24h' })
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000)
    expect((await signIn()).error).toMatchObject({ code: 'user_banned', status: 400 })
    const badBan = await service.auth.admin.updateUserById(user.id, { ban_duration: 'forever' })
    expect(badBan.error).toMatchObject({ code: 'validation_failed', status: 400 })
    expect((await service.auth.admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull()
    expect((await signIn()).error).toBeNull()

    const taken = await service.auth.admin.updateUserById(user.id, { email: testEditor.email })
    expect(taken.error).toMatchObject({ code: 'email_exists', status: 422 })
    const missing = await service.auth.admin.updateUserById('00000000-0000-0000-0000-000000000000', {
      user_metadata: {},
    })
    expect(missing.error).toMatchObject({ code: 'user_not_found', status: 404 })
    const factors = await service.auth.admin.mfa.listFactors({ userId: user.id })
    expect(factors.data?.factors).toEqual([])
  })
})

describe('generated links', () => {
  it('recovery and magic links: GoTrue’s response shape, and both the hashed token and the code verify once', async () => {
    const user = await createConfirmed(address('links'))
    const recovery = await service.auth.admin.generateLink({ type: 'recovery', email: user.email! })
    expect(recovery.error).toBeNull()
    const properties = recovery.data.properties!
    expect(recovery.data.user).toMatchObject({ id: user.id, email: user.email })
    expect(properties).toMatchObject({ verification_type: 'recovery' })
    expect(properties.email_otp).toMatch(/^\d{6}$/)
    expect(properties.action_link).toContain(`${server.url}/auth/v1/verify?token=`)

    const verified = await client().auth.verifyOtp({ token_hash: properties.hashed_token, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.id).toBe(user.id)
    const again = await client().auth.verifyOtp({
      email: user.email!,
      token: properties.email_otp,
      type: 'recovery',
    })
    expect(again.error).toMatchObject({ code: 'otp_expired', status: 403 })

    const magic = await service.auth.admin.generateLink({ type: 'magiclink', email: user.email! })
    const byCode = await client().auth.verifyOtp({
      email: user.email!,
      token: magic.data.properties!.email_otp,
      type: 'email',
    })
    expect(byCode.error).toBeNull()
    expect(byCode.data.session?.access_token).toBeTruthy()

    // The action link is GoTrue's /verify: it redirects with the session in the fragment.
    const link = await service.auth.admin.generateLink({ type: 'magiclink', email: user.email! })
    const followed = await fetch(link.data.properties!.action_link, { redirect: 'manual' })
    expect(followed.status).toBe(303)
    expect(new URL(followed.headers.get('location')!).hash).toMatch(/access_token=.*type=magiclink/)
  })

  it('signup and invite links make unconfirmed users, confirmed by the link; confirmed users are refused', async () => {
    const email = address('signup')
    const signup = await service.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'signup-password-1',
    })
    expect(signup.error).toBeNull()
    expect(signup.data.user!.email_confirmed_at).toBeNull()
    const before = await client().auth.signInWithPassword({ email, password: 'signup-password-1' })
    expect(before.error).toMatchObject({ code: 'email_not_confirmed' })
    expect(
      (await client().auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' }))
        .error,
    ).toBeNull()
    expect(
      (await client().auth.signInWithPassword({ email, password: 'signup-password-1' })).error,
    ).toBeNull()
    const twice = await service.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'signup-password-1',
    })
    expect(twice.error).toMatchObject({ code: 'email_exists', status: 422 })

    const invited = await service.auth.admin.generateLink({ type: 'invite', email: address('invitee') })
    expect(invited.data.user!.invited_at).toBeTruthy()
    const weak = await service.auth.admin.generateLink({
      type: 'signup',
      email: address('weak'),
      password: 'short',
    })
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422 })
    const unknown = await service.auth.admin.generateLink({ type: 'recovery', email: address('nobody') })
    expect(unknown.error).toMatchObject({ code: 'user_not_found', status: 404 })
  })

  it('an email change link moves the address once it is used', async () => {
    const user = await createConfirmed(address('mover'))
    const newEmail = address('moved')
    const change = await service.auth.admin.generateLink({
      type: 'email_change_new',
      email: user.email!,
      newEmail,
    })
    expect(change.error).toBeNull()
    expect(change.data.user).toMatchObject({ email: user.email, new_email: newEmail })
    const used = await client().auth.verifyOtp({
      token_hash: change.data.properties!.hashed_token,
      type: 'email_change',
    })
    expect(used.error).toBeNull()
    const after = await service.auth.admin.getUserById(user.id)
    expect(after.data.user).toMatchObject({ email: newEmail })
    expect(after.data.user).not.toHaveProperty('new_email')
    const taken = await service.auth.admin.generateLink({
      type: 'email_change_new',
      email: newEmail,
      newEmail: testEditor.email,
    })
    expect(taken.error).toMatchObject({ code: 'email_exists', status: 422 })
  })

  it('only the service role may generate links or manage users', async () => {
    const editor = client()
    const { data } = await editor.auth.signInWithPassword(testEditor)
    for (const key of [server.ctx.supabase.anonKey, data.session!.access_token]) {
      const res = await fetch(`${server.url}/auth/v1/admin/generate_link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'magiclink', email: testEditor.email }),
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'not_admin' })
    }
    const badType = await service.auth.admin.generateLink({ type: 'phone' as never, email: testEditor.email })
    expect(badType.error).toMatchObject({ code: 'validation_failed', status: 400 })
  })
})

describe('resend and reauthenticate', () => {
  it('resends a sign-up confirmation whose link signs the address in; once a minute; nobody learns who exists', async () => {
    const email = address('confirm')
    await service.auth.admin.generateLink({ type: 'signup', email, password: 'confirm-password-1' })
    expect(await client().auth.resend({ type: 'signup', email })).toMatchObject({ error: null })
    const mail = await mailArriving(server, email, /Confirm your .* account/)
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!
    const followed = await fetch(link, { redirect: 'manual' })
    expect(followed.status).toBe(303)
    expect(new URL(followed.headers.get('location')!).hash).toMatch(/access_token=.*type=signup/)
    expect(
      (await client().auth.signInWithPassword({ email, password: 'confirm-password-1' })).error,
    ).toBeNull()

    const again = await client().auth.resend({ type: 'signup', email })
    expect(again.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 })
    const before = (await capturedMail(server)).length
    expect((await client().auth.resend({ type: 'signup', email: address('nobody') })).error).toBeNull()
    // A mail asked for afterwards (an invitation) arrives; one to the unknown address would have come first.
    const later = address('invited-after')
    expect((await service.auth.admin.inviteUserByEmail(later)).error).toBeNull()
    await mailArriving(server, later, /invited/)
    expect((await capturedMail(server)).length).toBe(before + 1)
    const phone = await client().auth.resend({ type: 'sms', phone: '+15555550100' })
    expect(phone.error).toMatchObject({ code: 'phone_provider_disabled', status: 400 })
  })

  it('resends an email change link to the new address', async () => {
    const user = await createConfirmed(address('changer'))
    const newEmail = address('changed')
    await service.auth.admin.generateLink({ type: 'email_change_new', email: user.email!, newEmail })
    expect((await client().auth.resend({ type: 'email_change', email: user.email! })).error).toBeNull()
    const mail = await mailArriving(server, newEmail, /new .* address/)
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303)
    expect((await service.auth.admin.getUserById(user.id)).data.user).toMatchObject({ email: newEmail })
  })

  it('mails a reauthentication code that a password change takes once as its nonce', async () => {
    const email = address('reauth')
    await createConfirmed(email, 'reauth-password-1')
    const supabase = client()
    expect(
      (await supabase.auth.signInWithPassword({ email, password: 'reauth-password-1' })).error,
    ).toBeNull()
    expect((await supabase.auth.reauthenticate()).error).toBeNull()
    const code = /(\d{6})/.exec((await mailArriving(server, email, /confirmation code/)).text)![1]!
    const wrong = await supabase.auth.updateUser({
      password: 'reauth-password-2',
      nonce: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.error).toMatchObject({ code: 'reauthentication_not_valid', status: 400 })
    expect((await supabase.auth.updateUser({ password: 'reauth-password-2', nonce: code })).error).toBeNull()
    const reused = await supabase.auth.updateUser({ password: 'reauth-password-3', nonce: code })
    expect(reused.error).toMatchObject({ code: 'reauthentication_not_valid' })
    expect(
      (await client().auth.signInWithPassword({ email, password: 'reauth-password-2' })).error,
    ).toBeNull()
    const anonymous = await fetch(`${server.url}/auth/v1/reauthenticate`, {
      headers: { apikey: server.ctx.supabase.anonKey },
    })
    expect(anonymous.status).toBe(401)
  })
})
