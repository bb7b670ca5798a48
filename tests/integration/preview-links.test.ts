import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPost, getPublishedPostBySlug, updatePost } from '../../shared/data/blogs.ts'
import { previewLinkSchema } from '../../shared/schemas/preview-link.ts'
import { previewSecret, signPreviewToken, verifyPreviewToken } from '../../server/web/preview-tokens.ts'
import { parseEnv } from '../../server/config/env.ts'
import { samplePost, standInSite } from '../support/clients.ts'
import { useSiteServer } from '../support/site-server.ts'

// The shell and the not-found page are all these routes need.
const fixture = useSiteServer(
  () =>
    standInSite(
      '<title>Meridian</title>\n    <meta name="description" content="generic" />\n    <script type="module" src="/assets/app.js"></script>',
    ),
  { LOG_LEVEL: 'error' },
)

const post = samplePost

async function createLink(body: unknown, token: string | null = fixture.accessToken) {
  return fetch(`${fixture.server.url}/api/preview-links`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

const open = (pathOrUrl: string) => fetch(new URL(pathOrUrl, fixture.server.url))

describe('preview share links', { timeout: 60_000 }, () => {
  it('show a draft to anyone with the link, read-only and never indexed, with its current content', async () => {
    const draft = await createPost(
      fixture.editor,
      post('preview-draft', { status: 'draft', content: '<p>Secret plans<script>alert(1)</script></p>' }),
    )
    // Visitors cannot read the draft.
    expect(await getPublishedPostBySlug(fixture.anon, 'preview-draft')).toBeNull()

    const res = await createLink({ postId: draft.id, expiresInHours: 2 })
    expect(res.status).toBe(201)
    const link = previewLinkSchema.parse(await res.json())
    expect(link.url).toBe(`${fixture.server.ctx.publicUrl}${link.path}`)
    expect(link.path).toMatch(/^\/preview\/v1\./)
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(1.9)
    expect(hours).toBeLessThanOrEqual(2)

    const page = await open(link.path)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-robots-tag')).toContain('noindex')
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toContain('<meta name="robots" content="noindex')
    expect(html).toContain('Post preview-draft')
    expect(html).toContain('Secret plans')
    expect(html).not.toContain('alert(1)')
    expect(html).not.toContain('<script')
    expect(html).toContain('Preview of a draft, not public yet.')

    // The link follows the post: a later save shows there too.
    await updatePost(
      fixture.editor,
      post('preview-draft', { status: 'draft', content: '<p>Revised plans</p>' }),
      draft,
    )
    expect(await (await open(link.path)).text()).toContain('Revised plans')
  })

  it('answer 404 once expired, and for any token that was changed', async () => {
    const scheduled = await createPost(
      fixture.editor,
      post('preview-scheduled', {
        status: 'scheduled',
        publish_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    )
    const other = await createPost(fixture.editor, post('preview-other', { status: 'draft' }))
    const secret = previewSecret(fixture.server.ctx)!
    // Links minted with this server's secret: one that lives an hour (opened while it is surely live, however
    // slow the first request), one that lives two seconds and is opened again after real time passed.
    const token = signPreviewToken(secret, scheduled.id, new Date(Date.now() + 3_600_000))
    const live = await open(`/preview/${token}`)
    expect(live.status).toBe(200)
    expect(await live.text()).toContain('Preview of a post scheduled for')
    const expiresAt = Date.now() + 2_000
    const short = signPreviewToken(secret, scheduled.id, new Date(expiresAt))
    expect(verifyPreviewToken(secret, short, expiresAt - 1_000)).toBe(scheduled.id)

    const [version, id, expires, signature] = token.split('.')
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1)
    const tampered = [
      [version, id, expires, flip(signature)],
      [version, other.id, expires, signature],
      [version, id, String(Number(expires) + 3600), signature],
      [version, id, expires, signature.slice(0, -1)],
      ['v2', id, expires, signature],
    ]
    for (const parts of tampered) {
      const res = await open(`/preview/${parts.join('.')}`)
      expect(res.status, parts.join('.')).toBe(404)
      expect(res.headers.get('x-robots-tag')).toContain('noindex')
      expect(await res.text()).toContain('Page not found')
    }
    for (const junk of ['x', '..%2f..%2fsecrets.json', `v1.${id}.9999999999.${'a'.repeat(43)}`]) {
      expect((await open(`/preview/${junk}`)).status).toBe(404)
    }

    // Once its time has passed (whole seconds: the token carries its expiry in seconds).
    while (Date.now() < expiresAt + 1_000) await new Promise((resolve) => setTimeout(resolve, 250))
    expect((await open(`/preview/${short}`)).status).toBe(404)
    expect(verifyPreviewToken(secret, short)).toBeNull()
  })

  it('are only given to editors, for a post that exists, for a valid time', async () => {
    const draft = await createPost(fixture.editor, post('preview-refusals', { status: 'draft' }))
    expect((await createLink({ postId: draft.id }, null)).status).toBe(401)
    expect((await createLink({ postId: draft.id }, fixture.server.ctx.supabase.anonKey)).status).toBe(401)
    expect((await createLink({ postId: 'not-a-uuid' })).status).toBe(400)
    expect((await createLink({ postId: draft.id, expiresInHours: 0 })).status).toBe(400)
    expect((await createLink({ postId: draft.id, expiresInHours: 10_000 })).status).toBe(400)
    expect((await createLink('nonsense')).status).toBe(400)
    const missing = await createLink({ postId: '5b0f3f0e-1d5c-4a8e-9c31-8f2a4d0b7e61' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ message: 'There is no post with this id.' })
    const ok = await createLink({ postId: draft.id })
    const hours = (Date.parse(previewLinkSchema.parse(await ok.json()).expiresAt) - Date.now()) / 3_600_000
    expect(Math.round(hours)).toBe(72)
  })

  it('sign with PREVIEW_SECRET when it is set, and refuse a short one', () => {
    expect(() => parseEnv({ PREVIEW_SECRET: 'too short' })).toThrow(/PREVIEW_SECRET must be at least 32/)
    const env = parseEnv({ PREVIEW_SECRET: 'p'.repeat(40) })
    const secret = previewSecret({ env, localSupabase: null } as unknown as Parameters<
      typeof previewSecret
    >[0])
    expect(secret?.toString()).toBe('p'.repeat(40))
    const token = signPreviewToken(
      secret!,
      '5b0f3f0e-1d5c-4a8e-9c31-8f2a4d0b7e61',
      new Date(Date.now() + 60_000),
    )
    expect(verifyPreviewToken(secret!, token)).toBe('5b0f3f0e-1d5c-4a8e-9c31-8f2a4d0b7e61')
    // Another server's secret (here: the local one) does not accept it.
    expect(verifyPreviewToken(previewSecret(fixture.server.ctx)!, token)).toBeNull()
  })

  it('never answer a 5xx to generated bad input, on either route', async () => {
    const samples = fc.sample(
      fc.record({
        body: fc.oneof(
          fc.anything(),
          fc.record({ postId: fc.string(), expiresInHours: fc.anything() }),
          fc.record({ postId: fc.uuid(), expiresInHours: fc.oneof(fc.integer(), fc.double(), fc.string()) }),
        ),
        token: fc.oneof(
          fc.string({ maxLength: 300 }),
          fc
            .tuple(fc.uuid(), fc.nat(), fc.base64String({ maxLength: 60 }))
            .map(([id, exp, sig]) => `v1.${id}.${exp}.${sig.replace(/[+/=]/g, '_')}`),
        ),
      }),
      { numRuns: 150, seed: 20261126 },
    )
    for (const { body, token } of samples) {
      const created = await fetch(`${fixture.server.url}/api/preview-links`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fixture.accessToken}` },
        body: JSON.stringify(body) ?? 'null',
      })
      expect(created.status, JSON.stringify(body)).toBeLessThan(500)
      await created.body?.cancel()
      const opened = await fetch(`${fixture.server.url}/preview/${encodeURIComponent(token)}`)
      expect(opened.status, token).toBe(404)
      await opened.body?.cancel()
    }
  })
})
