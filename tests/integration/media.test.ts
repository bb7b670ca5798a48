import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadBlogImageAt } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { variantSourceOf, variantUrl } from '../../shared/lib/image-variants.ts'
import { startHostedTestServer, startTestServer, testEditor, type TestServer } from '../support/server.ts'

let server: TestServer
let siteDir: string
let editor: SupabaseClient
let photo: Buffer
let photoUrl: string

const avifFirst = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

/** A 2000×1125 photo-like JPEG (gradients and noise, so encoders have work to do). */
async function makePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1125">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
    <filter id="n"><feTurbulence baseFrequency="0.9" numOctaves="2"/><feColorMatrix type="saturate" values="0"/><feBlend in="SourceGraphic" mode="multiply"/></filter></defs>
    <rect width="2000" height="1125" fill="url(#g)" filter="url(#n)"/><circle cx="1400" cy="500" r="300" fill="#fff" opacity="0.4"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const started = performance.now()
  const res = await fetch(`${server.url}${pathname}`, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body, ms: performance.now() - started }
}

beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
  mkdirSync(path.join(siteDir, 'covers'), { recursive: true })
  writeFileSync(path.join(siteDir, '404.html'), '<!doctype html><title>Page not found</title>')
  server = await startTestServer({ SITE_DIR: siteDir })
  const { url, anonKey } = server.ctx.supabase
  editor = createNodeSupabaseClient(url, anonKey, { persistSession: false, autoRefreshToken: false })
  const { error } = await editor.auth.signInWithPassword(testEditor)
  expect(error).toBeNull()
  photo = await makePhoto()
  photoUrl = await uploadBlogImageAt(editor, 'blog-covers/1700000000000.jpg', photo, 'image/jpeg')
  writeFileSync(
    path.join(siteDir, 'covers', 'sample-cover.webp'),
    await sharp(photo).resize(1600).webp({ quality: 70 }).toBuffer(),
  )
})

afterAll(async () => {
  await server?.stop()
  rmSync(siteDir, { recursive: true, force: true })
})

