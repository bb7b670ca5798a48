import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPost, PostConflictError, postFields, updatePost } from '../../shared/data/blogs.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { getRevision, listRevisions, revisionsKept } from '../../shared/data/revisions.ts'
import { openDesktop, postInput, type DesktopUnderTest } from '../support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { clientsOf, samplePost } from '../support/clients.ts'

let server: TestServer
let anon: SupabaseClient
let editor: SupabaseClient
let service: SupabaseClient
const desktops: DesktopUnderTest[] = []

const post = samplePost

beforeAll(async () => {
  server = await startTestServer()
  ;({ anon, service, editor } = await clientsOf(server))
}, 120_000)

afterAll(async () => {
  for (const desktop of desktops) await desktop.destroy()
  await server?.stop()
})

describe('revisions, written by the database', { timeout: 120_000 }, () => {
  it('keeps every browser save with who and when, and a restore is a new conditional save', async () => {
    const v1 = await createPost(editor, post('history-browser', { content: '<p>First words.</p>' }))
    const v2 = await updatePost(
      editor,
      post('history-browser', { content: '<p>Second words.</p>', tags: ['hiring'] }),
      v1,
    )
    const v3 = await updatePost(editor, post('history-browser', { title: 'Renamed', status: 'draft' }), v2)

    const history = await listRevisions(editor, v1.id)
    expect(history.map((r) => r.version)).toEqual([3, 2, 1])
    expect(history.every((r) => r.saved_by_email === testEditor.email && r.saved_by)).toBe(true)
    expect(history[0]).toMatchObject({ title: 'Renamed', status: 'draft' })
    expect(Date.parse(history[0].saved_at)).toBeGreaterThanOrEqual(Date.parse(history[2].saved_at))

    // Every editable field is kept.
    const second = (await getRevision(editor, history[1].id))!
    expect(second).toMatchObject({
      version: 2,
      content: '<p>Second words.</p>',
      tags: ['hiring'],
      slug: 'history-browser',
      status: 'published',
    })

    // Restore version 2: an ordinary save over the version now on the server.
    const restored = await updatePost(editor, postFields(second), v3)
    expect(restored.version).toBe(4)
    expect(restored).toMatchObject({ title: 'Post history-browser', content: '<p>Second words.</p>' })
    const after = await listRevisions(editor, v1.id)
    expect(after.map((r) => r.version)).toEqual([4, 3, 2, 1])
    expect(after[0].title).toBe('Post history-browser')

    // A restore from a stale version is a conflict like any other save, and writes nothing.
    await expect(updatePost(editor, postFields(second), v3)).rejects.toBeInstanceOf(PostConflictError)
    expect(await listRevisions(editor, v1.id)).toHaveLength(4)
  })

  it('keeps a desktop save that reached the server through sync', async () => {
    const desktop = await openDesktop({ siteUrl: server.url })
    desktops.push(desktop)
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    const { engine } = desktop.backend
    const created = await engine.savePost(postInput('history-desktop'), { mode: 'create' })
    await engine.syncNow()
    const synced = (await engine.getPost('history-desktop'))!
    expect(synced.version).toBe(1)
    await engine.savePost(
      { ...postInput('history-desktop'), title: 'Edited offline-first' },
      { mode: 'update', id: created.id, version: synced.version },
    )
    await engine.syncNow()

    const history = await listRevisions(editor, created.id)
    expect(history.map((r) => [r.version, r.title, r.saved_by_email])).toEqual([
      [2, 'Edited offline-first', testEditor.email],
      [1, synced.title, testEditor.email],
    ])
    // The desktop reads the same history through its main process, and says so when it has no network.
    expect((await desktop.backend.listRevisions(created.id)).map((r) => r.version)).toEqual([2, 1])
    const full = await desktop.backend.getRevision(history[0].id)
    expect(full?.title).toBe('Edited offline-first')
    desktop.network.up = false
    await expect(desktop.backend.listRevisions(created.id)).rejects.toThrow(
      'History is read from the server: connect to the network to see it.',
    )
    desktop.network.up = true
  })

  it('keeps the last 100 per post', async () => {
    await createPost(editor, post('history-trim'))
    // The server's own writes go through the same trigger: quicker than 105 requests.
    await server.ctx.localSupabase!.db.query(
      `do $$ begin for i in 1..104 loop
         update public.blogs set title = 'Title ' || i where slug = 'history-trim';
       end loop; end $$`,
    )
    const { data: current } = await editor.from('blogs').select('*').eq('slug', 'history-trim').single()
    expect(current.version).toBe(105)
    const history = await listRevisions(editor, current.id)
    expect(history).toHaveLength(revisionsKept)
    expect(history[0]).toMatchObject({ version: 105, title: 'Title 104', saved_by: null })
    expect(history.at(-1)!.version).toBe(6)
    const { count } = await service
      .from('blog_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('post_id', current.id)
    expect(count).toBe(100)
  })

  it('lets editors read and nobody write or change revisions directly', async () => {
    const created = await createPost(editor, post('history-rls'))
    // Visitors have no grant on the table at all.
    const visitor = await anon.from('blog_revisions').select('id').eq('post_id', created.id)
    expect(visitor.data ?? []).toEqual([])
    const forged = {
      post_id: created.id,
      version: 99,
      title: 'Forged',
      slug: 'history-rls',
      type: 'blog',
      author: 'Nobody',
      status: 'published',
    }
    for (const client of [anon, editor]) {
      const { error } = await client.from('blog_revisions').insert(forged)
      expect(error?.code).toBe('42501')
      const { data: changed } = await client
        .from('blog_revisions')
        .update({ title: 'Rewritten' })
        .eq('post_id', created.id)
        .select('id')
      expect(changed ?? []).toEqual([])
      const { data: removed } = await client
        .from('blog_revisions')
        .delete()
        .eq('post_id', created.id)
        .select('id')
      expect(removed ?? []).toEqual([])
    }
    expect((await listRevisions(editor, created.id)).map((r) => r.title)).toEqual(['Post history-rls'])
  })
})
