import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { BlogDataError, createPost, getPostBySlug } from '../../shared/data/blogs.ts'
import { listLeads } from '../../shared/data/leads.ts'
import { blogInputSchema, slugPattern } from '../../shared/schemas/blog.ts'
import { createOgImageRoutes } from '../../server/web/og-image.ts'
import { clientsOf, samplePost, type TestClients } from '../support/clients.ts'
import { useTestServer } from '../support/use-test-server.ts'

/**
 * What an editor types is data, never syntax: tags, titles and slugs holding quotes, backslashes, commas,
 * braces, parentheses, emoji, right-to-left text, very long words and URLs go through a save (as the admin
 * saves: supabase-js with the shared schema), the post's page and JSON, the resources page and its search,
 * the feed, the sitemap and the post's Open Graph image. Nothing answers 5xx; a value the schema refuses is
 * refused with a message and not stored. The real server, with the built site's server rendering.
 */

const server = useTestServer()
let c: TestClients

beforeAll(async () => {
  c = await clientsOf(server)
})

const get = (p: string) => fetch(`${server.url}${p}`)
const pngMagic = '89504e470d0a1a0a'

/** Status (and the body when it is a server error, to show why) of a GET; the body is always read. */
async function statusOf(p: string): Promise<{ status: number; body: string }> {
  const res = await get(p)
  const body = await res.text()
  return { status: res.status, body: res.status >= 500 ? body.slice(0, 300) : '' }
}

async function ogImage(slug: string) {
  const res = await get(`/og/post/${encodeURIComponent(slug)}.png`)
  const png = Buffer.from(await res.arrayBuffer())
  return { res, png }
}

describe('tags are text, never filter syntax', () => {
  it('a post tagged C# "advanced" stays up, and finds the posts sharing that exact tag to read next', async () => {
    await createPost(c.editor, samplePost('hc-quoted-tag', { tags: ['C# "advanced"', "it's"] }))
    await createPost(c.editor, samplePost('hc-quoted-tag-too', { tags: ['C# "advanced"'] }))
    // Written around the editor's check (as an older app could have): a comma inside one tag.
    const { error } = await c.service
      .from('blogs')
      .insert(samplePost('hc-comma-tag', { tags: ['talent, retention', '{x}', 'back\\slash', 'NULL'] }))
    expect(error).toBeNull()
    await createPost(c.editor, samplePost('hc-split-tag', { tags: ['talent', 'retention'] }))

    const page = await get('/post/hc-quoted-tag')
    expect(page.status).toBe(200)
    const api = await get('/api/posts/hc-quoted-tag')
    expect(api.status).toBe(200)
    const { related } = (await api.json()) as { related: { slug: string }[] }
    expect(related[0].slug).toBe('hc-quoted-tag-too')

    const comma = await get('/api/posts/hc-comma-tag')
    expect(comma.status).toBe(200)
    // "talent, retention" is one tag: the post tagged "talent" and "retention" shares none of its tags.
    const { post } = (await comma.json()) as { post: { tags: string[] } }
    expect(post.tags).toEqual(['talent, retention', '{x}', 'back\\slash', 'NULL'])
    expect((await get('/post/hc-comma-tag')).status).toBe(200)
  })

  it('the editor refuses a tag with a comma with a message, and stores nothing', async () => {
    const saving = createPost(c.editor, samplePost('hc-refused-tag', { tags: ['gcc', 'a,b'] }))
    await expect(saving).rejects.toThrow(BlogDataError)
    await expect(saving).rejects.toMatchObject({
      status: 400,
      message: 'Tag “a,b” cannot contain a comma: commas separate one tag from the next.',
    })
    expect(await getPostBySlug(c.editor, 'hc-refused-tag')).toBeNull()
  })

  it('the leads search finds what was typed: an address with "_", a name with a comma and quotes', async () => {
    const lead = {
      name: 'Rao, "Asha" (CTO)',
      email: `first_last.${Date.now()}@startup.example`,
      phone: '+91 98765 43210',
      requirement: 'Five engineers',
      tech_stack: 'C#, .NET',
    }
    const { error } = await c.service.from('leads').insert(lead)
    expect(error).toBeNull()
    for (const search of [lead.email, 'Rao, "Asha" (CTO)', 'C#, .NET']) {
      const page = await listLeads(c.editor, { search })
      expect(
        page.leads.map((l) => l.email),
        search,
      ).toContain(lead.email)
    }
    expect((await listLeads(c.editor, { search: 'first%last' })).leads).toEqual([])
  })
})

