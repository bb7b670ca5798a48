import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPost,
  deletePost,
  getPostBySlug,
  PostConflictError,
  updatePost,
} from '../../shared/data/blogs.ts'
import type { BlogInput } from '../../shared/schemas/blog.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { openDesktop, otherEditor, postInput, serverPost, type DesktopUnderTest } from '../support/desktop.ts'
import { phonePhotoRotated } from '../support/desktop-images.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

/**
 * The desktop main process against the real embedded backend: real PGlite on both sides, real supabase-js,
 * real sharp. The network switch only tells the sync engine what Electron's `net.isOnline()` would. Each
 * scenario is one way an edit used to be lost; the model-based test (desktop-sync.model.test.ts) mixes them.
 */
describe('desktop offline store and sync', { timeout: 180_000 }, () => {
  let server: TestServer
  const opened: DesktopUnderTest[] = []

  beforeAll(async () => {
    server = await startTestServer()
  }, 180_000)
  afterAll(async () => {
    for (const desktop of opened) await desktop.destroy()
    await server?.stop()
    // The restarted server reuses the first one's data directory, so stop() leaves it in place.
    if (server) rmSync(server.dataDir, { recursive: true, force: true })
  })

  async function signedInDesktop(options: Parameters<typeof openDesktop>[0] = {}) {
    const desktop = await openDesktop({ siteUrl: server.url, ...options })
    opened.push(desktop)
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    await desktop.backend.engine.syncNow()
    return desktop
  }

  /** Opens the post as the editor would and saves `changes` over it (the version it opened is the base). */
  async function edit(
    desktop: DesktopUnderTest,
    slug: string,
    changes: Parameters<typeof postInput>[1] & { slug?: string },
  ) {
    const { engine } = desktop.backend
    const post = (await engine.getPost(slug))!
    expect(post, `desktop has ${slug}`).not.toBeNull()
    return engine.savePost(
      { ...postInput(slug), ...pick(post), ...changes },
      { mode: 'update', id: post.id, version: post.version },
    )
  }

  function pick(post: {
    title: string
    author: string | null
    content: string | null
    tags: string[] | null
  }) {
    return {
      title: post.title,
      author: post.author ?? '',
      content: post.content ?? '',
      tags: post.tags ?? [],
    }
  }

  async function create(
    desktop: DesktopUnderTest,
    slug: string,
    overrides: Parameters<typeof postInput>[1] = {},
  ) {
    return desktop.backend.engine.savePost(postInput(slug, overrides), { mode: 'create' })
  }

  /**
   * A post synced to a desktop, then edited there offline (`mine`) while another editor saves `theirs` over the
   * version both started from; the desktop is back online with its edit not yet sent.
   */
  async function editedOnBothSides(
    slug: string,
    mine: Parameters<typeof edit>[2],
    theirs: Partial<BlogInput>,
  ) {
    const desktop = await signedInDesktop()
    const post = await create(desktop, slug)
    await desktop.backend.engine.syncNow()
    desktop.network.up = false
    await edit(desktop, slug, mine)
    const browser = await otherEditor(server)
    const saved = await updatePost(browser, { ...postInput(slug), ...theirs }, { id: post.id, version: 1 })
    desktop.network.up = true
    return { desktop, post, browser, theirs: saved }
  }

  /** A phone photo of `width` × `height`, compressed in main and uploaded as a cover, as the cover picker does. */
  async function uploadPhonePhoto(desktop: DesktopUnderTest, width: number, height: number, name: string) {
    const bytes = await phonePhotoRotated(width, height)
    const compressed = await desktop.backend.compressImage({ bytes, name, type: 'image/jpeg' })
    return desktop.backend.uploadImage(compressed, 'blog-covers')
  }

  it('queues edits made while the backend is down and sends them when it is back', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    const port = new URL(server.url).port

    await server.close()
    await create(desktop, 'written-on-a-train', { title: 'Written on a train' })
    const offline = await engine.syncNow()
    expect(offline).toMatchObject({ online: false, pending: 1, signedIn: true })
    expect(offline.lastError).toBe('The server cannot be reached.')
    const [listed] = (await engine.listPosts({ search: 'train' })).items
    expect(listed).toMatchObject({ slug: 'written-on-a-train', syncState: 'pending', version: 0 })

    // The backend comes back on the same address with the same data.
    server = await startTestServer({ DATA_DIR: server.dataDir, PORT: port })
    const online = await engine.retryNow()
    expect(online).toMatchObject({ online: true, pending: 0, conflicts: 0, attention: 0, lastError: null })
    expect(await serverPost(server, 'written-on-a-train')).toMatchObject({
      id: listed!.id,
      title: 'Written on a train',
      version: 1,
    })
    expect(await engine.getPost('written-on-a-train')).toMatchObject({ syncState: 'synced', version: 1 })
  })

  it('sends a delete by id and pulls posts other editors wrote or removed', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    const post = await create(desktop, 'short-lived')
    await engine.syncNow()
    const onServer = (await serverPost(server, 'short-lived'))!
    expect(onServer.id).toBe(post.id)

    await engine.deletePost(onServer.id, onServer.version)
    expect((await engine.syncNow()).pending).toBe(0)
    expect(await serverPost(server, 'short-lived')).toBeNull()
    expect(await engine.getPost('short-lived')).toBeNull()

    const browser = await otherEditor(server)
    const theirs = await createPost(browser, postInput('from-the-browser', { title: 'From the browser' }))
    await engine.syncNow()
    expect((await engine.getPost('from-the-browser'))?.title).toBe('From the browser')
    await deletePost(browser, theirs)
    await engine.syncNow()
    expect(await engine.getPost('from-the-browser')).toBeNull()
  })

  it('renames a post by its id and refuses a slug another post already has', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    await create(desktop, 'old-name')
    await create(desktop, 'taken-name')
    await engine.syncNow()
    const original = (await engine.getPost('old-name'))!
    await expect(create(desktop, 'taken-name')).rejects.toThrow(
      'A post with the slug “taken-name” already exists.',
    )
    await expect(edit(desktop, 'old-name', { slug: 'taken-name' })).rejects.toThrow('already exists')

    await edit(desktop, 'old-name', { slug: 'new-name', title: 'Renamed' })
    expect((await engine.listPosts({ search: 'name' })).items.map((p) => p.slug).sort()).toEqual([
      'new-name',
      'taken-name',
    ])
    await engine.syncNow()
    const renamed = await serverPost(server, 'new-name')
    expect(renamed).toMatchObject({ id: original.id, title: 'Renamed', created_at: original.created_at })
    expect(await serverPost(server, 'old-name')).toBeNull()
  })

  it('two desktops syncing the same post at once: one lands, the other becomes a conflict', async () => {
    const a = await signedInDesktop()
    const b = await signedInDesktop()
    await create(a, 'race')
    await a.backend.engine.syncNow()
    await b.backend.engine.syncNow()
    a.network.up = false
    b.network.up = false
    await edit(a, 'race', { title: 'From A' })
    await edit(b, 'race', { title: 'From B' })
    a.network.up = true
    b.network.up = true
    const [sa, sb] = await Promise.all([a.backend.engine.retryNow(), b.backend.engine.retryNow()])
    expect(sa.conflicts + sb.conflicts).toBe(1)
    expect(sa.pending + sb.pending).toBe(0)
    const winner = (await serverPost(server, 'race'))!
    expect(['From A', 'From B']).toContain(winner.title)
    expect(winner.version).toBe(2)
    const loser = sa.conflicts ? a : b
    const [conflict] = await loser.backend.engine.conflicts()
    expect(conflict!.mine?.title).toBe(winner.title === 'From A' ? 'From B' : 'From A')
    expect(conflict!.theirs?.title).toBe(winner.title)
  })

  it('a browser form opened before a desktop sync cannot revert it', async () => {
    const desktop = await signedInDesktop()
    await create(desktop, 'stale-form', { title: 'First' })
    await desktop.backend.engine.syncNow()
    const browser = await otherEditor(server)
    const opened = (await getPostBySlug(browser, 'stale-form'))!
    await edit(desktop, 'stale-form', { title: 'Desktop edit' })
    await desktop.backend.engine.syncNow()

    const save = updatePost(browser, { ...postInput('stale-form'), title: 'Stale browser form' }, opened)
    await expect(save).rejects.toBeInstanceOf(PostConflictError)
    await expect(save).rejects.toMatchObject({ theirs: { title: 'Desktop edit', version: 2 } })
    expect((await serverPost(server, 'stale-form'))?.title).toBe('Desktop edit')
    // A stale delete is refused the same way.
    await expect(deletePost(browser, opened)).rejects.toBeInstanceOf(PostConflictError)
  })

  it('a draft restored after a restart does not overwrite a newer server edit', async () => {
    const first = await signedInDesktop()
    await create(first, 'restored')
    await first.backend.engine.syncNow()
    first.network.up = false
    await edit(first, 'restored', { title: 'Offline, before the restart' })
    await first.close()

    await updatePost(await otherEditor(server), postInput('restored', { title: 'Newer, from the browser' }), {
      id: (await serverPost(server, 'restored'))!.id,
      version: 1,
    })
    const second = await openDesktop({ userDataDir: first.userDataDir, secrets: first.secrets })
    opened.push(second)
    const status = await second.backend.engine.retryNow()
    expect(status).toMatchObject({ conflicts: 1, pending: 0 })
    expect((await serverPost(server, 'restored'))?.title).toBe('Newer, from the browser')
    const [conflict] = await second.backend.engine.conflicts()
    expect(conflict!.mine?.title).toBe('Offline, before the restart')
  })

  it('a delete made offline becomes a conflict when the post was renamed elsewhere', async () => {
    const desktop = await signedInDesktop()
    const post = await create(desktop, 'delete-vs-rename')
    await desktop.backend.engine.syncNow()
    desktop.network.up = false
    await desktop.backend.engine.deletePost(post.id, 1)
    await updatePost(await otherEditor(server), postInput('renamed-elsewhere'), { id: post.id, version: 1 })
    desktop.network.up = true
    expect(await desktop.backend.engine.retryNow()).toMatchObject({ conflicts: 1, pending: 0 })
    expect((await serverPost(server, 'renamed-elsewhere'))?.id).toBe(post.id)
    const [conflict] = await desktop.backend.engine.conflicts()
    expect(conflict).toMatchObject({ postId: post.id, mine: null, theirs: { slug: 'renamed-elsewhere' } })
    expect((await desktop.backend.engine.getPost('renamed-elsewhere'))?.syncState).toBe('conflict')

    // Keep mine: the delete goes through on top of the rename.
    await desktop.backend.engine.resolveConflict(post.id, 'mine')
    await desktop.backend.engine.syncNow()
    expect(await serverPost(server, 'renamed-elsewhere')).toBeNull()
  })

  it("a desktop title edit of a post unpublished in the browser meanwhile is a conflict; the server keeps the browser's copy", async () => {
    const { desktop } = await editedOnBothSides('field-level', { title: 'New title' }, { status: 'draft' })
    expect((await desktop.backend.engine.retryNow()).conflicts).toBe(1)
    expect(await serverPost(server, 'field-level')).toMatchObject({
      status: 'draft',
      title: 'Post field-level',
    })
  })

  it('orders by the server clock: a desktop whose clock is hours ahead still pulls new posts', async () => {
    const desktop = await signedInDesktop()
    const browser = await otherEditor(server)
    // A client that sends its own (wrong) time gets the server's.
    const { data } = await browser
      .from('blogs')
      .insert({ ...postInput('clock-skew'), updated_at: '2099-01-01T00:00:00Z', version: 99 })
      .select('updated_at,version')
      .single()
    expect(Math.abs(Date.parse(data!.updated_at) - Date.now())).toBeLessThan(60_000)
    expect(data!.version).toBe(1)
    await desktop.backend.engine.syncNow()
    const later = await createPost(browser, postInput('after-the-skew'))
    await desktop.backend.engine.syncNow()
    expect((await desktop.backend.engine.getPost('after-the-skew'))?.id).toBe(later.id)
  })

  it('pulls and drops more than a thousand posts (keyset pages, tombstones)', async () => {
    const desktop = await signedInDesktop()
    const service = createNodeSupabaseClient(server.url, server.ctx.supabase.serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    const rows = Array.from({ length: 1234 }, (_, i) => ({ ...postInput(`bulk-${i}`), tags: ['bulk'] }))
    // One insert: every row carries the same updated_at, so only (updated_at, id) order can page them.
    const { error } = await service.from('blogs').insert(rows)
    expect(error).toBeNull()
    await desktop.backend.engine.syncNow()
    expect((await desktop.backend.engine.listPosts({ search: 'bulk-' })).total).toBe(1234)

    const { error: deleteError } = await service.from('blogs').delete().like('slug', 'bulk-1%')
    expect(deleteError).toBeNull()
    await desktop.backend.engine.syncNow()
    const left = await desktop.backend.engine.listPosts({ search: 'bulk-' })
    expect(left.total).toBe(1234 - 1 - 10 - 100 - 234)
    expect(left.items.every((p) => !p.slug.startsWith('bulk-1'))).toBe(true)
    await service.from('blogs').delete().like('slug', 'bulk-%')
  })

  it('"keep theirs" after a newer server edit ends with the server\'s newest copy', async () => {
    const { desktop, post, browser, theirs } = await editedOnBothSides(
      'keep-theirs',
      { title: 'Mine' },
      { title: 'Theirs v2' },
    )
    expect((await desktop.backend.engine.retryNow()).conflicts).toBe(1)
    await updatePost(browser, postInput('keep-theirs', { title: 'Theirs v3' }), theirs)

    await desktop.backend.engine.resolveConflict(post.id, 'theirs')
    await desktop.backend.engine.syncNow()
    expect(await desktop.backend.engine.getPost('keep-theirs')).toMatchObject({
      title: 'Theirs v3',
      version: 3,
      syncState: 'synced',
    })
  })

  it('"keep both" keeps theirs and saves mine as a copy with a new slug', async () => {
    const { desktop, post } = await editedOnBothSides('keep-both', { title: 'Mine' }, { title: 'Theirs' })
    await desktop.backend.engine.retryNow()
    const copy = await desktop.backend.engine.resolveConflict(post.id, 'both')
    expect(copy).toMatchObject({ slug: 'keep-both-copy', title: 'Mine' })
    expect(await desktop.backend.engine.syncNow()).toMatchObject({ conflicts: 0, pending: 0 })
    expect((await serverPost(server, 'keep-both'))?.title).toBe('Theirs')
    expect((await serverPost(server, 'keep-both-copy'))?.title).toBe('Mine')
  })

  it('a refused change in the middle of the queue needs attention; the rest is sent', async () => {
    const desktop = await signedInDesktop()
    desktop.network.up = false
    await create(desktop, 'queue-first')
    const middle = await create(desktop, 'queue-taken', { title: 'Mine, slug taken meanwhile' })
    await create(desktop, 'queue-last')
    await createPost(await otherEditor(server), postInput('queue-taken', { title: 'Theirs' }))
    desktop.network.up = true
    const status = await desktop.backend.engine.retryNow()
    expect(status).toMatchObject({ pending: 0, attention: 1, conflicts: 0 })
    expect(await serverPost(server, 'queue-first')).not.toBeNull()
    expect(await serverPost(server, 'queue-last')).not.toBeNull()
    expect((await serverPost(server, 'queue-taken'))?.title).toBe('Theirs')
    const [item] = await desktop.backend.engine.attention()
    expect(item).toMatchObject({
      postId: middle.id,
      reason: 'slug_taken',
      message: 'A post with the slug “queue-taken” already exists.',
    })

    // Edit and retry under another slug.
    await desktop.backend.engine.savePost(
      { ...item!.mine!, slug: 'queue-renamed' },
      { mode: 'update', id: middle.id, version: 0 },
    )
    expect(await desktop.backend.engine.syncNow()).toMatchObject({ pending: 0, attention: 0 })
    expect((await serverPost(server, 'queue-renamed'))?.title).toBe('Mine, slug taken meanwhile')
  })

  it('signed out, edits wait and the status says so', async () => {
    const desktop = await signedInDesktop()
    await desktop.backend.signOut()
    await create(desktop, 'signed-out-edit')
    const status = await desktop.backend.engine.syncNow()
    expect(status).toMatchObject({ signedIn: false, pending: 1 })
    expect(await serverPost(server, 'signed-out-edit')).toBeNull()
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    await expect
      .poll(async () => (await desktop.backend.engine.status()).pending, { timeout: 20_000 })
      .toBe(0)
    expect(await serverPost(server, 'signed-out-edit')).not.toBeNull()
  })

  it('keeps the queue across a restart and sends it in order afterwards', async () => {
    const network = { up: false }
    const first = await signedInDesktop({ network: { up: true } })
    first.network.up = false
    const cover = await uploadPhonePhoto(first, 2000, 1500, 'cover.jpg')
    expect(cover.pending).toBe(true)
    expect(cover.url).toMatch(/\/storage\/v1\/object\/public\/images\/blog-covers\/\d+\.jpg$/)
    const kept = await create(first, 'survives-restart', { cover_image_url: cover.url })
    const doomed = await create(first, 'doomed-draft')
    await first.backend.engine.deletePost(doomed.id, 0) // never reached the server: dropped locally
    expect((await first.backend.engine.status()).pending).toBe(2)
    await first.close()

    // The app restarts (same user-data folder, same keychain), still offline.
    const second = await openDesktop({ userDataDir: first.userDataDir, secrets: first.secrets, network })
    opened.push(second)
    const queued = second.backend.store.queue()
    expect(queued.map((e) => [e.kind, e.postId])).toEqual([
      ['upload', null],
      ['change', kept.id],
    ])
    expect((await second.backend.getSession()).signedIn).toBe(true)

    network.up = true
    const status = await second.backend.engine.retryNow()
    expect(status).toMatchObject({ pending: 0, online: true })
    expect((await serverPost(server, 'survives-restart'))?.cover_image_url).toBe(cover.url)
    const image = await fetch(cover.url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
  })

  it('retries an image upload that was cut off midway', async () => {
    const desktop = await signedInDesktop({ backoffMs: 500 })
    const realFetch = globalThis.fetch
    let uploadAttempts = 0
    const attemptTimes: number[] = []
    // The first two upload requests are aborted while in flight, as a dropped connection would.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/storage/v1/object/images/') && (init?.method ?? 'GET') !== 'GET') {
        uploadAttempts++
        attemptTimes.push(Date.now())
        if (uploadAttempts <= 2) {
          const controller = new AbortController()
          setTimeout(() => controller.abort(), 1)
          return realFetch(input, { ...init, signal: controller.signal })
        }
      }
      return realFetch(input, init)
    }) as typeof fetch
    try {
      const uploaded = await uploadPhonePhoto(desktop, 1600, 1200, 'phone.jpg')
      expect(uploaded.url).toMatch(/\/blog-covers\/\d+\.jpg$/)
      // Nobody presses anything: a dropped connection is retried once at once, then again on its own once
      // the backoff (500 ms here) has passed.
      await expect.poll(() => desktop.backend.store.pendingCount(), { timeout: 20_000 }).toBe(0)
      expect(uploadAttempts).toBe(3)
      expect(attemptTimes[2]! - attemptTimes[1]!).toBeGreaterThanOrEqual(450)
      expect((await desktop.backend.engine.status()).lastError).toBeNull()
      const image = await realFetch(uploaded.url)
      expect(image.status).toBe(200)
      expect(
        Number(image.headers.get('content-length') ?? (await image.arrayBuffer()).byteLength),
      ).toBeGreaterThan(1000)
    } finally {
      globalThis.fetch = realFetch
    }
  })
})
