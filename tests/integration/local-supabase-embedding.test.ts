import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createPost, updatePost } from '../../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

// Resource embedding through the product's own foreign keys (blog_revisions.post_id → blogs.id), through
// supabase-js against the embedded backend, with the row-level security of every embedded table applied.

let server: TestServer
let anon: SupabaseClient
let editor: SupabaseClient
let member: SupabaseClient
let postId = ''
const slug = `embedding-${Date.now().toString(36)}`

beforeAll(async () => {
  server = await startTestServer()
  const { anonKey } = server.ctx.supabase
  anon = createNodeSupabaseClient(server.url, anonKey)
  editor = createNodeSupabaseClient(server.url, anonKey)
  const signedIn = await editor.auth.signInWithPassword(testEditor)
  if (signedIn.error) throw signedIn.error

  // A signed-in person who is not an editor: the revisions policy lets editors only read them.
  const person = { email: 'reader@example.com', password: 'reader-password-123' }
  await server.ctx.localSupabase!.db.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())`,
    [person.email, await bcrypt.hash(person.password, 4)],
  )
  member = createNodeSupabaseClient(server.url, anonKey)
  const memberSignIn = await member.auth.signInWithPassword(person)
  if (memberSignIn.error) throw memberSignIn.error

  // Three saved versions of one published post: three revisions.
  const v1 = await createPost(editor, {
    title: 'Embedding v1',
    slug,
    author: 'Asha Rao',
    content: '<p>1</p>',
  })
  const v2 = await updatePost(
    editor,
    { title: 'Embedding v2', slug, author: 'Asha Rao', content: '<p>2</p>' },
    v1,
  )
  await updatePost(editor, { title: 'Embedding v3', slug, author: 'Asha Rao', content: '<p>3</p>' }, v2)
  postId = v1.id
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

describe('resource embedding', () => {
  it('embeds one-to-many with embedded order and limit', async () => {
    const { data, error } = await editor
      .from('blogs')
      .select('slug, blog_revisions(version, title)')
      .eq('id', postId)
      .order('version', { referencedTable: 'blog_revisions', ascending: false })
      .limit(2, { referencedTable: 'blog_revisions' })
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      slug,
      blog_revisions: [
        { version: 3, title: 'Embedding v3' },
        { version: 2, title: 'Embedding v2' },
      ],
    })
  })

  it('embeds many-to-one as an object, with an alias, a spread and an embedded filter', async () => {
    const { data, error } = await editor
      .from('blog_revisions')
      .select('version, post:blogs(slug, title), ...blogs(status)')
      .eq('post_id', postId)
      .eq('version', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ version: 1, post: { slug, title: 'Embedding v3' }, status: 'published' })

    const filtered = await editor
      .from('blogs')
      .select('slug, blog_revisions!inner(version)')
      .eq('blog_revisions.title', 'Embedding v2')
      .eq('id', postId)
    expect(filtered.error).toBeNull()
    expect(filtered.data).toEqual([{ slug, blog_revisions: [{ version: 2 }] }])
  })

  it('embeds through a view that exposes the key column (published_blogs)', async () => {
    const { data, error } = await editor
      .from('published_blogs')
      .select('slug, blog_revisions(version)')
      .eq('slug', slug)
      .single()
    expect(error).toBeNull()
    expect(data!.blog_revisions).toHaveLength(3)
  })

  it("applies the embedded table's row-level security: a non-editor sees the post but none of its revisions", async () => {
    /** The test post with its revisions embedded, as `client` reads it. */
    const postWithRevisions = (client: SupabaseClient) =>
      client.from('blogs').select('slug, blog_revisions(version)').eq('id', postId)
    const { data, error } = await postWithRevisions(member).single()
    expect(error).toBeNull()
    expect(data).toEqual({ slug, blog_revisions: [] })

    // With !inner the hidden revisions leave no post at all.
    const inner = await member.from('blogs').select('slug, blog_revisions!inner(version)').eq('id', postId)
    expect(inner.error).toBeNull()
    expect(inner.data).toEqual([])

    // Visitors have no privilege on revisions at all: the embed is refused, as a plain read would be.
    const visitor = await postWithRevisions(anon)
    expect(visitor.status).toBe(401)
    expect(visitor.error?.code).toBe('42501')
  })

  it('answers PostgREST errors for relationships it cannot follow', async () => {
    const unknown = await editor.from('blogs').select('slug, leads(*)')
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'blogs' and 'leads' in the schema cache",
    })

    // Aggregates are off unless the authenticator role enables them, as on a hosted project.
    const counted = await editor.from('blogs').select('slug, blog_revisions(count)').eq('id', postId)
    expect(counted.status).toBe(400)
    expect(counted.error).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    })
  })
})