describe('cover variants (/media)', () => {
  it('resizes a bucket object to the asked width, in the format the browser accepts, from the disk cache the second time', async () => {
    const source = variantSourceOf(photoUrl)
    expect(source).toEqual({ kind: 'images', path: 'blog-covers/1700000000000.jpg', version: null })
    const url = variantUrl(source!, 640)

    const first = await get(url, { Accept: avifFirst })
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('content-type')).toBe('image/avif')
    expect(first.res.headers.get('vary')).toContain('Accept')
    expect(first.res.headers.get('x-media-cache')).toBe('miss')
    const meta = await sharp(first.body).metadata()
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(360)

    const second = await get(url, { Accept: avifFirst })
    expect(second.res.headers.get('x-media-cache')).toBe('hit')
    expect(second.body.equals(first.body)).toBe(true)
    expect(second.res.headers.get('etag')).toBe(first.res.headers.get('etag'))
    console.log(
      `640w AVIF ${first.body.length} B: first request ${first.ms.toFixed(0)} ms, cached ${second.ms.toFixed(0)} ms`,
    )

    // The variant files live under DATA_DIR/media-cache.
    const cacheDir = path.join(server.dataDir, 'media-cache')
    expect(readdirSync(cacheDir, { recursive: true }).some((f) => String(f).endsWith('.avif'))).toBe(true)
  })

  it('negotiates WebP and JPEG from Accept, and honours an explicit format', async () => {
    const url = '/media/images/blog-covers/1700000000000.jpg?width=640'
    const webp = await get(url, { Accept: 'image/webp,*/*' })
    expect(webp.res.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(webp.body).metadata()).format).toBe('webp')
    const webpCached = await get(url, { Accept: 'image/webp,*/*' })
    console.log(
      `640w WebP ${webp.body.length} B (original JPEG ${photo.length} B): first ${webp.ms.toFixed(0)} ms, cached ${webpCached.ms.toFixed(0)} ms`,
    )

    const jpeg = await get(url, { Accept: '*/*' })
    expect(jpeg.res.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(jpeg.body).metadata()).format).toBe('jpeg')

    const png = await get(`${url}&format=png`, { Accept: avifFirst })
    expect(png.res.headers.get('content-type')).toBe('image/png')
    expect((await sharp(png.body).metadata()).width).toBe(640)
  })

  it('never enlarges: a width beyond the original gives the original width', async () => {
    const small = await sharp(photo).resize(800).jpeg().toBuffer()
    await uploadBlogImageAt(editor, 'blog-covers/1700000000001.jpg', small, 'image/jpeg')
    const { res, body } = await get('/media/images/blog-covers/1700000000001.jpg?width=1600&format=webp')
    expect(res.status).toBe(200)
    expect((await sharp(body).metadata()).width).toBe(800)
  })

  it('caches for a year only when the URL carries the original version', async () => {
    const md5 = createHash('md5').update(photo).digest('hex')
    const base = '/media/images/blog-covers/1700000000000.jpg?width=320&format=webp'
    const versioned = await get(`${base}&v=${md5.slice(0, 10)}`)
    expect(versioned.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const stale = await get(`${base}&v=0123456789`)
    expect(stale.res.status).toBe(200)
    expect(stale.res.headers.get('cache-control')).toBe('public, max-age=3600')
    const plain = await get(base)
    expect(plain.res.headers.get('cache-control')).toBe('public, max-age=3600')

    const etag = plain.res.headers.get('etag')!
    const revalidated = await get(base, { 'If-None-Match': etag })
    expect(revalidated.res.status).toBe(304)
  })

  it('makes new variants when the original is replaced', async () => {
    const key = 'blog-covers/1700000000002.jpg'
    await uploadBlogImageAt(editor, key, await sharp(photo).resize(1000).jpeg().toBuffer(), 'image/jpeg')
    const before = await get(`/media/images/${key}?width=1600&format=webp`)
    expect((await sharp(before.body).metadata()).width).toBe(1000)
    await uploadBlogImageAt(editor, key, await sharp(photo).resize(900).jpeg().toBuffer(), 'image/jpeg', {
      upsert: true,
    })
    const after = await get(`/media/images/${key}?width=1600&format=webp`)
    expect((await sharp(after.body).metadata()).width).toBe(900)
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'))
  })

  it('serves variants of the covers shipped with the site', async () => {
    const source = variantSourceOf('/covers/sample-cover.webp')
    const { res, body } = await get(variantUrl(source!, 480), { Accept: 'image/webp' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(body).metadata()).width).toBe(480)
  })

  it('refuses bad parameters with 400', async () => {
    const base = '/media/images/blog-covers/1700000000000.jpg'
    for (const query of [
      'width=641',
      'width=abc',
      'width=-320',
      'width=',
      'quality=5',
      'quality=101',
      'quality=7.5',
      'quality=73',
      'format=gif',
      'format=svg',
      'v=xyz',
    ]) {
      const { res, body } = await get(`${base}?${query}`)
      expect(res.status, query).toBe(400)
      expect(JSON.parse(body.toString()).message, query).toMatch(/^Invalid (width|quality|format|v): /)
    }
  })

  it('answers 404 for a missing object or cover', async () => {
    for (const url of [
      '/media/images/blog-covers/does-not-exist.jpg?width=640',
      '/media/covers/does-not-exist.webp?width=640',
      '/media/videos/clip.mp4',
    ]) {
      const { res } = await get(url)
      expect(res.status, url).toBe(404)
    }
  })

  it('is not an open proxy: only the images bucket and the site covers, never another address', async () => {
    for (const url of [
      '/media/images/https://example.com/a.jpg?width=640',
      '/media/images//etc/passwd',
      '/media/images/%2e%2e/%2e%2e/secrets.json',
      '/media/covers/..%2f..%2fsecrets.json',
      '/media/covers/sub/dir.webp',
      '/media/covers/index.html',
    ]) {
      const { res } = await get(url)
      expect([400, 404], url).toContain(res.status)
    }
    // An address on another host is not a variant source at all: shown as it is.
    expect(
      variantSourceOf('https://example.com/storage/v1/object/public/images/a.jpg', {
        storageUrl: server.ctx.supabase.url,
      }),
    ).toBeNull()
  })

  it('answers 422, never 5xx, for an object that is not a usable image', async () => {
    // A PNG signature followed by garbage passes the upload's sniffing but cannot be decoded.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png'.repeat(10)),
    ])
    await uploadBlogImageAt(editor, 'blog-covers/1700000000003.png', broken, 'image/png')
    const { res } = await get('/media/images/blog-covers/1700000000003.png?width=640')
    expect(res.status).toBe(422)
  })

  it('never answers 5xx to generated requests (paths, parameters, Accept), fixed seed', async () => {
    const text = fc.oneof(
      fc.constantFrom(
        '',
        '640',
        '320',
        '0',
        '-1',
        '1e3',
        '640.0',
        'webp',
        'avif',
        'gif',
        '..',
        '%00',
        'ffffffff',
      ),
      fc.string({ maxLength: 12 }),
    )
    const segment = fc.oneof(
      fc.constantFrom(
        'images',
        'covers',
        'blog-covers',
        '1700000000000.jpg',
        'sample-cover.webp',
        '..',
        '.',
        '%2e%2e',
        '',
      ),
      fc.string({ maxLength: 10 }).map(encodeURIComponent),
    )
    const request = fc.record({
      kind: fc.constantFrom('images', 'covers', 'other', ''),
      path: fc.array(segment, { minLength: 0, maxLength: 3 }),
      query: fc.array(fc.tuple(fc.constantFrom('width', 'quality', 'format', 'v', 'x'), text), {
        maxLength: 4,
      }),
      accept: fc.constantFrom('', 'image/avif', 'image/webp;q=0', '*/*', 'text/html', 'image/*,;;;'),
    })
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, path: segments, query, accept }) => {
        const search = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')
        const url = `${server.url}/media/${kind}/${segments.join('/')}?${search}`
        const res = await fetch(url, { headers: accept ? { Accept: accept } : {} })
        await res.arrayBuffer()
        expect(res.status, url).toBeLessThan(500)
      }),
      { numRuns: 200, seed: 21 },
    )
  })

  it('works the same in hosted mode: the original comes from the configured Supabase project', async () => {
    // A second server in hosted mode against the first one's backend, as against a hosted project.
    const hosted = await startHostedTestServer(server, { SITE_DIR: siteDir })
    try {
      expect(hosted.ctx.localSupabase).toBeNull()
      const res = await fetch(`${hosted.url}/media/images/blog-covers/1700000000000.jpg?width=480`, {
        headers: { Accept: 'image/webp' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(480)
      expect((await fetch(`${hosted.url}/media/images/blog-covers/missing.jpg?width=480`)).status).toBe(404)
      // The hosted server keeps its own cache.
      expect(
        readdirSync(path.join(hosted.dataDir, 'media-cache'), { recursive: true }).length,
      ).toBeGreaterThan(0)
    } finally {
      await hosted.stop()
    }
  })
})
