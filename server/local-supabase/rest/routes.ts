import type { PGlite, Transaction } from '@electric-sql/pglite'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from 'pino'
import { withClaims } from '../database.ts'
import { requestRole, type LocalSupabaseKeys, type RequestRole } from '../keys.ts'
import {
  checkedColumnName,
  findTable,
  loadCatalog,
  quoteIdent,
  type Catalog,
  type TableInfo,
} from './catalog.ts'
import { RestError } from './errors.ts'
import { parseQuery } from './query-grammar.ts'
import { buildRootRead } from './read.ts'
import { callSql, resolveFunction } from './rpc.ts'
import { parseSelectTree } from './select-grammar.ts'
import { Params, whereClause, type Scope } from './sql.ts'

export { RestError } from './errors.ts'

// The PostgREST subset supabase-js uses, over the embedded PGlite. Every identifier that reaches SQL is a
// table or column name looked up in the catalog (then quoted); every value is a bind parameter; the only
// other SQL fragments are fixed strings chosen from allow-lists. The grammar of the query string is in
// query-grammar.ts, the catalog in catalog.ts, the SQL built from both in sql.ts.

export interface RestDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  /** PostgREST's `max_rows`: no response carries more rows. */
  maxRows: number
}

// ---------------------------------------------------------------------------------------------------------
// Headers

interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
}

function parsePrefer(header: string | undefined): Prefer {
  const prefer: Record<string, string> = {}
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split('=')
    if (k && v) prefer[k.trim()] = v.trim()
  }
  return prefer as Prefer
}

function wantsSingleObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json')
}

function checkProfile(c: Context) {
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = c.req.header(name)
    if (profile && profile !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null)
    }
  }
}

function parseRangeHeader(c: Context): { offset: number; limit?: number } | null {
  const range = c.req.header('range')
  if (!range) return null
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim())
  if (!m)
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `Range header "${range}" is not of the form a-b`,
    )
  const from = Number(m[1])
  const to = m[2] === '' ? undefined : Number(m[2])
  if (to !== undefined && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable')
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 }
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const size = total === null ? '*' : String(total)
  return rows > 0 ? `${offset}-${offset + rows - 1}/${size}` : `*/${size}`
}

// ---------------------------------------------------------------------------------------------------------
// Errors

interface PgError {
  code?: string
  message: string
  detail?: string
  hint?: string
}

function isPgError(err: unknown): err is PgError {
  return (
    !!err &&
    typeof err === 'object' &&
    typeof (err as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as PgError).code!)
  )
}

/** PostgREST's status for a Postgres error. 503 only for class 53: postgrest-js retries GET/HEAD on it. */
function statusForPgError(code: string, role: RequestRole): ContentfulStatusCode {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01' || code === '42883') return 404
  if (code === '42P10') return 400
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('42') || code === 'P0001') return 400
  if (code === '25006') return 405
  // Program limits (e.g. a value too large for its index) come from oversized input: PostgREST says 413.
  if (code.startsWith('54')) return 413
  // Insufficient resources (53100: the disk is full): PostgREST says 503, and so do we; it is no ordinary
  // error, and a retry later may well succeed.
  if (code.startsWith('53')) return 503
  return 500
}

const single = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

// ---------------------------------------------------------------------------------------------------------
// The app

interface Outcome {
  status: ContentfulStatusCode | 204
  body?: string
  contentRange?: string
  preferenceApplied?: string[]
}