describe('the Open Graph image of any title', () => {
  it('wraps or shrinks a long word, a URL, right-to-left text, emoji and control characters into a PNG', async () => {
    const titles = [
      'Pneumonoultramicroscopicsilicovolcanoconiosis',
      'Read https://example.com/averyveryveryverylongpathwithoutanyslashesatalltokeepgoing?a=1&b=2',
      'مرحبا بالعالم: عنوان طويل جدا باللغة العربية لاختبار الاتجاه من اليمين إلى اليسار',
      '😀🎉🚀 👩‍👩‍👧‍👦 emoji',
      'Bell \u0007 and \uFFFF and \u202E reversed',
      'W'.repeat(300),
    ]
    for (const [i, title] of titles.entries()) {
      // A control character cannot be saved from the editor, but an older app may have stored one.
      const post = samplePost(`hc-og-${i}`, { title })
      if (/\p{Cc}/u.test(title)) expect((await c.service.from('blogs').insert(post)).error).toBeNull()
      else await createPost(c.editor, post)
      const { res, png } = await ogImage(`hc-og-${i}`)
      expect(res.status, title).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const meta = await sharp(png).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    }
  }, 60_000)

  it('a drawing that fails is answered with the brand card, kept and cached like a drawn image', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-og-'))
    try {
      let draws = 0
      const routes = createOgImageRoutes(server.ctx, {
        cacheDir,
        draw: () => {
          draws++
          return Promise.reject(new Error('the drawing library failed'))
        },
      })
      const first = await routes.request('/og/post/hc-og-0.png')
      expect(first.status).toBe(200)
      expect(first.headers.get('content-type')).toBe('image/png')
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60')
      const card = Buffer.from(await first.arrayBuffer())
      expect((await sharp(card).metadata()).width).toBe(1200)
      // The same answer again, from the cache: not drawn (nor failed) a second time.
      const again = await routes.request('/og/post/hc-og-0.png')
      expect(Buffer.from(await again.arrayBuffer()).equals(card)).toBe(true)
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
      expect(draws).toBe(1)
    } finally {
      rmSync(cacheDir, { recursive: true, force: true })
    }
  }, 30_000)
})

// ---------------------------------------------------------------------------------------------------------
// The property: random hostile content through every public reader.

/** Pieces with a meaning somewhere (filters, array literals, LIKE, markup, text layout), and any Unicode. */
const piece = fc.oneof(
  fc.constantFrom(
    '"',
    '\\',
    ',',
    '{',
    '}',
    '(',
    ')',
    '*',
    '%',
    '_',
    '.',
    ':',
    "'",
    '’',
    '#',
    '&',
    '<b>',
    '/',
    ' ',
    'NULL',
    'C#',
    'or=(',
    'https://example.com/a/b?c=d&e=f',
    'Pneumonoultramicroscopicsilicovolcanoconiosis',
    '😀',
    '👩‍👩‍👧‍👦',
    'مرحبا',
    'עברית',
    '\u202E',
    'हिन्दी',
    '\u0007',
  ),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
)
const hostileText = (maxPieces: number) =>
  fc.array(piece, { minLength: 1, maxLength: maxPieces }).map((pieces) => pieces.join(''))
/** Tags the schema keeps, with everything in them that means something elsewhere (quotes, parentheses, RTL). */
const keptTag = fc
  .array(
    fc.constantFrom(
      '"',
      "'",
      '’',
      '(',
      ')',
      '#',
      '&',
      '.',
      '+',
      '-',
      '/',
      '_',
      ' ',
      'C#',
      'NULL',
      'x',
      'مرحبا',
      'עברית',
      'हिन्दी',
      'Pneumonoultramicroscopicsilicovolcanoconiosis',
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pieces) => [...pieces.join('')].slice(0, 50).join(''))
  .filter((tag) => tag.trim() !== '')
const tag = fc.oneof({ weight: 3, arbitrary: keptTag }, { weight: 1, arbitrary: hostileText(3) })
const validSlug = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,2}$/)
const slug = fc.oneof({ weight: 4, arbitrary: validSlug }, { weight: 1, arbitrary: hostileText(3) })

let run = 0

describe('hostile content, end to end', () => {
  it('never answers 5xx: save, post page and JSON, resources and search, feed, sitemap, OG image', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText(6),
        slug,
        fc.array(tag, { maxLength: 4 }),
        async (title, slugText, tags) => {
          run++
          const slug = slugPattern.test(slugText) ? `hc-${run}-${slugText}` : slugText
          const input = samplePost(slug, { title, tags })
          const valid = blogInputSchema.safeParse(input).success
          if (valid) {
            await createPost(c.editor, input)
          } else {
            // Refused with a message a person can act on, and nothing stored.
            const refusal = await createPost(c.editor, input).then(
              () => null,
              (err: unknown) => err,
            )
            expect(refusal).toBeInstanceOf(BlogDataError)
            expect((refusal as BlogDataError).status).toBe(400)
            expect((refusal as BlogDataError).message.length).toBeGreaterThan(10)
            if (slugPattern.test(slug)) expect(await getPostBySlug(c.editor, slug)).toBeNull()
          }
          // What the schema refuses may still be in the database (written by an older app, or around the
          // editor): store it as it is, under a valid slug, so the readers meet it too.
          const stored = valid ? slug : `hc-${run}-raw`
          if (!valid) {
            // (The database cannot hold a NUL at all.)
            const { error } = await c.service.from('blogs').insert({
              ...input,
              slug: stored,
              title: title.replace(/\0/g, '') || 'x',
              tags: tags.map((t) => t.replace(/\0/g, '')),
            })
            expect(error).toBeNull()
          }

          const q = encodeURIComponent(tags[0] ?? title)
          const answers = await Promise.all(
            [
              `/post/${encodeURIComponent(stored)}`,
              `/api/posts/${encodeURIComponent(stored)}`,
              `/post/${encodeURIComponent(slugText)}`,
              `/resources?q=${q}`,
              `/api/posts?q=${q}`,
              '/rss.xml',
              '/sitemap.xml',
            ].map(async (p) => ({ p, ...(await statusOf(p)) })),
          )
          for (const { p, status, body } of answers) expect(status, `${p} ${body}`).toBeLessThan(500)
          expect(answers[0].status).toBe(200)
          expect(answers[1].status).toBe(200)

          const { res, png } = await ogImage(stored)
          expect(res.status).toBe(200)
          expect(png.subarray(0, 8).toString('hex')).toBe(pngMagic)
          expect((await ogImage(slugText)).res.status).toBeLessThan(500)
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)
})
