import { describe, expect, it } from 'vitest'
import { bodyLimits } from '../../server/local-supabase/index.ts'
import { useRestServer } from '../support/rest-server.ts'

// Conformance of the embedded backend's /rest/v1 with what supabase-js expects from PostgREST,
// through the real client against the real server (PGlite, migrations, seed, RLS). Tokens, rpc and
// browser access: local-supabase-rest-access.test.ts.

const fixture = useRestServer()

const seededPublished = 7

/** Every column of the posts with this slug, as a visitor asks for them. */
const postsWithSlug = (slug: string) => fixture.anon.from('blogs').select('*').eq('slug', slug)

/** Each path is answered 400 with this error code (never a 5xx). */
async function expectRefused(paths: string[], code: string) {
  for (const path of paths) {
    const res = await fixture.rest(path)
    expect({ path, status: res.status }).toEqual({ path, status: 400 })
    expect((await res.json()).code).toBe(code)
  }
}

describe('reading posts', () => {
  it('lists published posts newest first and oldest first, hiding drafts from visitors', async () => {
    const newest = await fixture.anon.from('blogs').select('*').order('created_at', { ascending: false })
    expect(newest.error).toBeNull()
    expect(newest.data).toHaveLength(seededPublished)
    const dates = newest.data!.map((p) => p.created_at as string)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(newest.data!.every((p) => p.status === 'published')).toBe(true)

    const oldest = await fixture.anon
      .from('blogs')
      .select('slug,created_at')
      .order('created_at', { ascending: true })
    expect(oldest.data!.map((p) => p.slug)).toEqual(newest.data!.map((p) => p.slug).reverse())
  })

  it('returns timestamps in PostgREST format and tags as arrays', async () => {
    const { data } = await fixture.anon.from('blogs').select('created_at,tags').limit(1)
    expect(data![0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/)
    expect(Array.isArray(data![0].tags)).toBe(true)
  })

  it('returns one post by slug as a bare object', async () => {
    const { data, error, status } = await postsWithSlug(
      'hiring-in-two-weeks-how-our-talent-acquisition-works',
    ).single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toMatchObject({
      title: 'Hiring in Two Weeks: How Our Talent Acquisition Works',
      type: 'blog',
    })
    expect(data!.content).toContain('<h2>')
  })

  it('answers 406 PGRST116 when a single post is asked for and none matches', async () => {
    const { data, error, status } = await postsWithSlug('no-such-post').single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
  })

  it('answers 406 when a single object is asked for and several rows match', async () => {
    const { error } = await fixture.anon.from('blogs').select('slug').eq('type', 'ebook').single()
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
  })

  it('maybeSingle gives null for no row', async () => {
    const { data, error } = await postsWithSlug('no-such-post').maybeSingle()
    expect(error).toBeNull()
    expect(data).toBeNull()
  })

  it('counts exactly with a range and reports Content-Range', async () => {
    const { data, count, error } = await fixture.anon
      .from('blogs')
      .select('slug', { count: 'exact' })
      .order('created_at')
      .range(2, 4)
    expect(error).toBeNull()
    expect(count).toBe(seededPublished)
    expect(data).toHaveLength(3)

    const res = await fixture.rest('blogs?select=slug&order=created_at.asc&offset=5&limit=5', {
      headers: { prefer: 'count=exact' },
    })
    expect(res.headers.get('content-range')).toBe(`5-6/${seededPublished}`)
    // Past the end: PostgREST's 416, still saying how many rows there are.
    const empty = await fixture.rest('blogs?select=slug&offset=50&limit=5', {
      headers: { prefer: 'count=exact' },
    })
    expect(empty.status).toBe(416)
    expect((await empty.json()).code).toBe('PGRST103')
    expect(empty.headers.get('content-range')).toBe(`*/${seededPublished}`)
  })

  it('answers CSV and stripped nulls when asked, and no plan unless the authenticator role enables it', async () => {
    const csv = await fixture.rest(
      'blogs?select=slug,type&slug=eq.hiring-in-two-weeks-how-our-talent-acquisition-works',
      {
        headers: { accept: 'text/csv' },
      },
    )
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(await csv.text()).toBe('slug,type\nhiring-in-two-weeks-how-our-talent-acquisition-works,blog')

    const stripped = await fixture.rest('blogs?select=slug,publish_at&limit=1', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    })
    expect(Object.keys(((await stripped.json()) as object[])[0])).toEqual(['slug'])

    const plan = await fixture.rest('blogs?select=slug', {
      headers: { accept: 'application/vnd.pgrst.plan+json' },
    })
    expect(plan.status).toBe(406)
    expect((await plan.json()).code).toBe('PGRST107')
  })

  it('honours the Range header', async () => {
    const res = await fixture.rest('blogs?select=slug&order=created_at.desc', { headers: { range: '1-2' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toHaveLength(2)
    expect(res.headers.get('content-range')).toBe('1-2/*')
  })

  it('counts with a HEAD request and no body', async () => {
    const { count, data, error } = await fixture.anon
      .from('blogs')
      .select('*', { count: 'exact', head: true })
      .eq('type', 'case study')
    expect(error).toBeNull()
    expect(data).toBeNull()
    expect(count).toBe(2)
  })

  it('searches title or content case-insensitively with or + ilike', async () => {
    const { data, error } = await fixture.anon
      .from('blogs')
      .select('slug')
      .or('title.ilike.%RETENTION%,content.ilike.%retention is not perks%')
    expect(error).toBeNull()
    expect(data!.map((p) => p.slug)).toEqual(['retention-is-a-product-keeping-engineers-for-years'])

    const both = await fixture.anon
      .from('blogs')
      .select('slug')
      .or('title.ilike.*case study*,content.ilike.*TALENT BOT model*')
      .eq('type', 'case study')
    expect(both.data!.map((p) => p.slug).sort()).toEqual([
      'case-study-fintech-platform-team-in-4-weeks',
      'case-study-health-tech-dedicated-company',
    ])
  })

  it('combines several orderings with nulls placement', async () => {
    const { data, error } = await fixture.anon
      .from('blogs')
      .select('type,created_at')
      .order('type', { ascending: true })
      .order('created_at', { ascending: false, nullsFirst: false })
    expect(error).toBeNull()
    const keys = data!.map((p) => `${p.type}|${p.created_at}`)
    const sorted = [...data!].sort((a, b) =>
      a.type === b.type ? (a.created_at < b.created_at ? 1 : -1) : a.type < b.type ? -1 : 1,
    )
    expect(keys).toEqual(sorted.map((p) => `${p.type}|${p.created_at}`))
  })

  it('renames columns with alias:column', async () => {
    const { data } = await fixture.anon
      .from('blogs')
      .select('name:title')
      .eq('slug', 'case-study-health-tech-dedicated-company')
      .single()
    expect(data).toEqual({
      name: 'Case Study: From One Engineer to a Dedicated Company for a Health-tech Startup',
    })
  })
})

describe('filters', () => {
  const slugs = async (q: PromiseLike<{ data: { slug: string }[] | null; error: unknown }>) => {
    const { data, error } = await q
    expect(error).toBeNull()
    return data!.map((r) => r.slug).sort()
  }
  const all = () => fixture.anon.from('blogs').select('slug')
  const fintech = 'case-study-fintech-platform-team-in-4-weeks'
  const guide = 'founders-guide-to-setting-up-a-gcc-in-india'

  it('eq and neq', async () => {
    expect(await slugs(all().eq('slug', fintech))).toEqual([fintech])
    expect(await slugs(all().neq('slug', fintech))).toHaveLength(seededPublished - 1)
  })

  it('gt, gte, lt, lte on timestamps', async () => {
    expect(await slugs(all().lt('created_at', '2026-05-01'))).toEqual([guide])
    expect(await slugs(all().lte('created_at', '2026-05-20T10:00:00+00:00'))).toEqual([fintech, guide])
    expect(await slugs(all().gt('created_at', '2026-09-02T08:00:00Z'))).toEqual([
      'playbook-onboarding-your-india-team-in-30-days',
    ])
    expect(await slugs(all().gte('created_at', '2026-09-02T08:00:00Z'))).toHaveLength(2)
  })

  it('like (case-sensitive) and ilike', async () => {
    expect(await slugs(all().like('title', '%Founder%'))).toEqual([guide])
    expect(await slugs(all().like('title', '%founder%'))).toEqual([])
    expect(await slugs(all().ilike('title', '%founder%'))).toEqual([guide])
  })

  it('is null / not is null', async () => {
    // Every published sample post has a cover (only the draft has none, and visitors do not see it).
    expect(await slugs(all().is('cover_image_url', null))).toEqual([])
    expect(await slugs(all().not('cover_image_url', 'is', null))).toHaveLength(seededPublished)
    expect(await slugs(all().not('excerpt', 'is', null))).toHaveLength(seededPublished)
  })

  it('in, with quoted values containing commas', async () => {
    expect(await slugs(all().in('slug', [fintech, guide, 'missing']))).toEqual([fintech, guide])
    expect(await slugs(all().in('type', ['case study', 'a,b']))).toHaveLength(2)
  })

  it('cs (contains) and cd (contained by) on tags', async () => {
    expect(await slugs(all().contains('tags', ['fintech']))).toEqual([fintech])
    expect(await slugs(all().contains('tags', ['ebook', 'guide']))).toEqual([guide])
    expect(await slugs(all().containedBy('tags', ['ebook', 'guide', 'gcc', 'extra']))).toEqual([guide])
  })

  it('not. prefix on any operator', async () => {
    expect(await slugs(all().not('type', 'eq', 'blog').not('type', 'eq', 'ebook'))).toHaveLength(2)
    expect(await slugs(all().not('slug', 'in', `(${fintech},${guide})`))).toHaveLength(seededPublished - 2)
  })

  it('nested and/or trees', async () => {
    const rows = await slugs(all().or(`and(type.eq.ebook,tags.cs.{guide}),slug.eq.${fintech}`))
    expect(rows).toEqual([fintech, guide])
  })

  it('treats injection-looking values as plain values', async () => {
    for (const value of ["'; drop table blogs; --", ') or 1=1', "' or '1'='1", 'x"; select 1; --']) {
      const { data, error } = await fixture.anon.from('blogs').select('slug').eq('slug', value)
      expect(error).toBeNull()
      expect(data).toEqual([])
      const search = await fixture.anon
        .from('blogs')
        .select('slug')
        .or(`title.ilike.%${value}%,content.ilike.%${value}%`)
      expect(search.status).toBeLessThan(500)
    }
    expect(await fixture.blogCount()).toBe(seededPublished + 1)
  })
})

describe('writing posts', () => {
  it('upserts on slug without and with .select(), updating the existing row', async () => {
    const first = await fixture.editor
      .from('blogs')
      .upsert({ title: 'Upsert one', slug: 'upsert-one', author: 'Ana', tags: ['a'] }, { onConflict: 'slug' })
    expect(first.error).toBeNull()
    expect(first.status).toBe(201)
    expect(first.data).toBeNull()

    const second = await fixture.editor
      .from('blogs')
      .upsert(
        {
          title: 'Upsert one, revised',
          slug: 'upsert-one',
          author: 'Ana',
          tags: ['a', 'b'],
          content: '<p>Hi</p>',
        },
        { onConflict: 'slug' },
      )
      .select()
      .single()
    expect(second.error).toBeNull()
    // PostgREST answers 200 when an upsert only updated existing rows.
    expect(second.status).toBe(200)
    expect(second.data).toMatchObject({
      title: 'Upsert one, revised',
      slug: 'upsert-one',
      tags: ['a', 'b'],
      type: 'blog',
      status: 'published',
    })

    const rows = await fixture.service.from('blogs').select('title').eq('slug', 'upsert-one')
    expect(rows.data).toEqual([{ title: 'Upsert one, revised' }])
  })

  it('sets updated_at on update and keeps created_at', async () => {
    const before = await fixture.service
      .from('blogs')
      .select('created_at,updated_at')
      .eq('slug', 'upsert-one')
      .single()
    await new Promise((r) => setTimeout(r, 10))
    const after = await fixture.editor
      .from('blogs')
      .update({ excerpt: 'New excerpt' })
      .eq('slug', 'upsert-one')
      .select('created_at,updated_at,excerpt')
      .single()
    expect(after.error).toBeNull()
    expect(after.data!.excerpt).toBe('New excerpt')
    expect(after.data!.created_at).toBe(before.data!.created_at)
    expect(after.data!.updated_at > before.data!.updated_at).toBe(true)
  })

  it('ignores duplicates when asked to', async () => {
    const { error, status } = await fixture.editor
      .from('blogs')
      .upsert(
        { title: 'Should not win', slug: 'upsert-one', author: 'Bo' },
        { onConflict: 'slug', ignoreDuplicates: true },
      )
    expect(error).toBeNull()
    expect(status).toBe(201)
    const row = await fixture.service.from('blogs').select('title').eq('slug', 'upsert-one').single()
    expect(row.data!.title).toBe('Upsert one, revised')
  })

  it('inserts an array of posts with the columns parameter', async () => {
    const { data, error } = await fixture.editor
      .from('blogs')
      .insert([
        { title: 'Batch A', slug: 'batch-a', author: 'Ana', type: 'ebook' },
        { title: 'Batch B', slug: 'batch-b', author: 'Bo', type: 'case study' },
      ])
      .select('slug,type')
    expect(error).toBeNull()
    expect(data).toEqual([
      { slug: 'batch-a', type: 'ebook' },
      { slug: 'batch-b', type: 'case study' },
    ])
  })

  it('fills missing keys with column defaults when asked (defaultToNull: false), with NULL otherwise', async () => {
    const withDefaults = await fixture.editor
      .from('blogs')
      .insert(
        [
          { title: 'Defaults A', slug: 'defaults-a', author: 'Ana', type: 'ebook', tags: ['x'] },
          { title: 'Defaults B', slug: 'defaults-b', author: 'Bo' },
        ],
        { defaultToNull: false },
      )
      .select('slug,type,tags,status')
    expect(withDefaults.error).toBeNull()
    expect(withDefaults.data).toEqual([
      { slug: 'defaults-a', type: 'ebook', tags: ['x'], status: 'published' },
      { slug: 'defaults-b', type: 'blog', tags: [], status: 'published' },
    ])

    const withNulls = await fixture.editor.from('blogs').insert([
      { title: 'Nulls A', slug: 'nulls-a', author: 'Ana', type: 'ebook' },
      { title: 'Nulls B', slug: 'nulls-b', author: 'Bo' },
    ])
    expect(withNulls.status).toBe(400)
    expect(withNulls.error?.code).toBe('23502')
    const none = await fixture.service.from('blogs').select('slug').in('slug', ['nulls-a', 'nulls-b'])
    expect(none.data).toEqual([])
  })

  it('updates one post and returns it as a bare object; counts deleted rows', async () => {
    const updated = await fixture.editor
      .from('blogs')
      .update({ tags: ['one', 'two'] })
      .eq('slug', 'defaults-a')
      .select('slug,tags')
      .single()
    expect(updated.error).toBeNull()
    expect(updated.data).toEqual({ slug: 'defaults-a', tags: ['one', 'two'] })

    const deleted = await fixture.editor
      .from('blogs')
      .delete({ count: 'exact' })
      .in('slug', ['defaults-a', 'defaults-b'])
    expect(deleted.error).toBeNull()
    expect(deleted.count).toBe(2)
  })

  it('deletes by slug with 204 and the post is gone', async () => {
    const { error, status } = await fixture.editor.from('blogs').delete().eq('slug', 'batch-a')
    expect(error).toBeNull()
    expect(status).toBe(204)
    const gone = await fixture.service.from('blogs').select('slug').eq('slug', 'batch-a')
    expect(gone.data).toEqual([])
    const withRows = await fixture.editor.from('blogs').delete().eq('slug', 'batch-b').select('slug')
    expect(withRows.data).toEqual([{ slug: 'batch-b' }])
  })
})

describe('error mapping', () => {
  it('a duplicate slug is 409 23505', async () => {
    const { error, status } = await fixture.editor
      .from('blogs')
      .insert({ title: 'Dup', slug: 'upsert-one', author: 'A' })
    expect(status).toBe(409)
    expect(error).toMatchObject({ code: '23505' })
  })

  it('bad values are 400: check, not-null, invalid uuid, invalid type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Bad slug', slug: 'Not A Slug', author: 'A' }, '23514'],
      [{ title: 'Bad type', slug: 'bad-type', author: 'A', type: 'podcast' }, '23514'],
      [{ title: 'No author', slug: 'no-author' }, '23502'],
      [{ id: 'not-a-uuid', title: 'x', slug: 'bad-id', author: 'A' }, '22P02'],
      [{ title: 'x', slug: 'bad-date', author: 'A', created_at: 'yesterday-ish' }, '22007'],
    ]
    for (const [row, code] of cases) {
      const { error, status } = await fixture.editor.from('blogs').insert(row)
      expect({ status, code: error?.code }).toEqual({ status: 400, code })
    }
    // Too long for the slug's unique index: oversized input, not a server fault.
    const hugeSlug = Array.from(
      { length: 12_000 },
      () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)],
    ).join('')
    const huge = await fixture.editor
      .from('blogs')
      .insert({ title: 'Huge slug', slug: hugeSlug, author: 'A' })
    expect(huge.status).toBe(413)
    expect(huge.error?.code).toBe('54000')

    const filter = await fixture.anon.from('blogs').select('slug').eq('id', 'not-a-uuid')
    expect(filter.status).toBe(400)
    expect(filter.error?.code).toBe('22P02')
  })

  it('permission denied is 401 for visitors and 403 for signed-in callers', async () => {
    const visitor = await fixture.anon.from('blogs').insert({ title: 'Nope', slug: 'nope-anon', author: 'A' })
    expect(visitor.status).toBe(401)
    expect(visitor.error?.code).toBe('42501')
    const lead = await fixture.editor
      .from('leads')
      .insert({ name: 'N', email: 'n@example.com', phone: '1234567890', requirement: 'r', tech_stack: 't' })
    expect(lead.status).toBe(403)
    expect(lead.error?.code).toBe('42501')
  })

  it('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await fixture.anon.from('blog').select('*')
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.blog' in the schema cache",
    })
  })

  it('tables outside the public schema are not reachable', async () => {
    const res = await fixture.rest('users', { token: fixture.server.ctx.supabase.serviceRoleKey })
    expect(res.status).toBe(404)
    const profile = await fixture.rest('users', { headers: { 'accept-profile': 'auth' } })
    expect(profile.status).toBe(406)
    expect((await profile.json()).code).toBe('PGRST106')
  })

  it('an unknown column is 400 42703, in select, filter and order', async () => {
    await expectRefused(
      ['blogs?select=nope', 'blogs?nope=eq.1', 'blogs?order=nope.desc', 'blogs?or=(nope.eq.1,slug.eq.x)'],
      '42703',
    )
    const write = await fixture.editor
      .from('blogs')
      .insert({ title: 'x', slug: 'x-col', author: 'A', nope: 1 })
    expect(write.status).toBe(400)
    expect(write.error?.code).toBe('PGRST204')
  })

  it('malformed filters are 400 PGRST100, never 500', async () => {
    await expectRefused(
      [
        'blogs?slug=zz.1',
        'blogs?slug=eq',
        'blogs?or=(slug.eq.1',
        'blogs?limit=-1',
        'blogs?slug=is.maybe',
        'blogs?slug=in.1,2',
        'blogs?select=title,author!(name)',
      ],
      'PGRST100',
    )
  })

  it('embedding a column that is no foreign key is 400 PGRST200', async () => {
    const res = await fixture.rest('blogs?select=author(name)')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'blogs' and 'author' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'blogs' and 'author' in the schema cache",
    })
  })

  it('malformed JSON is 400 PGRST102 and changes nothing', async () => {
    const before = await fixture.blogCount()
    for (const body of ['{"title": "x",', '', 'null', '[1, 2]', '"text"']) {
      const res = await fixture.rest('blogs', {
        method: 'POST',
        token: fixture.server.ctx.supabase.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect({ body, status: res.status }).toEqual({ body, status: 400 })
      expect((await res.json()).code).toBe('PGRST102')
    }
    expect(await fixture.blogCount()).toBe(before)
  })

  it('a body over the limit is 413 with a JSON error and changes nothing', async () => {
    const before = await fixture.blogCount()
    const content = 'x'.repeat(bodyLimits.rest + 1024)
    const res = await fixture.rest('blogs', {
      method: 'POST',
      token: fixture.server.ctx.supabase.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Huge', slug: 'huge', author: 'A', content }),
    })
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(/larger than/)
    expect(await fixture.blogCount()).toBe(before)
  })

  it('unsupported methods are 405 in PostgREST shape', async () => {
    const res = await fixture.rest('blogs', { method: 'PUT', body: '{}' })
    expect(res.status).toBe(405)
    expect((await res.json()).code).toBe('PGRST117')
  })
})

describe('concurrency', () => {
  it('keeps concurrent requests apart: failures roll back alone, successes all land', async () => {
    const before = await fixture.blogCount()
    const requests = Array.from({ length: 30 }, (_, i) => {
      if (i % 3 === 0)
        return fixture.editor
          .from('blogs')
          .insert({ title: `Concurrent ${i}`, slug: `concurrent-${i}`, author: 'C' })
      if (i % 3 === 1)
        return fixture.editor.from('blogs').insert({ title: 'Duplicate', slug: 'upsert-one', author: 'C' })
      return fixture.anon.from('blogs').select('slug').eq('type', 'ebook')
    })
    const results = await Promise.all(requests)
    results.forEach((result, i) => {
      const expected = i % 3 === 0 ? 201 : i % 3 === 1 ? 409 : 200
      expect({ i, status: result.status }).toEqual({ i, status: expected })
    })
    expect(await fixture.blogCount()).toBe(before + 10)
    await fixture.service.from('blogs').delete().like('slug', 'concurrent-%')
  })
})
