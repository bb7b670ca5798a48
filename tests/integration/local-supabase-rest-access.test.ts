import { SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { useRestServer } from '../support/rest-server.ts'

// The embedded backend's /rest/v1: which tokens it takes, its functions (rpc) and browser access (CORS),
// through the real client against the real fixture.server.

const fixture = useRestServer()

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(fixture.server.ctx.localSupabase!.keys.jwtSecret)
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = () => Math.floor(Date.now() / 1000)

  async function expect401(token: string, apikey?: string) {
    const res = await fixture.rest('blogs?select=slug', { token, headers: apikey ? { apikey } : {} })
    expect(res.status).toBe(401)
    const body = await res.json()
    expect(body).toMatchObject({ code: expect.stringMatching(/^PGRST30/), hint: null, details: null })
    return body as { message: string }
  }

  it('accepts the anon and service-role keys', async () => {
    expect((await fixture.rest('blogs?select=slug')).status).toBe(200)
    expect(
      (await fixture.rest('blogs?select=slug', { token: fixture.server.ctx.supabase.serviceRoleKey })).status,
    ).toBe(200)
  })

  it('rejects a tampered token', async () => {
    const [h, , s] = fixture.server.ctx.supabase.anonKey.split('.')
    const forged = `${h}.${b64({ iss: 'supabase', role: 'service_role', iat: now(), exp: now() + 3600 })}.${s}`
    expect((await expect401(forged)).message).toBe('JWT signature is invalid')
  })

  it('rejects an expired token', async () => {
    const token = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 3600)
      .sign(secret())
    expect((await expect401(token)).message).toBe('JWT expired')
  })

  it('rejects alg: none', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now() + 3600 })}.`
    await expect401(token)
  })

  it('rejects another algorithm, a token without exp, a foreign secret and a role outside the list', async () => {
    const hs512 = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(now() + 60)
      .sign(secret())
    await expect401(hs512)
    const noExp = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret())
    await expect401(noExp)
    const foreign = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now() + 60)
      .sign(new TextEncoder().encode('a-different-secret-of-enough-length-0123456789'))
    await expect401(foreign)
    const postgres = await new SignJWT({ role: 'postgres' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now() + 60)
      .sign(secret())
    expect((await expect401(postgres)).message).toBe('JWT role is not allowed')
  })

  it('rejects a bad apikey even with a valid bearer, and a request with no key', async () => {
    await expect401(fixture.server.ctx.supabase.anonKey, 'garbage')
    const res = await fetch(`${fixture.server.url}/rest/v1/blogs`)
    expect(res.status).toBe(401)
  })

  it('a rejected token changes nothing', async () => {
    const before = await fixture.blogCount()
    const [h, , s] = fixture.server.ctx.supabase.anonKey.split('.')
    const forged = `${h}.${b64({ role: 'service_role', exp: now() + 3600 })}.${s}`
    const res = await fixture.rest('blogs', {
      method: 'POST',
      token: forged,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Forged', slug: 'forged', author: 'X' }),
    })
    expect(res.status).toBe(401)
    expect(await fixture.blogCount()).toBe(before)
  })
})

describe('functions (rpc)', () => {
  it('is_editor() answers for the caller', async () => {
    expect(await fixture.anon.rpc('is_editor')).toMatchObject({ data: false, error: null, status: 200 })
    expect(await fixture.editor.rpc('is_editor')).toMatchObject({ data: true, error: null })
    expect((await fixture.editor.rpc('is_editor', undefined, { get: true })).data).toBe(true)
  })

  it('unknown functions, unknown arguments and trigger functions are 404 PGRST202', async () => {
    for (const [fn, args] of [
      ['no_such_function', {}],
      ['is_editor', { user_id: 'x' }],
      ['set_updated_at', {}],
    ] as const) {
      const { error, status } = await fixture.anon.rpc(fn, args)
      expect({ fn, status, code: error?.code }).toEqual({ fn, status: 404, code: 'PGRST202' })
    }
  })

  it('a function body that is not an object is 400 PGRST102', async () => {
    const res = await fixture.rest('rpc/is_editor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST102')
  })
})

describe('browser access', () => {
  /** The header names supabase-js sends on a counted read, a write, a function call and a storage upload. */
  async function headersSupabaseJsSends(): Promise<string[]> {
    const requests = vi.spyOn(globalThis, 'fetch')
    try {
      // A visitor may do none of the writes: the requests are refused and nothing is stored.
      await fixture.anon.from('blogs').select('slug', { count: 'exact' }).limit(1)
      await fixture.anon.from('blogs').upsert({ slug: 'cors-probe' }, { onConflict: 'slug' })
      await fixture.anon.rpc('editor_role')
      await fixture.anon.storage
        .from('images')
        .upload('cors/probe.png', new Uint8Array([1]), { upsert: true })
      return [...new Set(requests.mock.calls.flatMap(([, init]) => [...new Headers(init?.headers).keys()]))]
    } finally {
      requests.mockRestore()
    }
  }

  it('answers CORS preflight with the headers supabase-js sends', async () => {
    const sent = await headersSupabaseJsSends()
    expect(sent).toEqual(
      expect.arrayContaining(['authorization', 'apikey', 'prefer', 'content-profile', 'x-upsert']),
    )
    // PostgREST's own paging header too, for clients that page with it.
    const requested = [...sent, 'range']
    const res = await fetch(`${fixture.server.url}/rest/v1/blogs`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested.join(','),
      },
    })
    expect(res.status).toBeLessThan(300)
    const allowed = res.headers
      .get('access-control-allow-headers')!
      .toLowerCase()
      .split(/\s*,\s*/)
    expect(allowed).toEqual(expect.arrayContaining(requested))
    const get = await fixture.rest('blogs?select=slug&limit=1', {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range')
  })
})
