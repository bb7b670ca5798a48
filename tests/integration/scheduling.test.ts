import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPost,
  getPostById,
  getPublishedPostBySlug,
  listPostsForAdmin,
  listPublishedPosts,
  updatePost,
} from '../../shared/data/blogs.ts'
import { getPublicPostPage } from '../../shared/data/published-blogs.ts'
import { sanitizerVersion } from '../../shared/lib/sanitize-html.node.ts'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { openDesktop, postInput } from '../support/desktop.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'
import { clientsOf, samplePost } from '../support/clients.ts'

let server: TestServer
let anon: SupabaseClient
let editor: SupabaseClient

const post = samplePost

/** The post page's one read, as a visitor's page makes it. */
const postPage = (slug: string) => getPublicPostPage(anon, slug, sanitizerVersion, { limit: 3, minimum: 2 })

/** A time an hour from now by this machine's clock: only ever the starting point, never what decides. */
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

/**
 * Moves a post's publish time relative to the database's own clock (`now()`), as the passing of time would:
 * the client's clock is never what makes a post public.
 */
async function publishAtDbNowPlus(id: string, interval: string) {
  await server.ctx.localSupabase!.db.query(
    `update public.blogs set publish_at = now() + $2::interval where id = $1`,
    [id, interval],
  )
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ anon, editor } = await clientsOf(server))
})

afterAll(async () => {
  await server?.stop()
})

