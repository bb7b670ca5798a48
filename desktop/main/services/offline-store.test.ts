import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PostInput } from '../../contract.ts'
import { OfflineStore, StoreLockedError, storeFiles } from './offline-store.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'offline-store-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the offline store folder', () => {
  it('is used by one open store at a time: a second is refused in words until the first closes', async () => {
    const first = await OfflineStore.open(dir)
    const second = OfflineStore.open(dir)
    await expect(second).rejects.toBeInstanceOf(StoreLockedError)
    await expect(second).rejects.toThrow(
      `The offline store is in use by another Meridian process (pid ${process.pid}).`,
    )
    first.close()
    const again = await OfflineStore.open(dir)
    again.close()
  })
})

describe('opening the store', () => {
  const input = (slug: string): PostInput => ({
    title: `Post ${slug}`,
    slug,
    content: '<p>Body</p>',
    content_markdown: null,
    excerpt: null,
    status: 'published',
    type: 'blog',
    tags: [],
    author: 'Asha Rao',
    cover_image_url: null,
    publish_at: null,
  })

  it('queues a pending change that has no queue entry (a crash between the two writes of an earlier version)', async () => {
    const store = await OfflineStore.open(dir)
    store.saveChange('saved-here', 1, input('saved-here'))
    store.close()
    // What a version that wrote a change and its queue entry in two steps left when it died between them:
    // the change, and no entry. A conflict waits for the editor and is not sent.
    const file = new Database(path.join(dir, storeFiles.database))
    const orphan = file.prepare(
      `insert into local_changes (post_id, base_version, input, state, edited_at) values (?, ?, ?, ?, ?)`,
    )
    orphan.run(
      'edited-later',
      4,
      JSON.stringify(input('edited-later')),
      'pending',
      '2026-03-02T10:00:00.000Z',
    )
    orphan.run('deleted', 2, null, 'pending', '2026-03-01T10:00:00.000Z')
    orphan.run('in-conflict', 3, JSON.stringify(input('in-conflict')), 'conflict', '2026-03-01T09:00:00.000Z')
    file.close()

    const reopened = await OfflineStore.open(dir)
    try {
      const changes = reopened.queue().filter((e) => e.kind === 'change')
      // The entry that was there stays first; the stranded ones follow, oldest edit first.
      expect(changes.map((e) => e.postId)).toEqual(['saved-here', 'deleted', 'edited-later'])
      expect(reopened.pendingCount()).toBe(3)
      expect(reopened.nextEntry()?.postId).toBe('saved-here')
    } finally {
      reopened.close()
    }
    // Opening again queues nothing twice.
    const again = await OfflineStore.open(dir)
    expect(again.queue().map((e) => e.postId)).toEqual(['saved-here', 'deleted', 'edited-later'])
    again.close()
  })
})
