import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPost, getPostBySlug, updatePost } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { ogImageUrl } from '../../server/web/og-image.ts'
import { startHostedTestServer, startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { parseXml, texts } from '../support/xml.ts'

const root = path.resolve(import.meta.dirname, '../..')
const fintech = 'case-study-fintech-platform-team-in-4-weeks'
const draft = 'employer-of-record-vs-your-own-subsidiary'
const seededPublished = 7

let server: TestServer
let siteDir: string
let editor: SupabaseClient
let service: SupabaseClient

async function feed() {
  const res = await fetch(`${server.url}/rss.xml`)
  const body = await res.text()
  return { res, body, doc: parseXml(body) }
}

async function sitemap() {
  const res = await fetch(`${server.url}/sitemap.xml`)
  const body = await res.text()
  return { res, body, doc: parseXml(body) }
}

beforeAll(async () => {
  // A stand-in for the built site: the sample covers, the sitemap's marketing routes and a 404 page.
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
  mkdirSync(path.join(siteDir, 'covers'))
  copyFileSync(
    path.join(root, `site/public/covers/${fintech}.webp`),
    path.join(siteDir, `covers/${fintech}.webp`),
  )
  writeFileSync(path.join(siteDir, 'sitemap-routes.json'), JSON.stringify(['/', '/solutions', '/contact']))
  writeFileSync(path.join(siteDir, '404.html'), '<!doctype html><title>Page not found</title>')
  server = await startTestServer({ SITE_DIR: siteDir })
  const { url, anonKey, serviceRoleKey } = server.ctx.supabase
  const options = { persistSession: false, autoRefreshToken: false }
  editor = createNodeSupabaseClient(url, anonKey, options)
  service = createNodeSupabaseClient(url, serviceRoleKey, options)
  const { error } = await editor.auth.signInWithPassword(testEditor)
  expect(error).toBeNull()
})

afterAll(async () => {
  await server?.stop()
  rmSync(siteDir, { recursive: true, force: true })
})

describe('Open Graph images (/og/post/<slug>.png)', () => {
  it('draws a 1200×630 PNG for a published post with its cover, cached until the post changes', async () => {
    const url = ogImageUrl(server.url, fintech)
    expect(url).toBe(`${server.url}/og/post/${fintech}.png`)
    let started = performance.now()
    const res = await fetch(url)
    const firstMs = performance.now() - started
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60')
    const png = Buffer.from(await res.arrayBuffer())
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])

    started = performance.now()
    const again = await fetch(url)
    const cachedMs = performance.now() - started
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true)
    const etag = res.headers.get('etag')!
    expect(again.headers.get('etag')).toBe(etag)
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    console.log(
      `OG image ${png.length} B: drawn in ${firstMs.toFixed(0)} ms, cached ${cachedMs.toFixed(0)} ms`,
    )

    // An edit makes a new image.
    const post = (await getPostBySlug(editor, fintech))!
    await updatePost(editor, { ...post, title: `${post.title} (updated)` } as never, post)
    const changed = await fetch(url)
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('draws posts without a cover too', async () => {
    await createPost(editor, {
      title: 'No cover here',
      slug: 'og-no-cover',
      author: 'A',
      content: '<p>x</p>',
    })
    const res = await fetch(`${server.url}/og/post/og-no-cover.png`)
    expect(res.status).toBe(200)
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200)
  })

  it('answers 404 for a draft, an unknown slug and a malformed name', async () => {
    for (const name of [
      `${draft}.png`,
      'no-such-post.png',
      `${fintech}.jpg`,
      'Bad_Slug.png',
      '..%2f..%2fx.png',
    ]) {
      const res = await fetch(`${server.url}/og/post/${name}`)
      expect(res.status, name).toBe(404)
    }
  })
})

