import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogImagePublicUrl, createPost, getPostById, updatePost } from '../../shared/data/blogs.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { PostInput } from '../../desktop/contract.ts'
import type { LocalChange } from '../../desktop/main/services/offline-store.ts'
import { openDesktop, otherEditor, postInput, type DesktopUnderTest } from '../support/desktop.ts'
import { PreviousOfflineStore } from '../support/previous-offline-store.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { readStoreFile, storeFileOf } from '../support/store-file.ts'

/**
 * An editor updates the app with work still unsent in the previous version's PGlite store
 * (tests/support/previous-offline-store.ts writes it with that version's own statements): the first start of
 * this version carries every local change over, queues every pending one (also one that version never
 * queued, because it died between its two writes), and once signed in everything reaches the server, or
 * still waits for the editor's choice.
 */
describe('a profile of the previous version (PGlite)', { timeout: 180_000 }, () => {
  let server: TestServer
  let desktop: DesktopUnderTest | null = null
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-previous-profile-'))

  beforeAll(async () => {
    server = await startTestServer()
  }, 180_000)
  afterAll(async () => {
    await desktop?.close()
    rmSync(userDataDir, { recursive: true, force: true })
    await server?.stop()
  })

  /** A change as that version wrote it: its input had no publish time (scheduling came later). */
  const oldInput = (slug: string, title: string, extra: Partial<PostInput> = {}): PostInput => {
    const { publish_at: _publishAt, ...input } = { ...postInput(slug), title, ...extra, publish_at: null }
    return input as PostInput
  }
  /** A server row as that version cached it (its rows had no publish time or author id). */
  const oldRow = (row: BlogRow) => {
    const { publish_at: _publishAt, author_id: _authorId, ...cached } = row
    return cached as BlogRow
  }
  const comparable = (c: LocalChange) => ({
    postId: c.postId,
    baseVersion: c.baseVersion,
    input: c.input,
    rev: c.rev,
    state: c.state,
    theirs: c.theirs,
    reason: c.reason,
    message: c.message,
    editedAt: c.editedAt.getTime(),
    detectedAt: c.detectedAt?.getTime() ?? null,
  })

  it('keeps every post and local change, queues every pending one, and sends them once signed in', async () => {
    const browser = await otherEditor(server)
    const posted = async (slug: string) => createPost(browser, postInput(slug, { title: `Server ${slug}` }))
    const [edited, stranded, removed, contested, refused] = await Promise.all(
      ['import-edited', 'import-stranded', 'import-removed', 'import-contested', 'import-refused'].map(
        posted,
      ),
    )
    // Someone else changed this one after the previous version's pull: its save there became a conflict.
    const theirs = await updatePost(
      browser,
      { ...postInput(contested!.slug), title: 'Changed in the browser' },
      { id: contested!.id, version: 1 },
    )
    const cover = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .png()
      .toBuffer()
    const coverPath = 'blog-covers/1763900000000.png'
    const coverUrl = blogImagePublicUrl(browser, coverPath)
    const newId = '5b7e0c8e-4d3a-4b8e-9a57-0c1d2e3f4a5b'

    // The previous version's store, written as that version wrote it.
    const old = await PreviousOfflineStore.open(path.join(userDataDir, 'offline'))
    const { url: supabaseUrl, anonKey: supabaseAnonKey } = server.ctx.supabase
    await old.setMeta('site_url', server.url)
    await old.setMeta(
      'site_config',
      JSON.stringify({ siteUrl: server.url, supabaseUrl, supabaseAnonKey, emailServiceUrl: null }),
    )
    await old.setMeta('posts_cursor', JSON.stringify({ at: edited!.updated_at, id: edited!.id }))
    await old.setMeta('last_sync_at', new Date().toISOString())
    await old.cachePosts([edited!, stranded!, removed!, contested!, refused!].map(oldRow))
    await old.cachePosts([oldRow(edited!)], { own: true })
    await old.save(edited!.id, 1, oldInput(edited!.slug, 'Edited offline'))
    await old.save(edited!.id, 1, oldInput(edited!.slug, 'Edited offline, saved again'))
    await old.saveChangeUnqueued(stranded!.id, 1, oldInput(stranded!.slug, 'Saved as the app died'))
    await old.save(removed!.id, 1, null)
    await old.enqueueUpload({ path: coverPath, contentType: 'image/png' }, new Uint8Array(cover))
    await old.save(
      newId,
      0,
      oldInput('import-written-offline', 'Written offline', { cover_image_url: coverUrl }),
    )
    await old.save(contested!.id, 1, oldInput(contested!.slug, 'Mine, in conflict'))
    await old.markConflict(contested!.id, oldRow(theirs))
    await old.save(refused!.id, 1, oldInput('import-edited', 'Refused: the slug is taken'))
    await old.markAttention(refused!.id, 'slug_taken', 'A post with the slug “import-edited” already exists.')
    const before = await old.changes()
    await old.close()
    expect(before).toHaveLength(6)

    // The first start of this version, offline: everything is carried over and waits to be sent.
    desktop = await openDesktop({ userDataDir, network: { up: false } })
    const { engine, store } = desktop.backend
    expect(existsSync(path.join(userDataDir, 'offline', 'pgdata'))).toBe(false)
    expect(store.changes().map(comparable)).toEqual(
      before.map((r) => ({
        postId: r.post_id,
        baseVersion: Number(r.base_version),
        input: r.input,
        rev: r.rev,
        state: r.state,
        theirs: r.theirs,
        reason: r.reason,
        message: r.message,
        editedAt: (r.edited_at as Date).getTime(),
        detectedAt: r.detected_at ? (r.detected_at as Date).getTime() : null,
      })),
    )
    // The upload first (the new post refers to it), then every pending change, oldest edit first.
    expect(store.queue().map((e) => e.postId ?? e.payload?.path)).toEqual([
      coverPath,
      edited!.id,
      stranded!.id,
      removed!.id,
      newId,
    ])
    expect(Buffer.from(store.queue()[0]!.image!)).toEqual(cover)
    expect(readStoreFile(storeFileOf(userDataDir))).toMatchObject({ pending: 4, conflict: 1, attention: 1 })
    expect(await engine.status()).toMatchObject({ pending: 5, conflicts: 1, attention: 1 })
    expect(store.cachedPost(edited!.id)?.ownVersion).toBe(1)
    expect(store.getMeta('posts_cursor')).toBeNull()
    expect(await desktop.backend.getSettings()).toMatchObject({ siteUrl: server.url })

    // Online and signed in: every pending change reaches the server; the conflict and the refusal wait.
    desktop.network.up = true
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    for (let i = 0; i < 5 && (await engine.retryNow()).pending > 0; i++);
    expect(await engine.status()).toMatchObject({ pending: 0, conflicts: 1, attention: 1 })
    const onServer = async (id: string) => (await getPostById(browser, id))?.title ?? null
    expect(await onServer(edited!.id)).toBe('Edited offline, saved again')
    expect(await onServer(stranded!.id)).toBe('Saved as the app died')
    expect(await onServer(removed!.id)).toBeNull()
    expect(await getPostById(browser, newId)).toMatchObject({
      title: 'Written offline',
      cover_image_url: coverUrl,
    })
    const image = await fetch(coverUrl)
    expect(image.status).toBe(200)
    expect(Buffer.from(await image.arrayBuffer())).toEqual(cover)
    expect(await onServer(contested!.id)).toBe('Changed in the browser')
    expect((await engine.conflicts()).map((c) => c.mine?.title)).toEqual(['Mine, in conflict'])
    expect((await engine.attention()).map((a) => [a.title, a.reason])).toEqual([
      ['Refused: the slug is taken', 'slug_taken'],
    ])
    // Every post is there: the ones sent, and the server's.
    const listed = (await engine.listPosts({ search: 'import-' })).items.map(
      (p) => [p.id, p.syncState] as const,
    )
    expect(new Map(listed)).toEqual(
      new Map([
        [edited!.id, 'synced'],
        [stranded!.id, 'synced'],
        [newId, 'synced'],
        [contested!.id, 'conflict'],
        [refused!.id, 'attention'],
      ]),
    )
  })
})
