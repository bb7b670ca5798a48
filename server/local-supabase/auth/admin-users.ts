import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AuthContext } from './context.ts'
import { emailFrom, emailTaken, invalidEmail } from './email.ts'
import { authError, objectBody, orRefusal, RefusedInTransaction, storableObject, str, UUID } from './http.ts'
import { newPassword } from './password-rules.ts'
import { requireServiceRole } from './service-role.ts'
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertEmailUser,
  toGoTrueUser,
  USER_COLUMNS,
  type AuthUserRow,
  type Queryable,
} from './users.ts'

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 3.6e6,
}

/** A Go duration (`24h`, `1h30m`, `90s`), as GoTrue's `ban_duration` takes it, in milliseconds; null if not one. */
export function goDurationMs(text: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return null
  let ms = 0
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    ms += Number(amount) * DURATION_UNITS[unit!]!
  // Up to about a hundred years (GoTrue's dashboard offers "100 years" as 876000h).
  return ms > 0 && ms <= 876_600 * 3.6e6 ? ms : null
}

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
    const email = emailFrom(body.email)
    if (!email) return invalidEmail(c)
    const other = await findUserByEmail(tx, email)
    if (other && other.id !== userId) return emailTaken(c)
    set('email = ?', email)
  }
  if (body.password !== undefined) {
    const checked = newPassword(c, body.password, minPasswordLength)
    if (!checked.ok) return checked.refusal
    const { password } = checked
    set('encrypted_password = ?', await hashPassword(password))
  }
  if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  if (body.ban_duration !== undefined) {
    const duration = str(body.ban_duration)
    if (duration === 'none') sets.push('banned_until = null')
    else {
      const ms = duration === undefined ? null : goDurationMs(duration)
      if (ms === null)
        return authError(
          c,
          400,
          'validation_failed',
          `invalid format for ban duration: ${String(body.ban_duration)}`,
        )
      set('banned_until = now() + make_interval(secs => ?)', ms / 1000)
    }
  }
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

/** `page`, `per_page`, `sort` (`created_at [asc|desc]`, newest first by default) and `filter` of a user list. */
function parseListing(query: Record<string, string>) {
  const whole = (value: string | undefined, fallback: number) =>
    value === undefined || value === '' ? fallback : /^\d{1,15}$/.test(value) ? Number(value) : NaN
  const page = whole(query.page, 1)
  const perPage = whole(query.per_page, 50)
  if (!Number.isFinite(page) || !Number.isFinite(perPage))
    return 'Bad Pagination Parameters: page and per_page must be whole numbers'
  const sort = (query.sort ?? 'created_at desc').trim().split(/\s+/)
  if (sort[0] !== 'created_at') return `Bad Sort Parameters: bad field for sort '${sort[0]}'`
  const direction = (sort[1] ?? 'desc').toLowerCase()
  if (direction !== 'asc' && direction !== 'desc')
    return `Bad Sort Parameters: bad direction for sort '${sort[1]}', only 'asc' and 'desc' allowed`
  return {
    page: Math.min(Math.max(page, 1), 1_000_000),
    perPage: Math.min(Math.max(perPage, 1), 1000),
    descending: direction === 'desc',
    // eslint-disable-next-line no-control-regex -- Postgres text cannot hold NUL
    filter: (query.filter ?? '').slice(0, 200).replace(/\u0000/g, ''),
  }
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
    const listing = parseListing(c.req.query())
    if (typeof listing === 'string') return authError(c, 400, 'validation_failed', listing)
    const { page, perPage, descending, filter } = listing
    const where = filter ? `where email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1` : ''
    const like = filter ? [`%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`] : []
    const [{ rows }, counted] = await Promise.all([
      db.query<AuthUserRow>(
        `select ${USER_COLUMNS} from auth.users ${where}
          order by created_at ${descending ? 'desc' : 'asc'}, id limit $${like.length + 1} offset $${like.length + 2}`,
        [...like, perPage, (page - 1) * perPage],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from auth.users ${where}`, like),
    ])
    const total = counted.rows[0]!.n
    const lastPage = Math.ceil(total / perPage)
    // GoTrue's headers: the request's own URL with another page, keys in order (auth-js reads them).
    const pageUrl = (n: number) => {
      const query = new URLSearchParams(c.req.query())
      query.set('page', String(n))
      query.sort()
      return `</admin/users?${query.toString()}>`
    }
    const links: string[] = []
    if (lastPage > page) links.push(`${pageUrl(page + 1)}; rel="next"`)
    links.push(`${pageUrl(lastPage)}; rel="last"`)
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users: rows.map(toGoTrueUser), aud: 'authenticated' })
  })

  app.post('/admin/users', admin, objectBody, async (c) => {
    const body = c.get('body')
    const email = emailFrom(body.email)
    if (!email) return invalidEmail(c)
    const created = await orRefusal(
      db.transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) return null
        const id = await insertEmailUser(tx, email)
        const { email: _email, ...rest } = body
        const bad = await applyAdminAttributes(ctx, c, tx, id, rest)
        if (bad) throw new RefusedInTransaction(bad)
        return id
      }),
    )
    if (created === null) return emailTaken(c)
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

  // No multi-factor authentication here: a user has no factors, and there is none to delete.
  app.get('/admin/users/:id/factors', admin, targetUser, (c) => c.json([]))
  app.delete('/admin/users/:id/factors/:factorId', admin, targetUser, (c) =>
    authError(c, 404, 'mfa_factor_not_found', 'Factor not found'),
  )

  return app
}
