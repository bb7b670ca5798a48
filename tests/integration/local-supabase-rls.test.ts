import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import {
  actors,
  contributor,
  editorRole,
  member,
  signInActors,
  type Actor,
  type RlsActors,
} from '../support/rls-actors.ts'
import { startTestServer, testEditor, type TestServer } from '../support/server.ts'

// Row-level security, decided by the migrations' policies exactly as on hosted Supabase:
// every actor × table × operation, each allow or deny asserted and the stored data checked afterwards.

type Target =
  | 'published post'
  | 'draft post'
  | "contributor's own draft"
  | 'leads'
  | 'editors'
  | 'newsletter_subscribers'
  | 'newsletter_sends'
type Operation = 'select' | 'insert' | 'update' | 'delete'

let server: TestServer
let clients: Record<Actor, SupabaseClient>
let service: SupabaseClient
let contributorId = ''
let createAuthUser: RlsActors['createAuthUser']
let unique = 0
const next = () => `${Date.now().toString(36)}-${++unique}`

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients, contributorId, createAuthUser } = await signInActors(server))
  service = clients.service
  // The first start creates the database: slow on a busy machine.
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** How each target is addressed: its table, a fresh row to insert, a change to apply, the row's key. */
interface TargetSpec {
  table: string
  key: string
  newRow(): Promise<Record<string, unknown>>
  change: Record<string, unknown>
}

/** A post target: a fresh post of the given fields (read when the row is made) under a unique slug. */
const postTarget = (slugPrefix: string, fields: () => Record<string, unknown>): TargetSpec => ({
  table: 'blogs',
  key: 'slug',
  newRow: async () => ({ ...fields(), slug: `${slugPrefix}-${next()}` }),
  change: { title: 'Changed title' },
})

const targets: Record<Target, TargetSpec> = {
  'published post': postTarget('rls', () => ({ title: 'RLS post', author: 'Tester', status: 'published' })),
  'draft post': postTarget('rls-draft', () => ({ title: 'RLS draft', author: 'Tester', status: 'draft' })),
  "contributor's own draft": postTarget('rls-own', () => ({
    title: 'RLS own draft',
    author: 'Contributor',
    status: 'draft',
    author_id: contributorId,
  })),
  leads: {
    table: 'leads',
    key: 'idempotency_key',
    newRow: async () => ({
      name: 'Lead Person',
      email: 'lead@example.com',
      phone: '+1 555 010 0000',
      requirement: 'Five backend engineers',
      tech_stack: 'Go, Postgres',
      idempotency_key: next(),
    }),
    // The pipeline columns: the only ones editors and administrators may change.
    change: { status: 'contacted', notes: 'Called back' },
  },
  editors: {
    table: 'editors',
    key: 'user_id',
    newRow: async () => {
      const email = `editor-${next()}@example.com`
      return { user_id: await createAuthUser(email), email }
    },
    change: { email: 'changed@example.com' },
  },
  newsletter_subscribers: {
    table: 'newsletter_subscribers',
    key: 'email',
    newRow: async () => ({ email: `reader-${next()}@example.com` }),
    change: { confirmation_sent_at: '2026-01-01T00:00:00+00:00' },
  },
  newsletter_sends: {
    table: 'newsletter_sends',
    key: 'slug',
    newRow: async () => ({ slug: `sent-${next()}`, subject: 'An issue', html: '<p>Hi</p>', text: 'Hi' }),
    change: { subject: 'Changed' },
  },
}

const Y = true
const N = false
/** The policy: may this actor perform this operation on this target? */
// Columns: anon, member (signed in, not in `editors`), contributor, editor, admin, service role.
const row = (...flags: boolean[]) =>
  Object.fromEntries(actors.map((a, i) => [a, flags[i]!])) as Record<Actor, boolean>
