import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertPasswordUser } from '../../server/local-supabase/auth/users.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { clientsOf } from '../support/clients.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// Buckets, signed URLs, list v2, move/copy, info/exists and image transformation of the embedded Storage,
// through supabase-js, with the images bucket's policies (editors write, everyone reads) deciding.

let server: TestServer
let anon: SupabaseClient
let editor: SupabaseClient
let reader: SupabaseClient // signed in, not an editor
let service: SupabaseClient

const readerAccount = { email: 'bucket-reader@meridian.example', password: 'bucket-reader-password-1' }

let counter = 0
const coverKey = (folder = 'blog-covers') => `${folder}/${Date.now()}${++counter}.png`
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
const statusOf = (error: unknown) => (error as { status?: number } | null)?.status
const fileOnDisk = (bucket: string, key: string) =>
  path.join(server.dataDir, 'storage', bucket, ...key.split('/'))

async function uploaded(key = coverKey()) {
  const { error } = await editor.storage.from('images').upload(key, await png(), { contentType: 'image/png' })
  expect(error).toBeNull()
  return key
}

beforeAll(async () => {
  server = await startTestServer()
  await upsertPasswordUser(server.ctx.localSupabase!.db, readerAccount.email, readerAccount.password)
  ;({ anon, service, editor } = await clientsOf(server))
  ;({ editor: reader } = await clientsOf(server, readerAccount))
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

describe('buckets', () => {
  it('the service role creates, reads, changes, empties and deletes a bucket', async () => {
    const id = `docs-${Date.now()}`
    const created = await service.storage.createBucket(id, { public: false, fileSizeLimit: '1mb' })
    expect(created).toEqual({ data: { name: id }, error: null })
    const got = await service.storage.getBucket(id)
    expect(got.data).toMatchObject({ id, name: id, public: false, file_size_limit: 1_000_000 })
    expect(got.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    const updated = await service.storage.updateBucket(id, { public: true, allowedMimeTypes: ['image/png'] })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png'],
    })
    const listed = await service.storage.listBuckets({ search: 'docs-', sortColumn: 'created_at' })
    expect(listed.data!.map((b) => b.id)).toContain(id)

    expect((await service.storage.from(id).upload('a/b.png', await png())).error).toBeNull()
    const refused = await service.storage.deleteBucket(id)
    expect(statusOf(refused.error)).toBe(409)
    expect((await service.storage.emptyBucket(id)).error).toBeNull()
    expect(existsSync(fileOnDisk(id, 'a/b.png'))).toBe(false)
    expect((await service.storage.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' })
    const gone = await service.storage.getBucket(id)
    expect(gone.error).toMatchObject({ message: 'Bucket not found', status: 404 })
  })

  it('row-level security: editors, signed-in readers and anonymous callers cannot create, change or delete buckets', async () => {
    for (const [role, c] of [
      ['anon', anon],
      ['reader', reader],
      ['editor', editor],
    ] as const) {
      const created = await c.storage.createBucket(`mine-${role}-${Date.now()}`)
      expect({ role, status: statusOf(created.error) }).toEqual({ role, status: 403 })
      expect(created.error!.message).toMatch(/row-level security/)
      // Updating or deleting a bucket the policies hide from the caller finds nothing.
      expect(statusOf((await c.storage.updateBucket('images', { public: false })).error)).toBe(404)
      expect(statusOf((await c.storage.deleteBucket('images')).error)).toBe(404)
    }
    // Emptying runs as the caller too: the delete policy (editors only) keeps every image for the others.
    const key = await uploaded()
    for (const c of [anon, reader]) expect((await c.storage.emptyBucket('images')).error).toBeNull()
    expect(existsSync(fileOnDisk('images', key))).toBe(true)
    expect((await anon.storage.from('images').exists(key)).data).toBe(true)
    expect((await anon.storage.getBucket('images')).data).toMatchObject({ id: 'images', public: true })
  })

  it('refuses bad bucket input with a 400 in Storage shape, never a 500', async () => {
    const bad = await service.storage.createBucket('Not A Bucket!')
    expect(statusOf(bad.error)).toBe(400)
    const limit = await service.storage.createBucket(`limit-${Date.now()}`, {
      public: false,
      fileSizeLimit: 'lots',
    })
    expect(statusOf(limit.error)).toBe(400)
    const res = await fetch(`${server.url}/storage/v1/bucket?sortColumn=name;drop`, {
      headers: { authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' })
  })
})

describe('signed URLs', () => {
  it('signs one or many objects for download; a tampered token or another path is refused', async () => {
    const key = await uploaded()
    const { data, error } = await editor.storage.from('images').createSignedUrl(key, 60, { download: true })
    expect(error).toBeNull()
    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/)

    const url = new URL(data!.signedUrl)
    const token = url.searchParams.get('token')!
    const tampered = await fetch(`${server.url}/storage/v1/object/sign/images/${key}?token=${token}x`)
    expect(tampered.status).toBe(400)
    const other = await uploaded()
    const elsewhere = await fetch(`${server.url}/storage/v1/object/sign/images/${other}?token=${token}`)
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.json()).toMatchObject({ error: 'InvalidSignature' })
    // The token names one object; it is no API key.
    const asKey = await fetch(`${server.url}/storage/v1/bucket`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(asKey.status).toBe(401)

    const many = await anon.storage.from('images').createSignedUrls([key, 'blog-covers/missing.png'], 60)
    expect(many.error).toBeNull()
    expect(many.data![0]).toMatchObject({ error: null, path: key })
    expect(many.data![1]).toMatchObject({ signedUrl: null, path: 'blog-covers/missing.png' })
  })

  it('an editor signs an upload URL that works once; a reader may not sign one', async () => {
    const key = coverKey()
    const signed = await editor.storage.from('images').createSignedUploadUrl(key)
    expect(signed.error).toBeNull()
    const first = await anon.storage.from('images').uploadToSignedUrl(key, signed.data!.token, await png())
    expect(first.error).toBeNull()
    expect(existsSync(fileOnDisk('images', key))).toBe(true)
    const second = await anon.storage.from('images').uploadToSignedUrl(key, signed.data!.token, await png())
    expect(statusOf(second.error)).toBe(409)

    const refused = await reader.storage.from('images').createSignedUploadUrl(coverKey())
    expect(statusOf(refused.error)).toBe(403)
  })
})

describe('objects', () => {
  it('info, exists, copy and move as the caller; a reader cannot move an editor’s image', async () => {
    const key = await uploaded()
    const info = await anon.storage.from('images').info(key)
    expect(info.data).toMatchObject({ name: key, bucketId: 'images', contentType: 'image/png', metadata: {} })
    expect(typeof info.data!.version).toBe('string')
    expect((await anon.storage.from('images').exists(key)).data).toBe(true)
    expect((await anon.storage.from('images').exists('blog-covers/none.png')).data).toBe(false)

    const copyKey = coverKey('copies')
    const copied = await editor.storage.from('images').copy(key, copyKey)
    expect(copied.data).toMatchObject({ path: `images/${copyKey}` })
    expect(existsSync(fileOnDisk('images', copyKey))).toBe(true)

    const refused = await reader.storage.from('images').move(key, coverKey('stolen'))
    expect(refused.error).not.toBeNull()
    expect(existsSync(fileOnDisk('images', key))).toBe(true)

    const movedKey = coverKey('moved')
    expect((await editor.storage.from('images').move(key, movedKey)).data).toEqual({
      message: 'Successfully moved',
    })
    expect(existsSync(fileOnDisk('images', key))).toBe(false)
    expect(existsSync(fileOnDisk('images', movedKey))).toBe(true)
    expect((await anon.storage.from('images').exists(key)).data).toBe(false)
  })

  it('list v2 pages with a cursor and shows folders with the delimiter; list searches', async () => {
    const folder = `paged-${Date.now()}`
    const keys = await Promise.all(['c', 'a', 'b'].map((n) => uploaded(`${folder}/${n}.png`)))
    const first = await anon.storage.from('images').listV2({ prefix: `${folder}/`, limit: 2 })
    expect(first.data!.objects.map((o) => o.name)).toEqual([`${folder}/a.png`, `${folder}/b.png`])
    expect(first.data!.hasNext).toBe(true)
    const second = await anon.storage
      .from('images')
      .listV2({ prefix: `${folder}/`, limit: 2, cursor: first.data!.nextCursor })
    expect(second.data).toMatchObject({ hasNext: false, objects: [{ name: `${folder}/c.png` }] })
    const folders = await anon.storage.from('images').listV2({ prefix: folder, with_delimiter: true })
    expect(folders.data!.folders).toEqual([{ key: folder, name: `${folder}/` }])
    const searched = await anon.storage.from('images').list(folder, { search: 'b' })
    expect(searched.data!.map((o) => o.name)).toEqual(['b.png'])
    expect(keys).toHaveLength(3)
  })

  it('transforms an image: public and signed render URLs resize with the server’s sharp', async () => {
    const key = await uploaded()
    const url = anon.storage.from('images').getPublicUrl(key, { transform: { width: 20, height: 20 } })
      .data.publicUrl
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-transformations')).toBe('height:20,width:20,resizing_type:fill')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 20,
      height: 20,
      format: 'png',
    })
    const signed = await anon.storage
      .from('images')
      .createSignedUrl(key, 60, { transform: { width: 10, resize: 'contain' } })
    const viaToken = await fetch(signed.data!.signedUrl)
    expect(viaToken.status).toBe(200)
    expect((await sharp(Buffer.from(await viaToken.arrayBuffer())).metadata()).width).toBe(10)
    const bad = await fetch(`${url.split('?')[0]}?width=99999`)
    expect(bad.status).toBe(400)
  })
})
