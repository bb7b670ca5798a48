import { describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { desktopAgainstTestServer } from '../support/desktop-server.ts'
import { submitLead } from '../support/leads.ts'
import { capturedMail, testEditor } from '../support/server.ts'

/**
 * Roles on the desktop: the session carries the role, an administrator manages people through the site's
 * /api/people (the app holds no service-role key), and a contributor's refused publish waits under "needs
 * attention" with the reason.
 */
describe('roles on the desktop', { timeout: 240_000 }, () => {
  const running = desktopAgainstTestServer()

  it('an administrator invites, re-roles and removes people from the desktop', async () => {
    const session = await running.desktop.backend.signIn(testEditor.email, testEditor.password)
    expect(session).toMatchObject({ signedIn: true, role: 'admin' })

    const invited = await running.desktop.backend.invitePerson({
      email: 'desk.person@example.com',
      role: 'editor',
    })
    expect(invited).toMatchObject({ role: 'editor', status: 'invited' })
    const mail = (await capturedMail(running.server)).find((m) => m.to.includes('desk.person@example.com'))
    expect(mail?.subject).toBe("You're invited to the Meridian editor")

    expect((await running.desktop.backend.changePersonRole(invited.userId, 'contributor')).role).toBe(
      'contributor',
    )
    const people = await running.desktop.backend.listPeople()
    expect(people.map((p) => [p.email, p.role])).toEqual(
      expect.arrayContaining([
        [testEditor.email, 'admin'],
        ['desk.person@example.com', 'contributor'],
      ]),
    )
    await running.desktop.backend.removePerson(invited.userId)
    expect((await running.desktop.backend.listPeople()).map((p) => p.email)).not.toContain(
      'desk.person@example.com',
    )
  })

  it("a contributor's publish is refused by the database and waits under needs attention", async () => {
    const db = running.server.ctx.localSupabase!.db
    const invited = await running.desktop.backend.invitePerson({
      email: 'desk.writer@example.com',
      role: 'contributor',
    })
    // The password is set in the database here (the mailed link is tested in people.test.ts).
    const { hashPassword } = await import('../../server/local-supabase/auth/users.ts')
    await db.query(
      'update auth.users set encrypted_password = $2, email_confirmed_at = now() where id = $1::uuid',
      [invited.userId, await hashPassword('desk-writer-password')],
    )
    await running.desktop.backend.signOut()
    const session = await running.desktop.backend.signIn('desk.writer@example.com', 'desk-writer-password')
    expect(session.role).toBe('contributor')
    await expect(running.desktop.backend.listPeople()).rejects.toThrow(/Only administrators/)
    // Leads are for editors and administrators: RLS shows a contributor none.
    await submitLead(running.server.url, 'Lead Person', 'lead@startup.example')
    expect((await running.desktop.backend.listLeads({})).leads).toEqual([])
    // Nor the captured inbox (it holds the leads' addresses): the staff check refuses a contributor.
    const writer = createNodeSupabaseClient(running.server.url, running.server.ctx.supabase.anonKey, {
      persistSession: false,
      autoRefreshToken: false,
    })
    const { data: own } = await writer.auth.signInWithPassword({
      email: 'desk.writer@example.com',
      password: 'desk-writer-password',
    })
    const inbox = await fetch(`${running.server.url}/api/dev/mail`, {
      headers: { Authorization: `Bearer ${own.session!.access_token}` },
    })
    expect(inbox.status).toBe(401)

    const { engine } = running.desktop.backend
    const fields = {
      title: 'Desk draft',
      slug: 'desk-draft',
      author: 'Writer',
      type: 'blog' as const,
      status: 'draft' as const,
      excerpt: null,
      content: '<p>Draft</p>',
      content_markdown: 'Draft',
      cover_image_url: null,
      tags: [],
      publish_at: null,
    }
    const draft = await engine.savePost(fields, { mode: 'create' })
    let status = await engine.retryNow()
    expect(status).toMatchObject({ pending: 0, attention: 0 })
    const stored = await db.query<{ status: string; author_id: string }>(
      "select status, author_id::text as author_id from public.blogs where slug = 'desk-draft'",
    )
    expect(stored.rows).toEqual([{ status: 'draft', author_id: invited.userId }])

    const synced = (await engine.getPost('desk-draft'))!
    await engine.savePost(
      { ...fields, status: 'published' },
      { mode: 'update', id: draft.id, version: synced.version },
    )
    status = await engine.retryNow()
    expect(status).toMatchObject({ attention: 1, pending: 0, conflicts: 0 })
    const [item] = await engine.attention()
    expect(item).toMatchObject({ slug: 'desk-draft', reason: 'not_allowed' })
    const after = await db.query<{ status: string }>(
      "select status from public.blogs where slug = 'desk-draft'",
    )
    expect(after.rows[0]!.status).toBe('draft')
  })
})
