import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadBlogImage } from '../../shared/data/blogs.ts'
import { imageTooLargeMessage } from '../../shared/lib/image-limits.ts'
import { signInActors, type Actor, type RlsActors } from '../support/rls-actors.ts'
import { useTestServer } from '../support/use-test-server.ts'

// Who may change what in the public `images` bucket, judged by what is stored afterwards (read back with the
// service role), not only by the status: a contributor adds images and changes only the ones they uploaded;
// editors and administrators change any; only they delete; visitors and signed-in non-editors change nothing.

const server = useTestServer()
let clients: RlsActors['clients']
let contributorId = ''
const tokens = {} as Record<Actor, string>

beforeAll(async () => {
  ;({ clients, contributorId } = await signInActors(server))
  const { anonKey, serviceRoleKey } = server.ctx.supabase
  for (const actor of ['member', 'contributor', 'editor', 'admin'] as const) {
    tokens[actor] = (await clients[actor].auth.getSession()).data.session!.access_token
  }
  tokens.anon = anonKey
  tokens.service = serviceRoleKey
}, 60_000)

let counter = 0
const freshKey = () => `blog-covers/roles-${Date.now()}-${++counter}.png`

/** A small PNG whose bytes differ from every other one this file makes. */
const png = () => {
  const n = ++counter
  return sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: 99 } },
  })
    .png()
    .toBuffer()
}