const allowed: Record<Target, Record<Operation, Record<Actor, boolean>>> = {
  'published post': {
    select: row(Y, Y, Y, Y, Y, Y),
    insert: row(N, N, N, Y, Y, Y),
    update: row(N, N, N, Y, Y, Y),
    delete: row(N, N, N, Y, Y, Y),
  },
  // Nobody's draft (written by the server): a contributor's insert of a draft makes it theirs (author_id
  // defaults to the caller), but someone else's draft is not theirs to read or change.
  'draft post': {
    select: row(N, N, N, Y, Y, Y),
    insert: row(N, N, Y, Y, Y, Y),
    update: row(N, N, N, Y, Y, Y),
    delete: row(N, N, N, Y, Y, Y),
  },
  "contributor's own draft": {
    select: row(N, N, Y, Y, Y, Y),
    insert: row(N, N, Y, Y, Y, Y),
    update: row(N, N, Y, Y, Y, Y),
    delete: row(N, N, N, Y, Y, Y),
  },
  leads: {
    select: row(N, N, N, Y, Y, Y),
    insert: row(N, N, N, N, N, Y),
    update: row(N, N, N, Y, Y, Y),
    delete: row(N, N, N, N, N, Y),
  },
  // Contributors do not see the team (nor the staff tools that check it).
  editors: {
    select: row(N, N, N, Y, Y, Y),
    insert: row(N, N, N, N, Y, Y),
    update: row(N, N, N, N, Y, Y),
    delete: row(N, N, N, N, Y, Y),
  },
  // Administrators remove subscribers (the Newsletter screen); only the server adds or changes them.
  newsletter_subscribers: {
    select: row(N, N, N, Y, Y, Y),
    insert: row(N, N, N, N, N, Y),
    update: row(N, N, N, N, N, Y),
    delete: row(N, N, N, N, Y, Y),
  },
  // Editors follow a send's progress; only the server starts and records sends.
  newsletter_sends: {
    select: row(N, N, N, Y, Y, Y),
    insert: row(N, N, N, N, N, Y),
    update: row(N, N, N, N, N, Y),
    delete: row(N, N, N, N, N, Y),
  },
}

async function storedRow(spec: TargetSpec, keyValue: unknown) {
  const { data, error } = await service
    .from(spec.table)
    .select('*')
    .eq(spec.key, keyValue as string)
  if (error) throw error
  return data
}

const cases = (Object.keys(allowed) as Target[]).flatMap((target) =>
  (['select', 'insert', 'update', 'delete'] as Operation[]).flatMap((op) =>
    actors.map((actor) => ({
      target,
      op,
      actor,
      allow: allowed[target][op][actor],
    })),
  ),
)

describe('row-level security matrix', () => {
  it.each(cases)('$actor $op on $target → allowed: $allow', async ({ target, op, actor, allow }) => {
    const spec = targets[target]
    const client = clients[actor]
    const row = await spec.newRow()
    const keyValue = row[spec.key]

    if (op === 'insert') {
      const { error, status } = await client.from(spec.table).insert(row)
      const stored = await storedRow(spec, keyValue)
      if (allow) {
        expect(error).toBeNull()
        expect(status).toBe(201)
        expect(stored).toHaveLength(1)
      } else {
        expect(error?.code).toBe('42501')
        expect(status).toBe(actor === 'anon' ? 401 : 403)
        expect(stored).toHaveLength(0)
      }
      return
    }

    const created = await service.from(spec.table).insert(row)
    expect(created.error).toBeNull()
    const before = await storedRow(spec, keyValue)
    expect(before).toHaveLength(1)

    if (op === 'select') {
      const { data, error } = await client
        .from(spec.table)
        .select('*')
        .eq(spec.key, keyValue as string)
      expect(error).toBeNull()
      expect(data).toHaveLength(allow ? 1 : 0)
      return
    }

    const query =
      op === 'update' ? client.from(spec.table).update(spec.change) : client.from(spec.table).delete()
    const { data, error } = await query.eq(spec.key, keyValue as string).select()
    expect(error).toBeNull()
    const after = await storedRow(spec, keyValue)
    if (allow) {
      expect(data).toHaveLength(1)
      if (op === 'delete') expect(after).toHaveLength(0)
      else expect(after![0]).toMatchObject(spec.change)
    } else {
      // Postgres hides rows a policy does not grant: nothing matched, nothing changed.
      expect(data).toEqual([])
      expect(after).toEqual(before)
    }
  })
})