describe('RSS feed and sitemap', () => {
  it('the feed lists the published posts, newest first, never a draft', async () => {
    const { res, doc } = await feed()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60')
    const links = texts(doc, 'link').slice(1)
    expect(links.length).toBeGreaterThanOrEqual(seededPublished)
    expect(links.length).toBeLessThanOrEqual(20)
    expect(links.some((l) => l.endsWith(`/post/${draft}`))).toBe(false)
    const dates = texts(doc, 'pubDate').map((d) => Date.parse(d))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(texts(doc, 'content:encoded').join('')).toContain('<h2>')
  })

  it('the sitemap lists marketing routes and every published post with lastmod, never a draft', async () => {
    const { res, doc } = await sitemap()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const locs = texts(doc, 'loc')
    const base = server.ctx.publicUrl
    expect(locs.slice(0, 3)).toEqual([`${base}/`, `${base}/solutions`, `${base}/contact`])
    expect(locs).toContain(`${base}/post/${fintech}`)
    expect(locs.some((l) => l.endsWith(`/post/${draft}`))).toBe(false)
    expect(texts(doc, 'lastmod').length).toBe(locs.length - 3)
  })

  it('both change right after a publish, with a new ETag; an unchanged document revalidates with 304', async () => {
    const before = await feed()
    const etag = before.res.headers.get('etag')!
    expect((await fetch(`${server.url}/rss.xml`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    const sitemapBefore = await sitemap()

    await createPost(editor, {
      title: 'Fresh & <new> post',
      slug: 'fresh-post',
      author: 'A',
      content: '<p>Fresh ]]> body</p>',
      status: 'draft',
    })
    expect((await feed()).body).not.toContain('fresh-post')
    expect((await sitemap()).body).not.toContain('fresh-post')

    const stored = (await getPostBySlug(editor, 'fresh-post'))!
    await updatePost(editor, { ...stored, status: 'published' } as never, stored)
    const after = await feed()
    expect(after.res.headers.get('etag')).not.toBe(etag)
    expect(texts(after.doc, 'title')[1]).toBe('Fresh & <new> post')
    expect(texts(after.doc, 'content:encoded')[0]).toBe('<p>Fresh ]]&gt; body</p>')
    const sitemapAfter = await sitemap()
    expect(sitemapAfter.res.headers.get('etag')).not.toBe(sitemapBefore.res.headers.get('etag'))
    expect(texts(sitemapAfter.doc, 'loc')).toContain(`${server.ctx.publicUrl}/post/fresh-post`)
  })

  it('a scheduled post is in the feed, the sitemap and has an image once it is due, not before', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString()
    const scheduled = (slug: string, publishAt: string) =>
      createPost(editor, {
        title: `Scheduled ${slug}`,
        slug,
        author: 'A',
        content: '<p>x</p>',
        status: 'scheduled',
        publish_at: publishAt,
      })
    await scheduled('scheduled-due', at(-60_000))
    await scheduled('scheduled-later', at(3_600_000))
    const rss = (await feed()).body
    const map = (await sitemap()).body
    expect(rss).toContain('/post/scheduled-due<')
    expect(map).toContain('/post/scheduled-due<')
    expect(rss).not.toContain('scheduled-later')
    expect(map).not.toContain('scheduled-later')
    expect((await fetch(`${server.url}/og/post/scheduled-due.png`)).status).toBe(200)
    expect((await fetch(`${server.url}/og/post/scheduled-later.png`)).status).toBe(404)
  })

  it('a server in hosted mode serves the same feed, sitemap and images from the configured project', async () => {
    const hosted = await startHostedTestServer(server, { SITE_DIR: siteDir })
    try {
      const local = texts((await feed()).doc, 'title').slice(1)
      const rss = await fetch(`${hosted.url}/rss.xml`)
      expect(texts(parseXml(await rss.text()), 'title').slice(1)).toEqual(local)
      const map = await (await fetch(`${hosted.url}/sitemap.xml`)).text()
      expect(map).toContain(`/post/${fintech}<`)
      expect(map).not.toContain(`/post/${draft}<`)
      const og = await fetch(`${hosted.url}/og/post/${fintech}.png`)
      expect(og.status).toBe(200)
      expect((await sharp(Buffer.from(await og.arrayBuffer())).metadata()).height).toBe(630)
      expect((await fetch(`${hosted.url}/og/post/${draft}.png`)).status).toBe(404)
    } finally {
      await hosted.stop()
    }
  })

  it('the sitemap reads every post in pages: 10,000 posts', async () => {
    const existing = texts((await sitemap()).doc, 'loc').length
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      title: `Bulk post ${i}`,
      slug: `bulk-post-${String(i).padStart(5, '0')}`,
      author: 'Bulk',
      content: '<p>x</p>',
      status: i % 10 === 0 ? 'draft' : 'published',
    }))
    for (let i = 0; i < rows.length; i += 2000) {
      const { error } = await service.from('blogs').insert(rows.slice(i, i + 2000))
      expect(error).toBeNull()
    }
    const started = performance.now()
    const { doc, body } = await sitemap()
    const ms = performance.now() - started
    const locs = texts(doc, 'loc')
    expect(locs.length).toBe(existing + 9_000)
    expect(body).not.toContain('bulk-post-00000<')
    expect(body).toContain('bulk-post-09999<')
    console.log(`sitemap with ${locs.length} URLs (${body.length} B) in ${ms.toFixed(0)} ms`)
  }, 120_000)
})
