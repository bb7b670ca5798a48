import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { adminPath } from '../../shared/config/brand.ts'
import type { SupabaseClient, User } from '../../shared/data/client.ts'
import { getEditorRole } from '../../shared/data/people.ts'
import { inviteSchema, roleChangeSchema, type Person } from '../../shared/schemas/people.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from '../supabase-clients.ts'
import { forAdminScreens, onlyFor, requireEditor, type Editor } from './editor-auth.ts'
import { refuse, validBody } from '../http/pipeline.ts'

/**
 * `/api/people`: administrators invite people by email with a role, change roles and remove people.
 *
 * The caller's token must be an administrator's. Role changes and new `editors` rows are written as the
 * caller (row-level security checks they are an administrator, again); only what needs the service role
 * goes through it: sending the invitation (GoTrue's invite) and deleting an account. The service-role key
 * never leaves the server: the browser admin and the desktop app both call this endpoint.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface EditorRow {
  user_id: string
  email: string
  role: Person['role']
  created_at: string
}

function toPerson(row: EditorRow, user: User | undefined): Person {
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    status: user && !user.email_confirmed_at ? 'invited' : 'active',
    invitedAt: user?.invited_at ?? null,
    lastSignInAt: user?.last_sign_in_at ?? null,
    createdAt: row.created_at,
  }
}

async function editorRow(client: SupabaseClient, userId: string): Promise<EditorRow | null> {
  const { data, error } = await client
    .from('editors')
    .select('user_id, email, role, created_at')
    .eq('user_id', userId)
    .limit(1)
  if (error) throw new Error(error.message)
  return (data?.[0] as EditorRow | undefined) ?? null
}

async function authUser(ctx: ServerContext, userId: string): Promise<User | undefined> {
  const { data } = await serviceClient(ctx).auth.admin.getUserById(userId)
  return data.user ?? undefined
}

export function createPeopleRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const administrator = requireEditor(ctx, {
    ...onlyFor('administrators', 'manage people'),
    ...forAdminScreens,
  })

  routes.get('/', administrator, async (c) => {
    const admin = c.get('editor')
    const { data, error } = await admin.client
      .from('editors')
      .select('user_id, email, role, created_at')
      .order('email')
    if (error) throw new Error(error.message)
    const users = await serviceClient(ctx).auth.admin.listUsers({ page: 1, perPage: 1000 })
    if (users.error) throw users.error
    const byId = new Map(users.data.users.map((u) => [u.id, u]))
    return c.json({ people: (data as EditorRow[]).map((row) => toPerson(row, byId.get(row.user_id))) })
  })

  routes.post('/', administrator, validBody(inviteSchema, { maxBytes: 4 * 1024 }), async (c) => {
    const admin = c.get('editor')
    const input = c.get('input')

    const existing = await admin.client.from('editors').select('user_id').eq('email', input.email).limit(1)
    if (existing.error) throw new Error(existing.error.message)
    if (existing.data.length > 0) return refuse(c, 409, `${input.email} is already on the team.`)

    const service = serviceClient(ctx)
    const invited = await service.auth.admin.inviteUserByEmail(input.email, {
      data: { role: input.role },
      redirectTo: `${ctx.publicUrl}${adminPath}`,
    })
    if (invited.error || !invited.data.user) {
      if (invited.error?.code === 'email_exists')
        return refuse(c, 409, `An account with the address ${input.email} exists already.`)
      ctx.logger.error({ err: invited.error }, 'invitation failed')
      return refuse(c, 502, 'The invitation could not be sent. Please try again.')
    }
    const user = invited.data.user
    const added = await admin.client
      .from('editors')
      .upsert({ user_id: user.id, email: input.email, role: input.role }, { onConflict: 'user_id' })
      .select('user_id, email, role, created_at')
      .single()
    if (added.error) {
      // The account must not outlive a failed invitation: nobody could manage it.
      await service.auth.admin.deleteUser(user.id)
      ctx.logger.error({ err: added.error }, 'could not add an invited person')
      return refuse(c, 403, 'Only administrators can manage people.')
    }
    ctx.logger.info({ role: input.role }, 'person invited')
    return c.json({ person: toPerson(added.data as EditorRow, user) }, 201)
  })

  // A person is named by their account's id: anything else names nobody.
  const person: MiddlewareHandler = async (c, next) =>
    UUID.test(c.req.param('userId') ?? '') ? next() : refuse(c, 404, 'No such person.')

  const roleChange = validBody(roleChangeSchema, { maxBytes: 1024 })

  /**
   * When nobody matched: the person is not on the team, or the caller stopped being an administrator since
   * their token was checked (another administrator removed or demoted them meanwhile); row-level security
   * then hides every row from them. Each is told what happened to them.
   */
  const nobodyMatched = async (c: Context, admin: Editor) =>
    (await getEditorRole(admin.client)) === 'admin'
      ? refuse(c, 404, 'No such person.')
      : refuse(c, 403, 'Only administrators can manage people.')

  routes.patch('/:userId', administrator, person, roleChange, async (c) => {
    const admin = c.get('editor')
    const userId = c.req.param('userId')
    const input = c.get('input')
    if (userId === admin.userId)
      return refuse(c, 400, 'You cannot change your own role. Ask another administrator.')
    const { data, error } = await admin.client
      .from('editors')
      .update({ role: input.role })
      .eq('user_id', userId)
      .select('user_id, email, role, created_at')
    if (error) {
      // The database keeps at least one administrator.
      if (error.code === 'P0001') return refuse(c, 409, error.message)
      throw new Error(error.message)
    }
    if (!data || data.length === 0) return nobodyMatched(c, admin)
    return c.json({ person: toPerson(data[0] as EditorRow, await authUser(ctx, userId)) })
  })

  routes.delete('/:userId', administrator, person, async (c) => {
    const admin = c.get('editor')
    const userId = c.req.param('userId')
    if (userId === admin.userId)
      return refuse(c, 400, 'You cannot remove yourself. Ask another administrator.')
    // Only people on the team can be removed here (never any other account of the project).
    if (!(await editorRow(admin.client, userId))) return nobodyMatched(c, admin)
    const removed = await serviceClient(ctx).auth.admin.deleteUser(userId)
    // The database keeps at least one administrator (the editor row goes with the account).
    if (removed.error?.code === 'user_delete_refused') return refuse(c, 409, removed.error.message)
    if (removed.error) {
      ctx.logger.error({ err: removed.error }, 'could not remove a person')
      return refuse(c, 502, 'The person could not be removed. Please try again.')
    }
    ctx.logger.info('person removed')
    return c.json({ removed: true })
  })

  return routes
}