describe('policy details', () => {
  it('a signed-in non-editor cannot make themselves an editor', async () => {
    const { data: user } = await clients.member.auth.getUser()
    const { error } = await clients.member
      .from('editors')
      .insert({ user_id: user.user!.id, email: member.email })
    expect(error?.code).toBe('42501')
    const isEditor = await server.ctx.localSupabase!.db.query<{ n: number }>(
      'select count(*)::int as n from public.editors where email = $1',
      [member.email],
    )
    expect(isEditor.rows[0].n).toBe(0)
  })

  it('an editor cannot be tricked into publishing through another row: updates are checked after the change too', async () => {
    const row = await targets['published post'].newRow()
    await service.from('blogs').insert(row)
    const { error } = await clients.member
      .from('blogs')
      .update({ status: 'draft' })
      .eq('slug', row.slug as string)
    expect(error).toBeNull()
    const stored = await storedRow(targets['published post'], row.slug)
    expect(stored![0].status).toBe('published')
  })

  it('subscriber emails are stored lower-case and unique whatever their case', async () => {
    const email = `Mixed-${next()}@Example.COM`
    const first = await service.from('newsletter_subscribers').insert({ email }).select('email').single()
    expect(first.data!.email).toBe(email.toLowerCase())
    const again = await service.from('newsletter_subscribers').insert({ email: email.toUpperCase() })
    expect(again.status).toBe(409)
    expect(again.error?.code).toBe('23505')
  })

  it('is_editor() reflects the caller', async () => {
    const db = server.ctx.localSupabase!.db
    const editorId = (
      await db.query<{ id: string }>('select user_id::text as id from public.editors where email = $1', [
        testEditor.email,
      ])
    ).rows[0].id
    const ask = async (claims: object, role: string) => {
      const result = await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role === 'anon' ? 'anon' : 'authenticated'}`)
        await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)])
        return tx.query<{ ok: boolean }>('select public.is_editor() as ok')
      })
      return result.rows[0].ok
    }
    expect(await ask({ role: 'authenticated', sub: editorId }, 'authenticated')).toBe(true)
    expect(await ask({ role: 'authenticated', sub: crypto.randomUUID() }, 'authenticated')).toBe(false)
    expect(await ask({ role: 'anon' }, 'anon')).toBe(false)
  })
})

describe('roles', () => {
  const db = () => server.ctx.localSupabase!.db
  const roleOf = async (email: string) =>
    (await db().query<{ role: string }>('select role from public.editors where email = $1', [email])).rows[0]
      ?.role

  it('the first editor is an administrator; editor_role() tells each caller their role', async () => {
    expect(await roleOf(testEditor.email)).toBe('admin')
    for (const [actor, role] of [
      ['admin', 'admin'],
      ['editor', 'editor'],
      ['contributor', 'contributor'],
      ['member', null],
    ] as const) {
      const { data, error } = await clients[actor].rpc('editor_role')
      expect(error).toBeNull()
      expect(data).toBe(role)
    }
  })

  it('a contributor drafts (the post is theirs) but cannot publish, schedule, hand over or delete it', async () => {
    const slug = `rls-contrib-${next()}`
    const created = await clients.contributor
      .from('blogs')
      .insert({ title: 'My draft', slug, author: 'Contributor', status: 'draft' })
      .select('author_id, status')
      .single()
    expect(created.error).toBeNull()
    expect(created.data).toEqual({ author_id: contributorId, status: 'draft' })

    const publish = await clients.contributor.from('blogs').update({ status: 'published' }).eq('slug', slug)
    expect(publish.error?.code).toBe('42501')
    const schedule = await clients.contributor
      .from('blogs')
      .update({ status: 'scheduled', publish_at: new Date(Date.now() + 86_400_000).toISOString() })
      .eq('slug', slug)
    expect(schedule.error?.code).toBe('42501')
    const handOver = await clients.contributor.from('blogs').update({ author_id: null }).eq('slug', slug)
    expect(handOver.error?.code).toBe('42501')
    const removed = await clients.contributor.from('blogs').delete().eq('slug', slug).select()
    expect(removed.data).toEqual([])
    const publishedInsert = await clients.contributor
      .from('blogs')
      .insert({ title: 'Straight out', slug: `${slug}-live`, author: 'Contributor', status: 'published' })
    expect(publishedInsert.error?.code).toBe('42501')

    const stored = await storedRow(targets['draft post'], slug)
    expect(stored).toEqual([expect.objectContaining({ status: 'draft', author_id: contributorId })])

    // An editor publishes it for them; then it is no longer the contributor's to change.
    const published = await clients.editor
      .from('blogs')
      .update({ status: 'published' })
      .eq('slug', slug)
      .select()
    expect(published.data).toHaveLength(1)
    const late = await clients.contributor.from('blogs').update({ title: 'Sneaky' }).eq('slug', slug).select()
    expect(late.data).toEqual([])
  })

  it('only administrators change roles, and the last administrator cannot be demoted', async () => {
    // Neither an editor nor a contributor can make itself an administrator.
    for (const [actor, self] of [
      ['editor', editorRole],
      ['contributor', contributor],
    ] as const) {
      const promotion = await clients[actor]
        .from('editors')
        .update({ role: 'admin' })
        .eq('email', self.email)
        .select()
      expect(promotion.data, `${actor} promoting itself`).toEqual([])
    }
    expect(await roleOf(contributor.email)).toBe('contributor')

    const lastAdmin = await clients.admin
      .from('editors')
      .update({ role: 'editor' })
      .eq('email', testEditor.email)
    expect(lastAdmin.error?.message).toContain('The last administrator cannot be demoted')
    expect(await roleOf(testEditor.email)).toBe('admin')

    const promoted = await clients.admin
      .from('editors')
      .update({ role: 'editor' })
      .eq('email', contributor.email)
      .select('role')
    expect(promoted.data).toEqual([{ role: 'editor' }])
    await db().query("update public.editors set role = 'contributor' where email = $1", [contributor.email])
  })

  it('the last administrator cannot be removed, neither their editor row nor their account', async () => {
    const adminId = (await clients.admin.auth.getUser()).data.user!.id
    const ownRow = await clients.admin.from('editors').delete().eq('email', testEditor.email).select()
    expect(ownRow.error?.message).toBe(
      'The last administrator cannot be removed. Make someone else an administrator first.',
    )
    const account = await service.auth.admin.deleteUser(adminId)
    expect(account.error?.message).toBe(
      'The last administrator cannot be removed. Make someone else an administrator first.',
    )
    expect(await roleOf(testEditor.email)).toBe('admin')
    expect((await service.auth.admin.getUserById(adminId)).data.user?.email).toBe(testEditor.email)

    // With a second administrator, either may go, but not both at once.
    const second = `second-admin-${next()}@example.com`
    const secondId = await createAuthUser(second)
    await db().query("insert into public.editors (user_id, email, role) values ($1::uuid, $2, 'admin')", [
      secondId,
      second,
    ])
    const bothAdmins = await clients.admin.from('editors').delete().eq('role', 'admin').select()
    expect(bothAdmins.error?.message).toContain('The last administrator cannot be removed')
    expect(await roleOf(testEditor.email)).toBe('admin')
    expect(await roleOf(second)).toBe('admin')
    const removed = await clients.admin.from('editors').delete().eq('email', second).select('email')
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual([{ email: second }])
    expect(await roleOf(second)).toBeUndefined()
  })

  it('contributors upload images but only editors and administrators delete them', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const path = `blog-covers/rls-${next()}.png`
    const upload = await clients.contributor.storage
      .from('images')
      .upload(path, png, { contentType: 'image/png' })
    expect(upload.error).toBeNull()
    const contributorDelete = await clients.contributor.storage.from('images').remove([path])
    expect(contributorDelete.data).toEqual([])
    const editorDelete = await clients.editor.storage.from('images').remove([path])
    expect(editorDelete.data).toHaveLength(1)
  })
})

describe('leads pipeline', () => {
  it('editors change only status, notes and owner; the owner must be an editor or administrator', async () => {
    const row = await targets.leads.newRow()
    await service.from('leads').insert(row)
    const key = row.idempotency_key as string
    const delivery = await clients.editor
      .from('leads')
      .update({ last_error: 'forged' })
      .eq('idempotency_key', key)
    expect(delivery.error?.code).toBe('42501')
    const contributorId = (await clients.contributor.auth.getUser()).data.user!.id
    const toContributor = await clients.admin
      .from('leads')
      .update({ owner_id: contributorId })
      .eq('idempotency_key', key)
    expect(toContributor.error?.code).toBe('42501')
    const editorId = (await clients.editor.auth.getUser()).data.user!.id
    const owned = await clients.admin
      .from('leads')
      .update({ owner_id: editorId, status: 'qualified' })
      .eq('idempotency_key', key)
      .select('owner_id, status, last_error')
      .single()
    expect(owned.data).toEqual({ owner_id: editorId, status: 'qualified', last_error: null })
    const badStatus = await clients.editor
      .from('leads')
      .update({ status: 'maybe' })
      .eq('idempotency_key', key)
    expect(badStatus.error?.code).toBe('23514')
  })
})