describe('scheduled posts', () => {
  it('are invisible to visitors before publish_at and public after it, by the database clock', async () => {
    const created = await createPost(
      editor,
      post('scheduled-launch', { status: 'scheduled', publish_at: inAnHour() }),
    )
    expect(created.status).toBe('scheduled')
    expect(created.publish_at).not.toBeNull()

    // Before: the table's policy, the public view, the post page and its head all hide it.
    expect((await anon.from('blogs').select('id').eq('id', created.id)).data).toEqual([])
    expect(await getPublishedPostBySlug(anon, 'scheduled-launch')).toBeNull()
    expect(await postPage('scheduled-launch')).toBeNull()
    const before = await listPublishedPosts(anon, { search: 'scheduled-launch', pageSize: 50 })
    expect(before.rows.map((r) => r.slug)).not.toContain('scheduled-launch')
    // Editors see it all along.
    expect((await getPostById(editor, created.id))?.status).toBe('scheduled')

    // Still a second away by the database's clock: hidden.
    await publishAtDbNowPlus(created.id, '1 minute')
    expect(await getPublishedPostBySlug(anon, 'scheduled-launch')).toBeNull()

    // The time comes: nothing runs, the read rule lets it through.
    await publishAtDbNowPlus(created.id, '-1 second')
    expect((await getPublishedPostBySlug(anon, 'scheduled-launch'))?.title).toBe('Post scheduled-launch')
    expect((await postPage('scheduled-launch'))?.row.slug).toBe('scheduled-launch')
    expect((await anon.from('blogs').select('id').eq('id', created.id)).data).toHaveLength(1)
    const after = await listPublishedPosts(anon, { search: 'Post scheduled-launch', pageSize: 50 })
    expect(after.rows.map((r) => r.slug)).toContain('scheduled-launch')
  })

  it('refuses a scheduled post without a publish time, in the schema and in the database', async () => {
    await expect(createPost(editor, post('no-time', { status: 'scheduled' }))).rejects.toMatchObject({
      code: 'invalid_input',
    })
    const { error } = await editor
      .from('blogs')
      .insert({ ...post('no-time-sql'), status: 'scheduled', publish_at: null })
    expect(error?.code).toBe('23514')
    const { error: badStatus } = await editor.from('blogs').insert({ ...post('odd'), status: 'archived' })
    expect(badStatus?.code).toBe('23514')
  })

  it('keeps the publish time only for scheduled posts, and a save compares the instant, not its spelling', async () => {
    const created = await createPost(
      editor,
      post('drafted-with-time', { status: 'draft', publish_at: inAnHour() }),
    )
    expect(created.publish_at).toBeNull()
    const at = new Date(Date.now() + 7_200_000)
    at.setUTCMilliseconds(0)
    const scheduled = await updatePost(
      editor,
      {
        ...post('drafted-with-time'),
        status: 'scheduled',
        publish_at: at.toISOString().replace('Z', '+00:00'),
      },
      { id: created.id, version: created.version },
    )
    expect(Date.parse(scheduled.publish_at!)).toBe(at.getTime())
    expect(scheduled.version).toBe(created.version + 1)
  })

  it('filters the admin list by status on the server, with the same clock', async () => {
    const due = await createPost(editor, post('filter-due', { status: 'scheduled', publish_at: inAnHour() }))
    await publishAtDbNowPlus(due.id, '-1 minute')
    await createPost(editor, post('filter-later', { status: 'scheduled', publish_at: inAnHour() }))
    await createPost(editor, post('filter-draft', { status: 'draft' }))
    await createPost(editor, post('filter-live', { status: 'published' }))

    const slugs = async (status: 'all' | 'published' | 'scheduled' | 'draft') => {
      const page = await listPostsForAdmin(editor, { search: 'filter-', status, pageSize: 50 })
      expect(page.total).toBe(page.rows.length)
      return page.rows.map((r) => r.slug).sort()
    }
    expect(await slugs('all')).toEqual(['filter-draft', 'filter-due', 'filter-later', 'filter-live'])
    expect(await slugs('published')).toEqual(['filter-due', 'filter-live'])
    expect(await slugs('scheduled')).toEqual(['filter-later'])
    expect(await slugs('draft')).toEqual(['filter-draft'])

    // Pages of the filtered list: "Page X of Y" counts only the matching posts.
    const first = await listPostsForAdmin(editor, { search: 'filter-', status: 'published', pageSize: 1 })
    expect(first.total).toBe(2)
    expect(first.rows).toHaveLength(1)
    // Visitors never see drafts or later posts, whatever the filter says.
    const visitor = await listPostsForAdmin(anon, { search: 'filter-', status: 'all', pageSize: 50 })
    expect(visitor.rows.map((r) => r.slug).sort()).toEqual(['filter-due', 'filter-live'])
  })

  it(
    'round-trip through the desktop: the offline store keeps publish_at, syncs it, and filters by status',
    { timeout: 120_000 },
    async () => {
      const desktop = await openDesktop({ siteUrl: server.url })
      try {
        await desktop.backend.signIn(testEditor.email, testEditor.password)
        const { engine } = desktop.backend
        const at = inAnHour()
        const created = await engine.savePost(
          { ...postInput('desktop-scheduled'), status: 'scheduled', publish_at: at },
          { mode: 'create' },
        )
        await engine.savePost({ ...postInput('desktop-draft'), status: 'draft' }, { mode: 'create' })
        // Offline first: the local copy already holds the time.
        expect((await engine.getPost('desktop-scheduled'))?.publish_at).toBe(at)
        await engine.syncNow()
        const onServer = await getPostById(editor, created.id)
        expect(onServer?.status).toBe('scheduled')
        expect(Date.parse(onServer!.publish_at!)).toBe(Date.parse(at))
        // The synced copy (the server's spelling of the same instant) is no conflict and nothing waits.
        expect((await engine.status()).pending).toBe(0)
        expect((await engine.getPost('desktop-scheduled'))?.syncState).toBe('synced')

        const slugs = async (status: 'all' | 'published' | 'scheduled' | 'draft') =>
          (await engine.listPosts({ search: 'desktop-', status })).items.map((p) => p.slug).sort()
        expect(await slugs('scheduled')).toEqual(['desktop-scheduled'])
        expect(await slugs('draft')).toEqual(['desktop-draft'])
        expect(await slugs('published')).toEqual([])
        expect(await slugs('all')).toEqual(['desktop-draft', 'desktop-scheduled'])
        // Refused by the contract's schema like the browser's: scheduled without a time.
        await expect(
          engine.savePost({ ...postInput('desktop-no-time'), status: 'scheduled' }, { mode: 'create' }),
        ).resolves.toBeTruthy()
        await engine.syncNow()
        expect((await engine.attention()).map((a) => [a.slug, a.reason])).toEqual([
          ['desktop-no-time', 'invalid_input'],
        ])
      } finally {
        await desktop.destroy()
      }
    },
  )
})
