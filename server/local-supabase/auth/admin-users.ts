import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AuthContext } from './context.ts'
import { authError, objectBody, orRefusal, RefusedInTransaction, storableObject, str, UUID } from './http.ts'
import { requireServiceRole } from './service-role.ts'
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  isValidEmail,
  MAX_PASSWORD_BYTES,
  normaliseEmail,
  passwordTooLong,
  passwordWeaknesses,
  toGoTrueUser,
  USER_COLUMNS,
  type AuthUserRow,
  type Queryable,
} from './users.ts'

/** Applies the attributes an admin may set (GoTrue's AdminUserParams subset); a reply when one is bad. */
async function applyAdminAttributes(
  ctx: AuthContext,
  c: Context,
  tx: Queryable,
  userId: string,
  body: Record<string, unknown>,
): Promise<Response | null> {
  const { minPasswordLength } = ctx
  const sets: string[] = []
  const params: unknown[] = [userId]
  const set = (sql: string, value: unknown) => {
    params.push(value)
    sets.push(sql.replace('?', `$${params.length}`))
  }
  if (body.email !== undefined) {
    const email = normaliseEmail(str(body.email) ?? '')
    if (!isValidEmail(email))
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const other = await findUserByEmail(tx, email)
    if (other && other.id !== userId)
      return authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
    set('email = ?', email)
  }
  if (body.password !== undefined) {
    const password = str(body.password)
    if (password === undefined) return authError(c, 400, 'validation_failed', 'Password must be a string')
    if (passwordWeaknesses(password, minPasswordLength).length)
      return authError(
        c,
        422,
        'weak_password',
        `Password should be at least ${minPasswordLength} characters.`,
        {
          weak_password: { reasons: passwordWeaknesses(password, minPasswordLength) },
        },
      )
    if (passwordTooLong(password))
      return authError(
        c,
        422,
        'validation_failed',
        `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
      )
    set('encrypted_password = ?', await hashPassword(password))
  }
  if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  for (const [key, column] of [
    ['user_metadata', 'raw_user_meta_data'],
    ['app_metadata', 'raw_app_meta_data'],
  ] as const) {
    const value = body[key]
    if (value === undefined) continue
    if (!storableObject(value)) return authError(c, 400, 'validation_failed', `${key} must be an object`)
    set(`${column} = coalesce(${column}, '{}'::jsonb) || ?::jsonb`, JSON.stringify(value))
  }
  if (sets.length)
    await tx.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1::uuid`, params)
  return null
}

/** `/admin/users…`: the service role manages accounts (GoTrue's admin API). */
export function createAdminUserRoutes(ctx: AuthContext): Hono {
  const { db } = ctx

  /** The user named by `:id` on `c.var.target`, or GoTrue's 404. */
  const targetUser = createMiddleware<{ Variables: { target: AuthUserRow } }>(async (c, next) => {
    const id = c.req.param('id') ?? ''
    const user = UUID.test(id) ? await findUserById(db, id) : null
    if (!user) return authError(c, 404, 'user_not_found', 'User not found')
    c.set('target', user)
    await next()
  })

  const admin = requireServiceRole(ctx.keys)
  const app = new Hono()

  app.get('/admin/users', admin, async (c) => {
    const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '', 10) || 1, 1), 1_000_000)
    const perPage = Math.min(Math.max(Number.parseInt(c.req.query('per_page') ?? '', 10) || 50, 1), 1000)
    const [{ rows }, counted] = await Promise.all([
      db.query<AuthUserRow>(
        `select ${USER_COLUMNS} from auth.users order by created_at, id limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      ),
      db.query<{ n: number }>('select count(*)::int as n from auth.users'),
    ])
    const total = counted.rows[0]!.n
    const lastPage = Math.max(Math.ceil(total / perPage), 1)
    const links: string[] = []
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`)
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users: rows.map(toGoTrueUser), aud: 'authenticated' })
  })

  app.post('/admin/users', admin, objectBody, async (c) => {
    const body = c.get('body')
    const email = normaliseEmail(str(body.email) ?? '')
    if (!isValidEmail(email))
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const created = await orRefusal(
      db.transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) return null
        const { rows } = await tx.query<{ id: string }>(
          `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2::jsonb, '{}'::jsonb, now(), now())
           returning id::text as id`,
          [email, JSON.stringify({ provider: 'email', providers: ['email'] })],
        )
        const id = rows[0]!.id
        const { email: _email, ...rest } = body
        const bad = await applyAdminAttributes(ctx, c, tx, id, rest)
        if (bad) throw new RefusedInTransaction(bad)
        return id
      }),
    )
    if (created === null)
      return authError(c, 422, 'email_exists', 'A user with this email address has already been registered')
    if (created instanceof Response) return created
    return c.json(toGoTrueUser((await findUserById(db, created))!))
  })

  app.get('/admin/users/:id', admin, targetUser, (c) => c.json(toGoTrueUser(c.get('target'))))

  app.put('/admin/users/:id', admin, targetUser, objectBody, async (c) => {
    const user = c.get('target')
    const bad = await applyAdminAttributes(ctx, c, db, user.id, c.get('body'))
    if (bad) return bad
    return c.json(toGoTrueUser((await findUserById(db, user.id))!))
  })

  app.delete('/admin/users/:id', admin, targetUser, async (c) => {
    const user = c.get('target')
    try {
      // Sessions, refresh tokens, links and (through public.editors' foreign key) the editor row go with it.
      await db.query('delete from auth.users where id = $1::uuid', [user.id])
    } catch (err) {
      // A database rule refused (the last administrator): say so rather than fail.
      const message = err instanceof Error ? err.message : String(err)
      if ((err as { code?: string }).code === 'P0001')
        return authError(c, 422, 'user_delete_refused', message)
      throw err
    }
    return c.json({})
  })

  return app
}