/** `/rest/v1`: the PostgREST subset. Each request is one transaction under the caller's verified role. */
export function createRestApp({ db, keys, logger, maxRows }: RestDeps): Hono {
  const app = new Hono()
  let catalog: Promise<Catalog> | null = null
  const getCatalog = () =>
    (catalog ??= loadCatalog(db).catch((err) => {
      catalog = null
      throw err
    }))

  /**
   * One request: verify the caller, find what it addresses in the catalog, read the body, then do the
   * work in one transaction under the caller's role; errors become PostgREST's JSON.
   */
  async function execute<T>(
    c: Context,
    resolve: (catalog: Catalog) => T,
    work: (tx: Transaction, target: T, body: unknown) => Promise<Outcome>,
    withBody: boolean,
  ): Promise<Response> {
    const who = await requestRole(c, keys)
    if (who instanceof Response) return who
    try {
      checkProfile(c)
      const target = resolve(await getCatalog())
      // Read the body before the transaction: PGlite runs one transaction at a time, and a slow upload
      // must not hold every other request back.
      const body = withBody ? await readJsonBody(c) : undefined
      const outcome = await withClaims(db, who.claims, who.role, (tx) => work(tx, target, body))
      const headers: Record<string, string> = {}
      if (outcome.contentRange) headers['Content-Range'] = outcome.contentRange
      if (outcome.preferenceApplied?.length)
        headers['Preference-Applied'] = outcome.preferenceApplied.join(', ')
      if (outcome.status === 204 || outcome.body === undefined)
        return c.body(null, outcome.status === 204 ? 204 : outcome.status, headers)
      headers['Content-Type'] = wantsSingleObject(c)
        ? 'application/vnd.pgrst.object+json; charset=utf-8'
        : 'application/json; charset=utf-8'
      return c.body(outcome.body, outcome.status, headers)
    } catch (err) {
      if (err instanceof RestError) return c.json(err.body(), err.status)
      if (isPgError(err)) {
        const status = statusForPgError(err.code!, who.role)
        if (status === 500) logger.error({ err, path: c.req.path }, 'database error')
        return c.json(
          { code: err.code, details: err.detail ?? null, hint: err.hint ?? null, message: err.message },
          status,
        )
      }
      throw err
    }
  }

  const run = (
    c: Context,
    work: (tx: Transaction, table: TableInfo, body: unknown, catalog: Catalog) => Promise<Outcome>,
    withBody = false,
  ) =>
    execute(
      c,
      (catalog) => ({ catalog, table: findTable(catalog, c.req.param('table') ?? '') }),
      (tx, { catalog, table }, body) => work(tx, table, body, catalog),
      withBody,
    )

  /** The request's `select` over `source`, as PostgREST reads it (embedding included). */
  const readFrom = (
    c: Context,
    catalog: Catalog,
    table: TableInfo,
    source: string,
    params: Params,
    skip?: ReadonlySet<string>,
    written = false,
  ) => {
    const url = new URL(c.req.url)
    const options = parseQuery(url, skip)
    // The rows a write returns are those it wrote: its filters chose them, they do not apply again.
    if (written) Object.assign(options, { conditions: [], order: [] })
    const items = parseSelectTree(url.searchParams.get('select'))
    return { options, read: buildRootRead({ catalog, params, options, maxRows }, table, source, items) }
  }

  /** Reads the rows as PostgREST would, or one object for `Accept: application/vnd.pgrst.object+json`. */
  function rowsBody(c: Context, json: string, rows: number): string {
    if (!wantsSingleObject(c)) return json
    if (rows !== 1) throw single(rows)
    return JSON.stringify((JSON.parse(json) as unknown[])[0])
  }

  /**
   * A page of rows from `source` (a table, or a function call) aliased `_r`, with the request's filters,
   * order, paging, `select` and `Prefer: count`, as PostgREST reads; `params` may already hold the source's.
   */
  async function readRows(
    c: Context,
    tx: Transaction,
    catalog: Catalog,
    table: TableInfo,
    source: string,
    params: Params,
    skip: ReadonlySet<string> = new Set(),
  ): Promise<Outcome> {
    const url = new URL(c.req.url)
    const { options, read } = readFrom(c, catalog, table, source, params, skip)
    const range = parseRangeHeader(c)
    const prefer = parsePrefer(c.req.header('prefer'))
    const offset = url.searchParams.has('offset') || !range ? options.offset : range.offset
    const requested = url.searchParams.has('limit') ? options.limit : range?.limit
    const limit = Math.min(requested ?? maxRows, maxRows)

    const counted = prefer.count === 'exact' || prefer.count === 'planned' || prefer.count === 'estimated'
    // The total (same filters, no paging) rides along in the page's query: one round trip into PGlite.
    const totalSql = counted ? `(select count(*)::int from (${read.sql}) _c)` : 'null::int'
    const pageSql = `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n, ${totalSql} as total
      from (${read.sql}${read.order} limit ${params.add(limit)} offset ${params.add(offset)}) _t`
    const page = (await tx.query<{ body: string; n: number; total: number | null }>(pageSql, params.values))
      .rows[0]
    const total = counted ? page.total : null
    const applied = counted ? [`count=${prefer.count}`] : []
    return {
      status: 200,
      body: rowsBody(c, page.body, page.n),
      contentRange: contentRange(offset, page.n, total),
      preferenceApplied: applied,
    }
  }

  app.get('/:table', (c) =>
    run(c, (tx, table, _body, catalog) =>
      readRows(c, tx, catalog, table, `public.${quoteIdent(table.name)}`, new Params()),
    ),
  )

  async function readJsonBody(c: Context): Promise<unknown> {
    const text = await c.req.text()
    try {
      return JSON.parse(text)
    } catch {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    }
  }

  /**
   * Result of a write: `ctes` end with `_w`, the written rows; honours `Prefer: return=`, `select` (with
   * embedding, like PostgREST's read of the mutation's CTE) and the single-object Accept header.
   */
  async function writeResult(
    c: Context,
    tx: Transaction,
    catalog: Catalog,
    table: TableInfo,
    ctes: string,
    params: Params,
    prefer: Prefer,
    successStatus: 200 | 201,
  ): Promise<Outcome> {
    const represent = prefer.return === 'representation'
    const applied: string[] = []
    if (prefer.return) applied.push(`return=${prefer.return}`)
    if (prefer.resolution) applied.push(`resolution=${prefer.resolution}`)
    if (prefer.count) applied.push(`count=${prefer.count}`)
    const rows = represent
      ? readFrom(c, catalog, table, '_w', params, undefined, true).read.sql
      : 'select 1 from _w'
    const result = (
      await tx.query<{ body: string; n: number }>(
        `with ${ctes} select coalesce(json_agg(_t), '[]')::text as body, (select count(*)::int from _w) as n from (${rows}) _t`,
        params.values,
      )
    ).rows[0]
    const total = prefer.count ? result.n : null
    if (wantsSingleObject(c) && result.n !== 1) throw single(result.n)
    const range = `*/${total ?? '*'}`
    if (!represent)
      return { status: successStatus === 201 ? 201 : 204, contentRange: range, preferenceApplied: applied }
    return {
      status: successStatus,
      body: rowsBody(c, result.body, result.n),
      contentRange: range,
      preferenceApplied: applied,
    }
  }

  app.post('/:table', (c) =>
    run(
      c,
      async (tx, table, body, catalog) => {
        const url = new URL(c.req.url)
        const prefer = parsePrefer(c.req.header('prefer'))
        const rows = Array.isArray(body) ? body : [body]
        if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
          throw new RestError(
            400,
            'PGRST102',
            'Empty or invalid json',
            'The body must be a JSON object or an array of objects',
          )
        }
        const objects = rows as Record<string, unknown>[]

        const columnsParam = url.searchParams.get('columns')
        const listed = columnsParam
          ? columnsParam.split(',').map((s) => s.trim().replace(/^"|"$/g, ''))
          : [...new Set(objects.flatMap((o) => Object.keys(o)))]
        for (const name of listed) {
          if (!table.columns.has(name)) {
            throw new RestError(
              400,
              'PGRST204',
              `Could not find the '${name}' column of '${table.name}' in the schema cache`,
            )
          }
        }

        let conflict = (_columns: string[]) => ''
        if (prefer.resolution || url.searchParams.has('on_conflict')) {
          const target =
            url.searchParams
              .get('on_conflict')
              ?.split(',')
              .map((s) => s.trim()) ?? table.primaryKey
          if (target.length === 0)
            throw new RestError(
              400,
              'PGRST100',
              `"failed to parse on_conflict"`,
              `${table.name} has no primary key`,
            )
          const targetSql = target.map((name) => checkedColumnName(table, name)).join(', ')
          if (prefer.resolution === 'merge-duplicates') {
            // An existing row takes the values of the columns this insert names, and keeps the others.
            conflict = (columns) => {
              const sets = columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`)
              return sets.length
                ? ` on conflict (${targetSql}) do update set ${sets.join(', ')}`
                : ` on conflict (${targetSql}) do nothing`
            }
          } else if (prefer.resolution === 'ignore-duplicates')
            conflict = () => ` on conflict (${targetSql}) do nothing`
        }

        // `missing=default` leaves the columns an object lacks to their defaults (one insert per set of keys);
        // otherwise, as in PostgREST, they are NULL, which json_populate_recordset gives us.
        const groups: { columns: string[]; objects: Record<string, unknown>[] }[] = []
        if (prefer.missing === 'default') {
          const bySignature = new Map<string, { columns: string[]; objects: Record<string, unknown>[] }>()
          for (const o of objects) {
            const cols = listed.filter((name) => Object.hasOwn(o, name))
            const key = JSON.stringify(cols)
            const group = bySignature.get(key) ?? { columns: cols, objects: [] }
            group.objects.push(o)
            bySignature.set(key, group)
          }
          groups.push(...bySignature.values())
        } else groups.push({ columns: listed, objects })

        const params = new Params()
        const statements = groups.map((g) => {
          const target = `public.${quoteIdent(table.name)} as _r`
          if (g.columns.length === 0) {
            // `{}`: every column takes its default, one row per object.
            const count = params.add(g.objects.length)
            return (returning: string) =>
              `insert into ${target} select from generate_series(1, ${count}::int) returning ${returning}`
          }
          const cols = g.columns.map(quoteIdent).join(', ')
          const source = params.add(JSON.stringify(g.objects))
          return (returning: string) =>
            `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::public.${quoteIdent(table.name)}, ${source}::json)${conflict(g.columns)} returning ${returning}`
        })
        if (statements.length === 0) {
          return {
            status: 201,
            body: prefer.return === 'representation' ? '[]' : undefined,
            contentRange: '*/*',
          }
        }
        // Several inserts in one statement need CTEs: data-modifying statements cannot be union members.
        const ctes =
          statements.length === 1
            ? `_w as (${statements[0]('_r.*')})`
            : `${statements.map((st, i) => `_i${i} as (${st('_r.*')})`).join(', ')}, _w as (${statements.map((_, i) => `select * from _i${i}`).join(' union all ')})`
        return writeResult(c, tx, catalog, table, ctes, params, prefer, 201)
      },
      true,
    ),
  )

  app.patch('/:table', (c) =>
    run(
      c,
      async (tx, table, body, catalog) => {
        const prefer = parsePrefer(c.req.header('prefer'))
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new RestError(
            400,
            'PGRST102',
            'Empty or invalid json',
            'An update body must be one JSON object',
          )
        }
        const names = Object.keys(body)
        for (const name of names) {
          if (!table.columns.has(name)) {
            throw new RestError(
              400,
              'PGRST204',
              `Could not find the '${name}' column of '${table.name}' in the schema cache`,
            )
          }
        }
        const query = parseQuery(new URL(c.req.url))
        const params = new Params()
        const source = params.add(JSON.stringify(body))
        const where = whereClause(mutationScope(table, params), query.conditions)
        if (names.length === 0) {
          // Nothing to change: answer like an update that touched no rows.
          if (prefer.return !== 'representation') return { status: 204 }
          if (wantsSingleObject(c)) throw single(0)
          return { status: 200, body: '[]' }
        }
        const sets = names.map((n) => `${quoteIdent(n)} = _v.${quoteIdent(n)}`).join(', ')
        return writeResult(
          c,
          tx,
          catalog,
          table,
          `_w as (update public.${quoteIdent(table.name)} as _r set ${sets} from json_populate_record(null::public.${quoteIdent(table.name)}, ${source}::json) as _v${where} returning _r.*)`,
          params,
          prefer,
          200,
        )
      },
      true,
    ),
  )

  app.delete('/:table', (c) =>
    run(c, async (tx, table, _body, catalog) => {
      const prefer = parsePrefer(c.req.header('prefer'))
      const query = parseQuery(new URL(c.req.url))
      const params = new Params()
      const where = whereClause(mutationScope(table, params), query.conditions)
      return writeResult(
        c,
        tx,
        catalog,
        table,
        `_w as (delete from public.${quoteIdent(table.name)} as _r${where} returning _r.*)`,
        params,
        prefer,
        200,
      )
    }),
  )

  const mutationScope = (table: TableInfo, params: Params): Scope => ({
    table,
    alias: '_r',
    errName: table.name,
    params,
  })

  // PostgREST's /rpc/<function>: named arguments from the JSON body (POST) or the query string (GET).
  const callFunction = (c: Context, fromBody: boolean) =>
    execute(
      c,
      (catalog) => catalog,
      async (tx, catalog, body) => {
        if (fromBody && (body === null || typeof body !== 'object' || Array.isArray(body))) {
          throw new RestError(
            400,
            'PGRST102',
            'Empty or invalid json',
            'Function arguments must be one JSON object',
          )
        }
        const name = c.req.param('fn') ?? ''
        // On GET, the parameters named like an argument of the function are its arguments; the others filter
        // its results, as on POST.
        const argNames = new Set(
          (catalog.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)),
        )
        const given: Record<string, unknown> = fromBody
          ? (body as Record<string, unknown>)
          : Object.fromEntries([...new URL(c.req.url).searchParams].filter(([k]) => argNames.has(k)))
        const resolved = resolveFunction(catalog, name, Object.keys(given), fromBody)
        const fn = resolved.fn
        const params = new Params()
        const call = callSql(resolved, given, params, fromBody)
        if (fn.returnsVoid) {
          await tx.query(`select ${call}`, params.values)
          return { status: 204 }
        }
        // Results of a row type can be filtered, ordered and selected like a table's rows.
        const relation: TableInfo | undefined =
          fn.outColumns.length > 1
            ? {
                name: fn.name,
                columns: new Map(fn.outColumns.map((o) => [o.name, { type: o.type }])),
                primaryKey: [],
              }
            : fn.returnsRelation
              ? catalog.get(fn.returnsRelation)
              : undefined
        if (relation && (fn.returnsSet || fn.returnsRow)) {
          const skip = fromBody ? new Set<string>() : new Set(Object.keys(given))
          const outcome = await readRows(c, tx, catalog, relation, call, params, skip)
          if (fn.returnsSet || wantsSingleObject(c)) return outcome
          return { status: 200, body: JSON.stringify((JSON.parse(outcome.body!) as unknown[])[0] ?? null) }
        }
        if (fn.returnsSet || fn.returnsRow) {
          const result = (
            await tx.query<{ body: string; n: number }>(
              `select coalesce(json_agg(_f), '[]')::text as body, count(*)::int as n from ${call} as _f`,
              params.values,
            )
          ).rows[0]
          if (fn.returnsSet) return { status: 200, body: rowsBody(c, result.body, result.n) }
          return { status: 200, body: JSON.stringify((JSON.parse(result.body) as unknown[])[0] ?? null) }
        }
        const result = await tx.query<{ body: string | null }>(
          `select to_json(${call})::text as body`,
          params.values,
        )
        return { status: 200, body: result.rows[0].body ?? 'null' }
      },
      fromBody,
    )

  app.post('/rpc/:fn', (c) => callFunction(c, true))
  app.get('/rpc/:fn', (c) => callFunction(c, false))

  app.all('/:table', (c) =>
    c.json(
      { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` },
      405,
    ),
  )
  app.all('*', (c) =>
    c.json(
      { code: 'PGRST125', details: null, hint: null, message: `Invalid path specified in request URL` },
      404,
    ),
  )

  return app
}
