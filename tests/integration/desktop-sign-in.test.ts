import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../desktop/contract.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { openDesktop, postInput } from '../support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

/**
 * Signing in empties the list and pulls it again (editors see drafts). Until that pull has finished, no
 * status may say the list is synced: a sync abandoned by the reset is neither recorded nor announced.
 */
const posts = 2000

describe('signing in on a desktop against 2,000 posts', { timeout: 300_000 }, () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    const service = createNodeSupabaseClient(server.url, server.ctx.supabase.serviceRoleKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    for (let start = 0; start < posts; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => ({
        ...postInput(`sign-in-${start + k}`),
        status: (start + k) % 10 === 0 ? ('draft' as const) : ('published' as const),
      }))
      const { error } = await service.from('blogs').insert(rows)
      if (error) throw new Error(error.message)
    }
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('announces no finished sync before every post is listed', async () => {
    const { count } = await createNodeSupabaseClient(server.url, server.ctx.supabase.serviceRoleKey)
      .from('blogs')
      .select('id', { count: 'exact', head: true })
    const seen: Array<{ status: SyncStatus; listed: Promise<number> }> = []
    let watching = false
    const desktop = await openDesktop({
      siteUrl: server.url,
      onStatus: (status) => {
        // What the list shows at the moment the status is announced.
        if (watching) seen.push({ status, listed: desktop.backend.engine.listPosts({}).then((l) => l.total) })
      },
    })
    try {
      // The app opened and showed the published posts; now the editor signs in.
      await desktop.backend.engine.syncNow()
      watching = true
      await desktop.backend.signIn(testEditor.email, testEditor.password)
      await expect
        .poll(async () => (await desktop.backend.engine.listPosts({})).total, { timeout: 120_000 })
        .toBe(count)
      await expect
        .poll(async () => (await desktop.backend.engine.status()).syncing, { timeout: 20_000 })
        .toBe(false)
      const synced = seen.filter(({ status }) => !status.syncing && status.lastSyncAt !== null)
      expect(synced.length, 'a finished sync is announced').toBeGreaterThan(0)
      for (const { listed } of synced) expect(await listed).toBe(count)
    } finally {
      await desktop.destroy()
    }
  })
})
