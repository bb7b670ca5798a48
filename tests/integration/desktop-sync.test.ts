import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { updatePost } from '../../shared/data/blogs.ts'
import { openDesktop, otherEditor, postInput, serverPost, type DesktopUnderTest } from '../support/desktop.ts'
import { phonePhotoRotated } from '../support/desktop-images.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

/**
 * The desktop main process against the real embedded backend: real PGlite on both sides, real supabase-js,
 * real sharp. The network switch only tells the sync engine what Electron's `net.isOnline()` would.
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
    return desktop
  }

  it('queues edits made while the backend is down and sends them when it is back', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    const port = new URL(server.url).port

    await server.close()
    await engine.savePost(postInput('written-on-a-train', { title: 'Written on a train' }))
    const offline = await engine.syncNow()
    expect(offline.online).toBe(false)
    expect(offline.pending).toBe(1)
    expect(offline.lastError).toBe('The server cannot be reached.')
    const [listed] = (await engine.listPosts({ search: 'train' })).items
    expect(listed).toMatchObject({
      slug: 'written-on-a-train',
      title: 'Written on a train',
      syncState: 'pending',
    })

    // The backend comes back on the same address with the same data.
    server = await startTestServer({ DATA_DIR: server.dataDir, PORT: port })
    const online = await engine.retryNow()
    expect(online).toMatchObject({ online: true, pending: 0, lastError: null })
    expect(online.lastSyncAt).not.toBeNull()
    expect(await serverPost(server, 'written-on-a-train')).toMatchObject({
      title: 'Written on a train',
      author: 'Asha Rao',
    })
    expect((await engine.getPost('written-on-a-train'))?.syncState).toBe('synced')
  })

  it('sends a delete and pulls posts other editors wrote or removed', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    await engine.savePost(postInput('short-lived'))
    await engine.syncNow()
    expect(await serverPost(server, 'short-lived')).not.toBeNull()

    await engine.deletePost('short-lived')
    const status = await engine.syncNow()
    expect(status.pending).toBe(0)
    expect(await serverPost(server, 'short-lived')).toBeNull()
    expect(await engine.getPost('short-lived')).toBeNull()

    // Pull: a post created in the browser appears; one deleted in the browser disappears.
    const browser = await otherEditor(server)
    await updatePost(browser, postInput('from-the-browser', { title: 'From the browser' }))
    await engine.syncNow()
    expect((await engine.getPost('from-the-browser'))?.title).toBe('From the browser')
    await browser.from('blogs').delete().eq('slug', 'from-the-browser')
    await engine.syncNow()
    expect(await engine.getPost('from-the-browser')).toBeNull()
  })

  it('renames a post by its id and refuses a slug another post already has', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    await engine.savePost(postInput('old-name'), { mode: 'create' })
    await engine.savePost(postInput('taken-name'), { mode: 'create' })
    await engine.syncNow()
    const original = (await engine.getPost('old-name'))!
    await expect(engine.savePost(postInput('taken-name'), { mode: 'create' })).rejects.toThrow(
      'A post with the slug “taken-name” already exists.',
    )
    await expect(
      engine.savePost(postInput('taken-name'), { mode: 'update', id: original.id }),
    ).rejects.toThrow('already exists')

    await engine.savePost(postInput('new-name', { title: 'Renamed' }), { mode: 'update', id: original.id })
    expect((await engine.listPosts({ search: 'name' })).items.map((p) => p.slug).sort()).toEqual([
      'new-name',
      'taken-name',
    ])
    await engine.syncNow()
    const renamed = await serverPost(server, 'new-name')
    expect(renamed).toMatchObject({ id: original.id, title: 'Renamed', created_at: original.created_at })
    expect(await serverPost(server, 'old-name')).toBeNull()
  })

  it('keeps a conflict copy when the server changed after the local edit began; "keep mine" sends mine', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    await engine.savePost(postInput('contested', { title: 'Original' }))
    await engine.syncNow()

    await engine.getPost('contested') // the editor opens the post: this is the version the edit starts from
    desktop.network.up = false
    await engine.savePost(postInput('contested', { title: 'Mine, written offline' }))
    const browser = await otherEditor(server)
    await updatePost(browser, postInput('contested', { title: 'Theirs, from the browser' }))

    desktop.network.up = true
    const status = await engine.retryNow()
    expect(status.conflicts).toBe(1)
    expect(status.pending).toBe(0)
    // Never a silent last-write-wins: the server still has theirs, the desktop keeps both.
    expect((await serverPost(server, 'contested'))?.title).toBe('Theirs, from the browser')
    const [conflict] = await desktop.backend.listConflicts()
    expect(conflict.mine?.title).toBe('Mine, written offline')
    expect(conflict.theirs?.title).toBe('Theirs, from the browser')
    expect((await engine.getPost('contested'))?.syncState).toBe('conflict')

    await engine.resolveConflict('contested', 'mine')
    const after = await engine.syncNow()
    expect(after).toMatchObject({ conflicts: 0, pending: 0 })
    expect((await serverPost(server, 'contested'))?.title).toBe('Mine, written offline')
    expect((await engine.getPost('contested'))?.syncState).toBe('synced')
  })

  it('"keep theirs" drops the local version and shows the server copy', async () => {
    const desktop = await signedInDesktop()
    const { engine } = desktop.backend
    await engine.savePost(postInput('contested-two', { title: 'Original' }))
    await engine.syncNow()
    await engine.getPost('contested-two')
    desktop.network.up = false
    await engine.savePost(postInput('contested-two', { title: 'Mine' }))
    await updatePost(await otherEditor(server), postInput('contested-two', { title: 'Theirs' }))
    desktop.network.up = true
    expect((await engine.retryNow()).conflicts).toBe(1)

    await engine.resolveConflict('contested-two', 'theirs')
    const after = await engine.syncNow()
    expect(after).toMatchObject({ conflicts: 0, pending: 0 })
    expect((await serverPost(server, 'contested-two'))?.title).toBe('Theirs')
    expect(await engine.getPost('contested-two')).toMatchObject({ title: 'Theirs', syncState: 'synced' })
  })

  it('keeps the outbox across a restart and sends it in order afterwards', async () => {
    const network = { up: false }
    const first = await signedInDesktop({ network: { up: true } })
    first.network.up = false
    const photo = await phonePhotoRotated(2000, 1500)
    const compressed = await first.backend.compressImage({
      bytes: photo,
      name: 'cover.jpg',
      type: 'image/jpeg',
    })
    const cover = await first.backend.uploadImage(compressed, 'blog-covers')
    expect(cover.pending).toBe(true)
    expect(cover.url).toMatch(/\/storage\/v1\/object\/public\/images\/blog-covers\/\d+\.jpg$/)
    await first.backend.engine.savePost(postInput('survives-restart', { cover_image_url: cover.url }))
    await first.backend.engine.savePost(postInput('doomed-draft'))
    await first.backend.engine.deletePost('doomed-draft') // never reached the server: dropped locally
    expect((await first.backend.engine.status()).pending).toBe(2)
    await first.close()

    // The app restarts (same user-data folder, same keychain), still offline.
    const second = await openDesktop({ userDataDir: first.userDataDir, secrets: first.secrets, network })
    opened.push(second)
    const queued = await second.backend.store.outbox()
    expect(queued.map((e) => [e.kind, e.slug])).toEqual([
      ['upload', null],
      ['save', 'survives-restart'],
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
    // The first upload request is aborted while in flight, as a dropped connection would.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/storage/v1/object/images/') && (init?.method ?? 'GET') !== 'GET') {
        uploadAttempts++
        attemptTimes.push(Date.now())
        if (uploadAttempts === 1) {
          const controller = new AbortController()
          setTimeout(() => controller.abort(), 1)
          return realFetch(input, { ...init, signal: controller.signal })
        }
      }
      return realFetch(input, init)
    }) as typeof fetch
    try {
      const photo = await phonePhotoRotated(1600, 1200)
      const compressed = await desktop.backend.compressImage({
        bytes: photo,
        name: 'phone.jpg',
        type: 'image/jpeg',
      })
      const uploaded = await desktop.backend.uploadImage(compressed, 'blog-covers')
      expect(uploaded.url).toMatch(/\/blog-covers\/\d+\.jpg$/)
      // Nobody presses anything: the outbox retries on its own once the backoff (500 ms here) has passed.
      await expect.poll(() => desktop.backend.store.pendingCount(), { timeout: 20_000 }).toBe(0)
      expect(uploadAttempts).toBe(2)
      expect(attemptTimes[1] - attemptTimes[0]).toBeGreaterThanOrEqual(450)
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