/** A storage request as a client sends it, as `actor` (the anon key for a visitor). */
async function request(
  actor: Actor,
  method: string,
  path: string,
  body?: Buffer | object,
  headers: Record<string, string> = {},
) {
  const isJson = body !== undefined && !Buffer.isBuffer(body)
  const res = await fetch(`${server.ctx.supabase.url}/storage/v1${path}`, {
    method,
    headers: {
      apikey: server.ctx.supabase.anonKey,
      authorization: `Bearer ${tokens[actor]}`,
      'content-type': isJson ? 'application/json' : 'image/png',
      ...headers,
    },
    body: isJson ? JSON.stringify(body) : (body as Uint8Array<ArrayBuffer> | undefined),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as { message?: string } | null }
}

/** The object's bytes as the service role reads them, or null when there is no object at `key`. */
async function stored(key: string): Promise<Buffer | null> {
  const { data, error } = await clients.service.storage.from('images').download(key)
  if (error) return null
  return Buffer.from(await data.arrayBuffer())
}

/** Uploads a new image as `owner`; returns its key and bytes. */
async function seed(owner: Actor) {
  const key = freshKey()
  const bytes = await png()
  const { error } = await clients[owner].storage
    .from('images')
    .upload(key, bytes, { contentType: 'image/png' })
  if (error) throw error
  return { key, bytes }
}

async function ownerOf(key: string): Promise<{ owner: string | null; owner_id: string | null } | undefined> {
  const { rows } = await server.ctx.localSupabase!.db.query<{
    owner: string | null
    owner_id: string | null
  }>(`select owner::text as owner, owner_id from storage.objects where bucket_id = 'images' and name = $1`, [
    key,
  ])
  return rows[0]
}

type Verb = 'upload' | 'upsert' | 'update (PUT)' | 'move' | 'copy over' | 'delete'

interface Case {
  name: string
  actor: Actor
  /** Who uploaded the image the verb acts on. */
  owner: Actor
  /** The verbs this caller may use on that image. */
  allowed: Verb[]
}

const everything: Verb[] = ['upload', 'upsert', 'update (PUT)', 'move', 'copy over', 'delete']
const cases: Case[] = [
  { name: 'anon', actor: 'anon', owner: 'editor', allowed: [] },
  { name: 'signed-in non-editor', actor: 'member', owner: 'editor', allowed: [] },
  {
    name: 'contributor, own image',
    actor: 'contributor',
    owner: 'contributor',
    allowed: ['upload', 'upsert', 'update (PUT)', 'move', 'copy over'],
  },
  // Someone else's image: a published post's cover, say.
  { name: "contributor, another's image", actor: 'contributor', owner: 'editor', allowed: [] },
  { name: 'editor', actor: 'editor', owner: 'contributor', allowed: everything },
  { name: 'administrator', actor: 'admin', owner: 'contributor', allowed: everything },
]

/**
 * One verb on the image `target` (uploaded by the case's owner), as the case's actor. Returns the status and
 * what the service role reads afterwards where the verb would have had its effect. `upload` adds a new image,
 * except for "another's image", where it is an upload (without upsert) at the other person's key.
 */
async function act(verb: Verb, c: Case, target: { key: string; bytes: Buffer }) {
  const newBytes = await png()
  switch (verb) {
    case 'upload': {
      const key = c.name === "contributor, another's image" ? target.key : freshKey()
      const before = await stored(key)
      const res = await request(c.actor, 'POST', `/object/images/${key}`, newBytes)
      const after = await stored(key)
      return { status: res.status, changed: !!after?.equals(newBytes), kept: sameBytes(after, before) }
    }
    case 'upsert':
    case 'update (PUT)': {
      const res =
        verb === 'upsert'
          ? await request(c.actor, 'POST', `/object/images/${target.key}`, newBytes, { 'x-upsert': 'true' })
          : await request(c.actor, 'PUT', `/object/images/${target.key}`, newBytes)
      const after = await stored(target.key)
      return { status: res.status, changed: !!after?.equals(newBytes), kept: sameBytes(after, target.bytes) }
    }
    case 'move': {
      const destination = `trash/${freshKey()}`
      const res = await request(c.actor, 'POST', '/object/move', {
        bucketId: 'images',
        sourceKey: target.key,
        destinationKey: destination,
      })
      const [atSource, atDestination] = [await stored(target.key), await stored(destination)]
      return {
        status: res.status,
        changed: atSource === null && sameBytes(atDestination, target.bytes),
        kept: sameBytes(atSource, target.bytes) && atDestination === null,
      }
    }
    case 'copy over': {
      // Another image (the service role's) copied onto the target's key, replacing it.
      const source = freshKey()
      await clients.service.storage.from('images').upload(source, newBytes, { contentType: 'image/png' })
      const res = await request(
        c.actor,
        'POST',
        '/object/copy',
        { bucketId: 'images', sourceKey: source, destinationKey: target.key },
        { 'x-upsert': 'true' },
      )
      const after = await stored(target.key)
      return { status: res.status, changed: !!after?.equals(newBytes), kept: sameBytes(after, target.bytes) }
    }
    case 'delete': {
      const res = await request(c.actor, 'DELETE', `/object/images/${target.key}`)
      const after = await stored(target.key)
      return { status: res.status, changed: after === null, kept: sameBytes(after, target.bytes) }
    }
  }
}

const sameBytes = (a: Buffer | null, b: Buffer | null) =>
  a === null ? b === null : b !== null && a.equals(b)

describe.each(everything)('images bucket: %s', (verb) => {
  it.each(cases)('$name', async (c) => {
    const target = await seed(c.owner)
    const result = await act(verb, c, target)
    const allowed = c.allowed.includes(verb)
    const outcome = {
      answer:
        result.status === 200
          ? 'done'
          : result.status >= 400 && result.status < 500
            ? 'refused (4xx)'
            : result.status,
      effect: result.changed ? 'changed' : result.kept ? 'unchanged' : 'something else',
    }
    expect(outcome).toEqual(
      allowed ? { answer: 'done', effect: 'changed' } : { answer: 'refused (4xx)', effect: 'unchanged' },
    )
  })
})

/** A contributor's copy or move of an image within the bucket, by its keys. */
const contributorCopyOrMove = (action: 'copy' | 'move', sourceKey: string, destinationKey: string) =>
  request('contributor', 'POST', `/object/${action}`, { bucketId: 'images', sourceKey, destinationKey })

describe('images bucket: owners', () => {
  it('an upload records the uploader in owner and owner_id, as hosted Storage does; the service role records none', async () => {
    const { key } = await seed('contributor')
    expect(await ownerOf(key)).toEqual({ owner: contributorId, owner_id: contributorId })
    const serviceKey = freshKey()
    await clients.service.storage.from('images').upload(serviceKey, await png(), { contentType: 'image/png' })
    expect(await ownerOf(serviceKey)).toEqual({ owner: null, owner_id: null })
  })

  it("an editor's replacement of a contributor's image makes it the editor's, so the contributor can no longer change it", async () => {
    const { key } = await seed('contributor')
    const replacement = await png()
    expect((await request('editor', 'PUT', `/object/images/${key}`, replacement)).status).toBe(200)
    const editorId = (await clients.editor.auth.getUser()).data.user!.id
    expect(await ownerOf(key)).toEqual({ owner: editorId, owner_id: editorId })
    expect((await request('contributor', 'PUT', `/object/images/${key}`, await png())).status).toBe(403)
    expect((await stored(key))!.equals(replacement)).toBe(true)
  })

  it("a contributor may copy another's image to a new key, which is then theirs; a copy onto a taken key without upsert is refused", async () => {
    const other = await seed('editor')
    const copy = freshKey()
    const copied = await contributorCopyOrMove('copy', other.key, copy)
    expect(copied.status).toBe(200)
    expect((await stored(copy))!.equals(other.bytes)).toBe(true)
    expect(await ownerOf(copy)).toEqual({ owner: contributorId, owner_id: contributorId })

    const own = await seed('contributor')
    const onto = await contributorCopyOrMove('copy', own.key, other.key)
    expect(onto.status).toBe(409)
    expect((await stored(other.key))!.equals(other.bytes)).toBe(true)
  })

  it("a contributor cannot move their image onto another's key", async () => {
    const [own, other] = [await seed('contributor'), await seed('editor')]
    const res = await contributorCopyOrMove('move', own.key, other.key)
    expect(res.status).toBe(409)
    expect((await stored(own.key))!.equals(own.bytes)).toBe(true)
    expect((await stored(other.key))!.equals(other.bytes)).toBe(true)
  })

  it("an upload URL with upsert is refused for another's image, and signed for one's own", async () => {
    const other = await seed('editor')
    const refused = await request(
      'contributor',
      'POST',
      `/object/upload/sign/images/${other.key}`,
      undefined,
      {
        'x-upsert': 'true',
      },
    )
    expect(refused.status).toBe(403)
    const own = await seed('contributor')
    const signed = await clients.contributor.storage
      .from('images')
      .createSignedUploadUrl(own.key, { upsert: true })
    expect(signed.error).toBeNull()
    const replacement = await png()
    const used = await clients.anon.storage
      .from('images')
      .uploadToSignedUrl(own.key, signed.data!.token, replacement, { contentType: 'image/png', upsert: true })
    expect(used.error).toBeNull()
    expect((await stored(own.key))!.equals(replacement)).toBe(true)
    expect((await stored(other.key))!.equals(other.bytes)).toBe(true)
  })
})

describe('images bucket: pixel limit', () => {
  const solidPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
      .png({ compressionLevel: 9 })
      .toBuffer()

  it('accepts a 36-megapixel PNG and refuses a 50-megapixel one (413, with a message), storing nothing', async () => {
    const accepted = await solidPng(6000, 6000)
    const acceptedKey = freshKey()
    expect(await request('editor', 'POST', `/object/images/${acceptedKey}`, accepted)).toMatchObject({
      status: 200,
    })
    expect((await stored(acceptedKey))!.equals(accepted)).toBe(true)

    const refusedKey = freshKey()
    const refused = await request(
      'editor',
      'POST',
      `/object/images/${refusedKey}`,
      await solidPng(8000, 6250),
    )
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ statusCode: '413', message: imageTooLargeMessage })
    expect(await stored(refusedKey)).toBeNull()
    expect(await ownerOf(refusedKey)).toBeUndefined()
  }, 60_000)

  it("reads the size from the header alone: a header claiming 400 megapixels over data no decoder could read is refused, and the contributor's image is kept", async () => {
    // A PNG header (20000 × 20000) followed by bytes that are not pixel data at all.
    const header = Buffer.from(
      '89504e470d0a1a0a0000000d494844520000' + '4e20' + '0000' + '4e20' + '0802000000',
      'hex',
    )
    const bytes = Buffer.concat([header, Buffer.alloc(4), Buffer.from('not pixel data'.repeat(20))])
    const own = await seed('contributor')
    const refused = await request('contributor', 'PUT', `/object/images/${own.key}`, bytes)
    expect(refused).toMatchObject({ status: 413, body: { message: imageTooLargeMessage } })
    expect((await stored(own.key))!.equals(own.bytes)).toBe(true)
  })

  it("the web admin's image upload rejects with the refusal's message, which its status line shows", async () => {
    const tooLarge = await solidPng(8000, 6250)
    await expect(
      uploadBlogImage(clients.contributor, 'blog-content', tooLarge, 'png', 'image/png'),
    ).rejects.toThrow(imageTooLargeMessage)
  }, 60_000)
})
