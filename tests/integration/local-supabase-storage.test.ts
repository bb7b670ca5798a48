import { existsSync, readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertPasswordUser } from '../../server/local-supabase/auth/users.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { clientsOf } from '../support/clients.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

let server: TestServer
let anon: SupabaseClient
let editor: SupabaseClient
let reader: SupabaseClient // signed in, not an editor
let service: SupabaseClient
let editorToken: string

const reporter = { email: 'reporter@meridian.example', password: 'reporter-password-1' }

let counter = 0
/** A fresh object key per test, shaped like the admin's `blog-covers/{timestamp}.{ext}`. */
const coverKey = (ext = 'png') => `blog-covers/${Date.now()}${++counter}.${ext}`

const png = (colour = '#1d4ed8') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: colour } })
    .png()
    .toBuffer()
const jpeg = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer()

const storageDir = () => path.join(server.dataDir, 'storage')
const fileOnDisk = (key: string) => path.join(storageDir(), 'images', ...key.split('/'))
const publicUrl = (key: string) => editor.storage.from('images').getPublicUrl(key).data.publicUrl

/** All files under DATA_DIR/storage, for "nothing was written" checks. */
function storedFiles(dir = storageDir()): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

/** An HTTP request with the target sent byte for byte (fetch would normalise `..` before sending). */
function rawRequest(method: string, target: string, body?: Buffer, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

beforeAll(async () => {
  server = await startTestServer()
  await upsertPasswordUser(server.ctx.localSupabase!.db, reporter.email, reporter.password)
  ;({ anon, service, editor, accessToken: editorToken } = await clientsOf(server))
  ;({ editor: reader } = await clientsOf(server, reporter))
}, 180_000) // the server's first start creates a database: slow on a busy machine

afterAll(async () => {
  await server?.stop()
})

describe('embedded Storage through supabase-js', () => {
  it('uploads a Blob (multipart) and serves the same bytes and type at its public URL', async () => {
    const bytes = await png()
    const key = coverKey()
    const { data, error } = await editor.storage
      .from('images')
      .upload(key, new Blob([bytes], { type: 'image/png' }))
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: key, fullPath: `images/${key}` })
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(readFileSync(fileOnDisk(key)).equals(bytes)).toBe(true)

    const url = publicUrl(key)
    expect(url).toBe(`${server.url}/storage/v1/object/public/images/${key}`)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)

    const again = await fetch(url, { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)

    const asDownload = await fetch(
      editor.storage.from('images').getPublicUrl(key, { download: 'cover.png' }).data.publicUrl,
    )
    expect(asDownload.headers.get('content-disposition')).toMatch(/^attachment; filename="cover\.png"/)
  })

  it('uploads a Buffer as a raw body and keeps its cacheControl', async () => {
    const bytes = await jpeg()
    const key = coverKey('jpg')
    const { error } = await editor.storage
      .from('images')
      .upload(key, bytes, { contentType: 'image/jpeg', cacheControl: '60' })
    expect(error).toBeNull()
    const res = await fetch(publicUrl(key))
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('max-age=60')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('stores the type the bytes really have, whatever the client declared', async () => {
    const key = coverKey('png')
    expect(
      (await editor.storage.from('images').upload(key, await jpeg(), { contentType: 'image/png' })).error,
    ).toBeNull()
    expect((await fetch(publicUrl(key))).headers.get('content-type')).toBe('image/jpeg')
  })

  it('refuses an existing path without x-upsert (409) and overwrites it with upsert', async () => {
    const key = coverKey()
    const first = await png('#000000')
    const second = await png('#ffffff')
    expect(
      (await editor.storage.from('images').upload(key, first, { contentType: 'image/png' })).error,
    ).toBeNull()
    const duplicate = await editor.storage.from('images').upload(key, second, { contentType: 'image/png' })
    expect(duplicate.error).toMatchObject({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    })
    expect(Buffer.from(await (await fetch(publicUrl(key))).arrayBuffer()).equals(first)).toBe(true)

    expect(
      (await editor.storage.from('images').upload(key, second, { contentType: 'image/png', upsert: true }))
        .error,
    ).toBeNull()
    expect(Buffer.from(await (await fetch(publicUrl(key))).arrayBuffer()).equals(second)).toBe(true)

    const third = await jpeg()
    expect(
      (await editor.storage.from('images').update(key, third, { contentType: 'image/jpeg' })).error,
    ).toBeNull()
    expect(Buffer.from(await (await fetch(publicUrl(key))).arrayBuffer()).equals(third)).toBe(true)
  })

  it('answers 409, not 500, when a key would need a file to also be a folder', async () => {
    const key = coverKey()
    expect(
      (await editor.storage.from('images').upload(key, await png(), { contentType: 'image/png' })).error,
    ).toBeNull()
    const nested = await editor.storage
      .from('images')
      .upload(`${key}/inner.png`, await png(), { contentType: 'image/png' })
    expect(nested.error).toMatchObject({ status: 409 })
    const rows = await server.ctx.localSupabase!.db.query('select 1 from storage.objects where name = $1', [
      `${key}/inner.png`,
    ])
    expect(rows.rows).toHaveLength(0)
  })

  it('lists a folder by name ascending with limit and offset, and shows sub-folders', async () => {
    const folder = `list-${Date.now()}`
    for (const name of ['b.png', 'a.png', 'c.png', 'nested/d.png']) {
      expect(
        (
          await editor.storage
            .from('images')
            .upload(`${folder}/${name}`, await png(), { contentType: 'image/png' })
        ).error,
      ).toBeNull()
    }
    const all = await anon.storage.from('images').list(folder)
    expect(all.error).toBeNull()
    expect(all.data!.map((e) => e.name)).toEqual(['nested', 'a.png', 'b.png', 'c.png'])
    const file = all.data!.find((e) => e.name === 'a.png')!
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(file.metadata).toMatchObject({
      mimetype: 'image/png',
      size: expect.any(Number),
      cacheControl: 'max-age=3600',
    })

    const page = await anon.storage.from('images').list(folder, { limit: 2, offset: 1 })
    expect(page.data!.map((e) => e.name)).toEqual(['a.png', 'b.png'])
    const desc = await anon.storage.from('images').list(folder, { sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data!.map((e) => e.name)).toEqual(['nested', 'c.png', 'b.png', 'a.png'])
    const root = await anon.storage.from('images').list()
    expect(root.data!.map((e) => e.name)).toContain(folder)
  })

  it('removes objects: the public URL answers 404 and the file is gone', async () => {
    const key = coverKey()
    await editor.storage.from('images').upload(key, await png(), { contentType: 'image/png' })
    expect((await editor.storage.from('images').exists(key)).data).toBe(true)
    const { data, error } = await editor.storage.from('images').remove([key])
    expect(error).toBeNull()
    expect(data!.map((o) => o.name)).toEqual([key])
    expect(existsSync(fileOnDisk(key))).toBe(false)
    expect((await editor.storage.from('images').exists(key)).data).toBe(false)
    const res = await fetch(publicUrl(key))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found' })
  })

  it('lists the images bucket with its limits', async () => {
    const { data, error } = await anon.storage.listBuckets()
    expect(error).toBeNull()
    expect(data).toContainEqual(
      expect.objectContaining({
        id: 'images',
        name: 'images',
        public: true,
        file_size_limit: 10 * 1024 * 1024,
      }),
    )
    expect(data!.find((b) => b.id === 'images')!.allowed_mime_types).not.toContain('image/svg+xml')
  })

  it('downloads through the authenticated route and with supabase-js download()', async () => {
    const bytes = await png('#10b981')
    const key = coverKey()
    await editor.storage.from('images').upload(key, bytes, { contentType: 'image/png' })
    const { data, error } = await reader.storage.from('images').download(key)
    expect(error).toBeNull()
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true)
    const res = await fetch(`${server.url}/storage/v1/object/authenticated/images/${key}`, {
      headers: { authorization: `Bearer ${editorToken}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const info = await anon.storage.from('images').info(key)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: key,
      bucketId: 'images',
      size: bytes.length,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
    })
  })
})

describe('storage refuses bad files', () => {
  it('refuses a text file declared as image/png (415) and writes nothing', async () => {
    const before = storedFiles()
    const key = coverKey()
    const { error } = await editor.storage
      .from('images')
      .upload(key, new Blob(['just some text, not a picture'], { type: 'image/png' }))
    expect(error).toMatchObject({ status: 415 })
    expect(error!.message).toMatch(/not an accepted image type/)
    const raw = await editor.storage
      .from('images')
      .upload(coverKey(), Buffer.from('<html><script>alert(1)</script></html>'), { contentType: 'image/png' })
    expect(raw.error).toMatchObject({ status: 415 })
    expect(storedFiles()).toEqual(before)
    expect((await fetch(publicUrl(key))).status).toBe(404)
  })

  it('never accepts SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const { error } = await editor.storage
      .from('images')
      .upload(coverKey('svg'), new Blob([svg], { type: 'image/svg+xml' }))
    expect(error).toMatchObject({ status: 415 })
    expect(error!.message).toMatch(/SVG/)
  })

  it('refuses a file over the bucket limit of 10 MiB with 413, and an oversized body too', async () => {
    const before = storedFiles()
    const header = await png()
    const justOver = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length)])
    const over = await editor.storage
      .from('images')
      .upload(coverKey(), new Blob([justOver], { type: 'image/png' }))
    expect(over.error).toMatchObject({ status: 413 })
    const huge = await editor.storage
      .from('images')
      .upload(coverKey(), Buffer.alloc(12 * 1024 * 1024, 1), { contentType: 'image/png' })
    expect(huge.error).toMatchObject({ status: 413 })
    expect(storedFiles()).toEqual(before)
  })

  it('answers 400 to every path-traversal variant and reads or writes nothing outside the storage folder', async () => {
    const secret = path.join(server.dataDir, 'secrets.json')
    const secretBefore = readFileSync(secret, 'utf8')
    const planted = path.join(server.dataDir, 'storage', 'planted.txt')
    const outside = path.join(server.dataDir, 'escaped.png')
    const filesBefore = storedFiles()
    const image = await png()
    const auth = { authorization: `Bearer ${editorToken}`, 'content-type': 'image/png' }
    const keys = [
      '../../secrets.json',
      '../../escaped.png',
      '../planted.txt',
      'blog-covers/../../../escaped.png',
      '%2e%2e/%2e%2e/secrets.json',
      '%2E%2E/%2E%2E/escaped.png',
      '%252e%252e/%252e%252e/secrets.json',
      '..%2f..%2fsecrets.json',
      '..%5c..%5csecrets.json',
      '/etc/passwd',
      '%2fetc%2fpasswd',
      'a.png%00.txt',
      'blog-covers//a.png',
      './a.png',
      '....//....//secrets.json',
    ]
    for (const key of keys) {
      const reads = [
        await rawRequest('GET', `/storage/v1/object/public/images/${key}`),
        await rawRequest('GET', `/storage/v1/object/authenticated/images/${key}`, undefined, auth),
        await rawRequest('GET', `/storage/v1/object/images/${key}`, undefined, auth),
      ]
      const writes = [
        await rawRequest('POST', `/storage/v1/object/images/${key}`, image, { ...auth, 'x-upsert': 'true' }),
        await rawRequest('PUT', `/storage/v1/object/images/${key}`, image, auth),
        await rawRequest('DELETE', `/storage/v1/object/images/${key}`, undefined, auth),
      ]
      for (const res of [...reads, ...writes]) {
        expect({ key, status: res.status }).toEqual({ key, status: 400 })
        expect(res.body).not.toContain('jwtSecret')
        expect(res.body).not.toContain('root:')
      }
    }
    // The absolute form of a request target is judged by its path too.
    expect(
      (await rawRequest('GET', `${server.url}/storage/v1/object/public/images/../../secrets.json`)).status,
    ).toBe(400)
    // A literal backslash never reaches a handler: the HTTP layer refuses it.
    expect((await rawRequest('GET', '/storage/v1/object/public/images/..\\..\\secrets.json')).status).toBe(
      400,
    )
    // Keys in JSON bodies (remove, list) are checked as strictly as keys in URLs.
    for (const prefixes of [['../../secrets.json'], ['/etc/passwd'], ['a/../../b.png']]) {
      const res = await fetch(`${server.url}/storage/v1/object/images`, {
        method: 'DELETE',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes }),
      })
      expect(res.status).toBe(400)
    }
    const list = await editor.storage.from('images').list('../..')
    expect(list.error).toMatchObject({ status: 400 })
    // supabase-js itself lets fetch normalise the path; the request must still fail and write nothing.
    expect(
      (await editor.storage.from('images').upload('../../escaped.png', image, { contentType: 'image/png' }))
        .error,
    ).not.toBeNull()

    expect(readFileSync(secret, 'utf8')).toBe(secretBefore)
    expect(existsSync(planted)).toBe(false)
    expect(existsSync(outside)).toBe(false)
    expect(storedFiles()).toEqual(filesBefore)
  })
})

describe('RLS matrix: storage objects in the images bucket', () => {
  const roles = () =>
    [
      { name: 'anon', client: anon, write: false },
      { name: 'signed-in non-editor', client: reader, write: false },
      { name: 'editor', client: editor, write: true },
      { name: 'service role', client: service, write: true },
    ] as const

  it('select: everyone may read and list objects of the public images bucket', async () => {
    const key = coverKey()
    const bytes = await png('#6366f1')
    await editor.storage.from('images').upload(key, bytes, { contentType: 'image/png' })
    const [folder, name] = key.split('/')
    for (const { name: role, client: c } of roles()) {
      const list = await c.storage.from('images').list(folder, { search: name })
      expect({ role, names: list.data?.map((e) => e.name) }).toEqual({ role, names: [name] })
      const download = await c.storage.from('images').download(key)
      expect({ role, error: download.error }).toEqual({ role, error: null })
      expect(Buffer.from(await download.data!.arrayBuffer()).equals(bytes)).toBe(true)
    }
  })

  it('insert: only editors and the service role may upload; refused uploads leave no row and no file', async () => {
    for (const { name: role, client: c, write } of roles()) {
      const key = coverKey()
      const { error } = await c.storage.from('images').upload(key, await png(), { contentType: 'image/png' })
      if (write) {
        expect({ role, error }).toEqual({ role, error: null })
        expect(existsSync(fileOnDisk(key))).toBe(true)
      } else {
        expect({ role, status: (error as { status?: number } | null)?.status }).toEqual({ role, status: 403 })
        expect(error!.message).toMatch(/row-level security/)
        expect(existsSync(fileOnDisk(key))).toBe(false)
        const rows = await server.ctx.localSupabase!.db.query(
          'select 1 from storage.objects where name = $1',
          [key],
        )
        expect(rows.rows).toHaveLength(0)
      }
    }
  })

  it('update: only editors and the service role may replace a file; a refused update leaves the bytes unchanged', async () => {
    const key = coverKey()
    const original = await png('#000000')
    await editor.storage.from('images').upload(key, original, { contentType: 'image/png' })
    for (const { name: role, client: c, write } of roles()) {
      const replacement = await png(write ? '#22c55e' : '#ef4444')
      const update = await c.storage.from('images').update(key, replacement, { contentType: 'image/png' })
      const upsert = await c.storage
        .from('images')
        .upload(key, replacement, { contentType: 'image/png', upsert: true })
      const served = Buffer.from(await (await fetch(publicUrl(key))).arrayBuffer())
      if (write) {
        expect({ role, update: update.error, upsert: upsert.error }).toEqual({
          role,
          update: null,
          upsert: null,
        })
        expect(served.equals(replacement)).toBe(true)
      } else {
        expect({
          role,
          update: (update.error as { status?: number }).status,
          upsert: (upsert.error as { status?: number }).status,
        }).toEqual({
          role,
          update: 403,
          upsert: 403,
        })
        expect(served.equals(replacement)).toBe(false)
        expect(readFileSync(fileOnDisk(key)).equals(served)).toBe(true)
      }
    }
  })

  it('delete: only editors and the service role may remove; a refused remove keeps row and file', async () => {
    for (const { name: role, client: c, write } of roles()) {
      const key = coverKey()
      await editor.storage.from('images').upload(key, await png(), { contentType: 'image/png' })
      const { data, error } = await c.storage.from('images').remove([key])
      expect({ role, error }).toEqual({ role, error: null })
      if (write) {
        expect({ role, removed: data!.length }).toEqual({ role, removed: 1 })
        expect(existsSync(fileOnDisk(key))).toBe(false)
        expect((await fetch(publicUrl(key))).status).toBe(404)
      } else {
        // As on hosted Supabase, rows the delete policy hides are silently kept.
        expect({ role, removed: data!.length }).toEqual({ role, removed: 0 })
        expect(existsSync(fileOnDisk(key))).toBe(true)
        expect((await fetch(publicUrl(key))).status).toBe(200)
      }
    }
  })

  it('anonymous callers without any key are refused, and tampered tokens get 401', async () => {
    const noKey = await fetch(`${server.url}/storage/v1/object/images/${coverKey()}`, {
      method: 'POST',
      body: await png(),
    })
    expect(noKey.status).toBe(401)
    const [h, p] = editorToken.split('.')
    const tampered = await fetch(`${server.url}/storage/v1/object/images/${coverKey()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h}.${p}.${'x'.repeat(43)}`, 'content-type': 'image/png' },
      body: await png(),
    })
    expect(tampered.status).toBe(401)
    expect(await tampered.json()).toMatchObject({ statusCode: '401', error: 'InvalidJWT' })
  })
})
