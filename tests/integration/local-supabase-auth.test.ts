import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt, SignJWT } from 'jose'
import { signInRules } from '../../server/local-supabase/auth/sign-in-limits.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

let server: TestServer
let anonKey: string

const client = () =>
  createNodeSupabaseClient(server.url, anonKey, { persistSession: false, autoRefreshToken: false })

const authFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: anonKey,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  })

beforeAll(async () => {
  server = await startTestServer()
  anonKey = server.ctx.supabase.anonKey
}, 180_000) // the server's first start creates a database: slow on a busy machine

afterAll(async () => {
  await server?.stop()
})

/** GoTrue's answer to a wrong password and to an unknown email alike, so neither tells which it was. */
const invalidCredentials = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' }

describe('embedded Auth through supabase-js', () => {
  it('signs an editor in with email and password and returns a GoTrue session', async () => {
    const supabase = client()
    const { data, error } = await supabase.auth.signInWithPassword(testEditor)
    expect(error).toBeNull()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(session.refresh_token).toMatch(/^[\w-]{20,}$/)
    expect(data.user).toMatchObject({
      email: testEditor.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      identities: [],
    })
    expect(data.user!.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(data.user!.last_sign_in_at).toMatch(/^\d{4}-\d\d-\d\dT/)

    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email: testEditor.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('returns the signed-in user from getUser, and the token works for REST under RLS', async () => {
    const supabase = client()
    await supabase.auth.signInWithPassword(testEditor)
    const { data, error } = await supabase.auth.getUser()
    expect(error).toBeNull()
    expect(data.user!.email).toBe(testEditor.email)
    // Editors see drafts too: proves the access token reaches RLS as this user.
    const drafts = await supabase.from('blogs').select('id').eq('status', 'draft')
    expect(drafts.error).toBeNull()
  })

  it('refuses a wrong password with invalid_credentials', async () => {
    const { data, error } = await client().auth.signInWithPassword({
      email: testEditor.email,
      password: 'not-the-password',
    })
    expect(data.session).toBeNull()
    expect(error).toMatchObject(invalidCredentials)
  })

  it('refuses an unknown email exactly like a wrong password', async () => {
    const { error } = await client().auth.signInWithPassword({
      email: 'nobody@meridian.example',
      password: 'whatever-password',
    })
    expect(error).toMatchObject(invalidCredentials)
  })

  it('rotates refresh tokens, and reusing an old one revokes the whole session', async () => {
    const supabase = client()
    const { data } = await supabase.auth.signInWithPassword(testEditor)
    const first = data.session!

    const second = (await supabase.auth.refreshSession()).data.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id)
    const third = (await supabase.auth.refreshSession()).data.session!
    expect(third.refresh_token).not.toBe(second.refresh_token)

    // A second client replays the first token, two rotations old, as a thief with a stolen copy would.
    const replay = await client().auth.refreshSession({ refresh_token: first.refresh_token })
    expect(replay.data.session).toBeNull()
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })

    // The whole session is gone: the legitimate newest token no longer works, nor does its access token.
    const afterRevoke = await client().auth.refreshSession({ refresh_token: third.refresh_token })
    expect(afterRevoke.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const user = await authFetch('/user', { headers: { authorization: `Bearer ${third.access_token}` } })
    expect(user.status).toBe(403)
    expect(await user.json()).toMatchObject({ code: 'session_not_found' })
  })

  it('hands a client that lost a refresh reply the live token within the reuse interval, and revokes after it', async () => {
    const interval = server.ctx.localSupabase!.config.auth.refreshTokenReuseInterval
    expect(interval).toBeGreaterThan(0)
    const supabase = client()
    const first = (await supabase.auth.signInWithPassword(testEditor)).data.session!
    const second = (await supabase.auth.refreshSession()).data.session!

    // The reply carrying `second` was "lost": the client retries with `first` right away.
    const retry = await client().auth.refreshSession({ refresh_token: first.refresh_token })
    expect(retry.error).toBeNull()
    expect(retry.data.session!.refresh_token).toBe(second.refresh_token)

    // Once the interval has passed (the clock is moved by ageing the row), the same replay ends the session.
    await server.ctx.localSupabase!.db.query(
      `update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1`,
      [first.refresh_token, interval + 1],
    )
    const late = await client().auth.refreshSession({ refresh_token: first.refresh_token })
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    const afterRevoke = await client().auth.refreshSession({ refresh_token: second.refresh_token })
    expect(afterRevoke.error).toMatchObject({ code: 'refresh_token_not_found' })
  })

  it('signs out: the refresh token stops working and getUser reports no session', async () => {
    const supabase = client()
    const { data } = await supabase.auth.signInWithPassword(testEditor)
    const session = data.session!
    const { error } = await supabase.auth.signOut()
    expect(error).toBeNull()
    expect((await supabase.auth.getSession()).data.session).toBeNull()

    const refresh = await client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' })
    const res = await authFetch('/user', { headers: { authorization: `Bearer ${session.access_token}` } })
    expect(res.status).toBe(403)
  })

  it('signs out other sessions only with scope "others"', async () => {
    const a = client()
    const b = client()
    await a.auth.signInWithPassword(testEditor)
    const bSession = (await b.auth.signInWithPassword(testEditor)).data.session!
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await a.auth.getUser()).error).toBeNull()
    const bUser = await authFetch('/user', { headers: { authorization: `Bearer ${bSession.access_token}` } })
    expect(bUser.status).toBe(403)
  })

  it('updates user metadata and the password of the signed-in user', async () => {
    const supabase = client()
    await supabase.auth.signInWithPassword(testEditor)
    const named = await supabase.auth.updateUser({ data: { display_name: 'Asha' } })
    expect(named.error).toBeNull()
    expect(named.data.user!.user_metadata).toEqual({ display_name: 'Asha' })

    const weak = await supabase.auth.updateUser({ password: 'short' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length'])

    const newPassword = 'another-long-password-42'
    expect((await supabase.auth.updateUser({ password: newPassword })).error).toBeNull()
    expect(
      (await client().auth.signInWithPassword({ email: testEditor.email, password: newPassword })).error,
    ).toBeNull()
    expect((await supabase.auth.updateUser({ password: testEditor.password })).error).toBeNull()
    expect((await client().auth.signInWithPassword(testEditor)).error).toBeNull()
  })

  it('answers sign-up as hosted Supabase does with sign-ups disabled, and creates nobody', async () => {
    const { data, error } = await client().auth.signUp({
      email: 'visitor@meridian.example',
      password: 'a-long-password',
    })
    expect(data.user).toBeNull()
    expect(error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    })
    const signIn = await client().auth.signInWithPassword({
      email: 'visitor@meridian.example',
      password: 'a-long-password',
    })
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('publishes settings: email sign-in on, sign-up off', async () => {
    const res = await authFetch('/settings')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ external: { email: true, phone: false }, disable_signup: true })
    const jwks = await authFetch('/.well-known/jwks.json')
    expect(await jwks.json()).toEqual({ keys: [] })
  })

  it('rejects tampered, alg:none, expired and missing tokens on /user without a 500', async () => {
    const { data } = await client().auth.signInWithPassword(testEditor)
    const [header, payload] = data.session!.access_token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    const claims = decodeJwt(data.session!.access_token)
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(server.ctx.localSupabase!.keys.jwtSecret))
    for (const token of [forged, none, expired, 'not-a-jwt']) {
      const res = await authFetch('/user', { headers: { authorization: `Bearer ${token}` } })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'bad_jwt' })
    }
    // The anon key is a valid JWT but names no user.
    const anon = await authFetch('/user', { headers: { authorization: `Bearer ${anonKey}` } })
    expect(anon.status).toBe(403)
    const bare = await fetch(`${server.url}/auth/v1/user`)
    expect(bare.status).toBe(401)
    const malformed = await authFetch('/token?grant_type=password', { method: 'POST', body: '{"email":' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' })
  })

  it('limits failed password attempts per account: once over the limit, even the right password gets 429', async () => {
    const { free } = signInRules(server.ctx.localSupabase!.config.auth.signInRateLimit).account
    const email = testEditor.email.toUpperCase() // the limit is per account, whatever the case of its address
    for (let i = 0; i < free; i++) {
      const { error } = await client().auth.signInWithPassword({ email, password: `wrong-password-${i}` })
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    }
    const limited = await client().auth.signInWithPassword({
      email: testEditor.email,
      password: testEditor.password,
    })
    expect(limited.data.session).toBeNull()
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    const raw = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify(testEditor),
    })
    expect(raw.status).toBe(429)
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another account from the same address is not affected.
    const other = await client().auth.signInWithPassword({
      email: 'someone-else@meridian.example',
      password: 'wrong-password',
    })
    expect(other.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
  }, 60_000)
})
