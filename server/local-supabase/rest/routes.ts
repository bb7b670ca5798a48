import type { PGlite, Transaction } from '@electric-sql/pglite'
import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import { withClaims } from '../database.ts'
import { requestRole, type LocalSupabaseKeys } from '../keys.ts'
import { findTable, loadCatalog, quoteIdent, type Catalog, type TableInfo } from './catalog.ts'
import { RestError } from './errors.ts'
import { parseQuery } from './query-grammar.ts'
import { buildRootRead } from './read.ts'
import { callSql, resolveFunction } from './rpc.ts'
import { parseSelectTree } from './select-grammar.ts'
import { Params } from './sql.ts'
import {
  bodyAggregate,
  checkMaxAffected,
  checkProfile,
  contentRange,
  contentType,
  csvHeader,
  isPgError,
  negotiate,
  parsePrefer,
  parseRangeHeader,
  single,
  statusForPgError,
  wantsSingleObject,
  type Media,
  type Outcome,
  type Prefer,
} from './http.ts'
import { deleteCte, insertCtes, updateCte } from './writes.ts'

export { RestError } from './errors.ts'

// The PostgREST subset supabase-js uses, over the embedded PGlite. Every identifier that reaches SQL is a
// table or column name looked up in the catalog (then quoted); every value is a bind parameter; the only
// other SQL fragments are fixed strings chosen from allow-lists. The grammar of the query string is in
// query-grammar.ts and select-grammar.ts, the catalog in catalog.ts (relationships.ts for embedding), the SQL
// of reads in read.ts (filters in sql.ts), of writes in writes.ts, of function calls in rpc.ts; what headers
// mean in http.ts.

export interface RestDeps {
  db: PGlite
  keys: LocalSupabaseKeys
  logger: Logger
  /** PostgREST's `max_rows`: no response carries more rows. */
  maxRows: number
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
      const prefer = parsePrefer(c.req.header('prefer'))
      // `Prefer: tx=rollback` is honoured where the authenticator role's pgrst.db_tx_end allows it.
      const rollback =
        prefer.tx === 'rollback' && (await getCatalog()).settings.txEnd.endsWith('allow-override')
      const outcome = await withClaims(db, who.claims, who.role, async (tx) => {
        const result = await work(tx, target, body)
        if (rollback) await tx.rollback()
        return result
      })
      if (rollback) outcome.preferenceApplied = [...(outcome.preferenceApplied ?? []), 'tx=rollback']
      const headers: Record<string, string> = {}
      if (outcome.contentRange) headers['Content-Range'] = outcome.contentRange
      if (outcome.preferenceApplied?.length)
        headers['Preference-Applied'] = outcome.preferenceApplied.join(', ')
      if (outcome.status === 204 || outcome.body === undefined)
        return c.body(null, outcome.status === 204 ? 204 : outcome.status, headers)
      headers['Content-Type'] = contentType(negotiate(c))
      return c.body(outcome.body, outcome.status, headers)
    } catch (err) {
      if (err instanceof RestError) return c.json(err.body(), err.status, err.headers)
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

  /** `Prefer: count=planned`: the planner's estimate of the rows of `sql`, as PostgREST reads it. */
  async function plannedCount(tx: Transaction, sql: string, values: unknown[]): Promise<number> {
    const plan = await tx.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) ${sql}`,
      values,
    )
    return plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']
  }

  /** `Accept: application/vnd.pgrst.plan`: the read's plan, where pgrst.db_plan_enabled allows it. */
  async function explain(
    tx: Transaction,
    catalog: Catalog,
    media: Media,
    sql: string,
    params: Params,
  ): Promise<Outcome> {
    if (!catalog.settings.plan)
      throw new RestError(
        406,
        'PGRST107',
        'None of these media types are available: application/vnd.pgrst.plan',
      )
    const options = [`format ${media.planFormat}`, ...(media.planOptions ?? [])].join(', ')
    const plan = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${sql}`, params.values)
    const body =
      media.planFormat === 'json'
        ? JSON.stringify(plan.rows[0]['QUERY PLAN'])
        : plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n')
    return { status: 200, body }
  }

  /**
   * A page of rows from `source` (a table, or a function call) aliased `_t0`, with the request's filters,
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
    const media = negotiate(c)
    const { options, read } = readFrom(c, catalog, table, source, params, skip)
    const range = parseRangeHeader(c)
    const prefer = parsePrefer(c.req.header('prefer'))
    const offset = url.searchParams.has('offset') || !range ? options.offset : range.offset
    const requested = url.searchParams.has('limit') ? options.limit : range?.limit
    const limit = Math.min(requested ?? maxRows, maxRows)

    const count = prefer.count
    const readValues = [...params.values]
    // An exact total (same filters, no paging) rides along in the page's query: one round trip into PGlite.
    const exactSql =
      count === 'exact' || count === 'estimated'
        ? `(select count(*)::int from (${read.sql}) _c)`
        : 'null::int'
    const pageSql = `select ${bodyAggregate(media)} as body, count(*)::int as n, ${exactSql} as total
      from (${read.sql}${read.order} limit ${params.add(limit)} offset ${params.add(offset)}) _t`
    if (media.kind === 'plan') return explain(tx, catalog, media, pageSql, params)
    const page = (await tx.query<{ body: string; n: number; total: number | null }>(pageSql, params.values))
      .rows[0]
    let total: number | null = page.total
    // `planned` asks the planner; `estimated` too, once the exact count passes max_rows.
    if (count === 'planned' || (count === 'estimated' && (total ?? 0) > maxRows))
      total = await plannedCount(tx, `select 1 from (${read.sql}) _c`, readValues)
    if (total !== null && offset > total && !(offset === 0 && total === 0))
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        { 'Content-Range': `*/${total}` },
      )
    const body =
      media.kind === 'csv' ? `${csvHeader(read.keys)}\n${page.body}` : rowsBody(c, page.body, page.n)
    return {
      // PostgREST's 206: the page holds fewer rows than the (known) total.
      status: total !== null && page.n < total && !media.single ? 206 : 200,
      body,
      contentRange: contentRange(offset, page.n, total),
      preferenceApplied: count ? [`count=${count}`] : [],
      rows: page.n,
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
   * Result of a write: `ctes` end with `_w`, the written rows; honours `Prefer: return=`, `max-affected`,
   * `select` (with embedding, like PostgREST's read of the mutation's CTE) and the Accept header.
   */
  async function writeResult(
    c: Context,
    tx: Transaction,
    catalog: Catalog,
    table: TableInfo,
    ctes: string,
    params: Params,
    prefer: Prefer,
    kind: 'insert' | 'update' | 'delete',
  ): Promise<Outcome> {
    const media = negotiate(c)
    const represent = prefer.return === 'representation'
    const applied: string[] = []
    if (prefer.return) applied.push(`return=${prefer.return}`)
    if (prefer.resolution) applied.push(`resolution=${prefer.resolution}`)
    if (prefer.count) applied.push(`count=${prefer.count}`)
    if (prefer.missing && kind === 'insert') applied.push(`missing=${prefer.missing}`)
    const read = represent ? readFrom(c, catalog, table, '_w', params, undefined, true).read : null
    const inserted = kind === 'insert' ? '(select coalesce(bool_or(_pgrst_inserted), false) from _w)' : 'true'
    const result = (
      await tx.query<{ body: string; n: number; inserted: boolean }>(
        `with ${ctes} select ${bodyAggregate(media)} as body,
           (select count(*)::int from _w) as n, ${inserted} as inserted
           from (${read ? read.sql : 'select 1 from _w'}) _t`,
        params.values,
      )
    ).rows[0]
    if (kind !== 'insert') checkMaxAffected(prefer, result.n)
    const total = prefer.count ? result.n : null
    if (media.single && result.n !== 1) throw single(result.n)
    const range = `*/${total ?? '*'}`
    // An upsert whose rows all existed answers 200, as PostgREST does; an insert 201.
    const status = kind === 'insert' ? (result.inserted || result.n === 0 ? 201 : 200) : 200
    if (!represent)
      return { status: status === 201 ? 201 : 204, contentRange: range, preferenceApplied: applied }
    const body =
      media.kind === 'csv' ? `${csvHeader(read!.keys)}\n${result.body}` : rowsBody(c, result.body, result.n)
    return { status, body, contentRange: range, preferenceApplied: applied }
  }

  app.post('/:table', (c) =>
    run(
      c,
      async (tx, table, body, catalog) => {
        const prefer = parsePrefer(c.req.header('prefer'))
        const params = new Params()
        const ctes = insertCtes(table, body, new URL(c.req.url), prefer, params)
        if (!ctes)
          return {
            status: 201,
            body: prefer.return === 'representation' ? '[]' : undefined,
            contentRange: '*/*',
          }
        return writeResult(c, tx, catalog, table, ctes, params, prefer, 'insert')
      },
      true,
    ),
  )

  app.patch('/:table', (c) =>
    run(
      c,
      async (tx, table, body, catalog) => {
        const prefer = parsePrefer(c.req.header('prefer'))
        const params = new Params()
        const cte = updateCte(table, body, parseQuery(new URL(c.req.url)).conditions, params)
        if (!cte) {
          // Nothing to change: answer like an update that touched no rows.
          if (prefer.return !== 'representation') return { status: 204 }
          if (wantsSingleObject(c)) throw single(0)
          return { status: 200, body: '[]' }
        }
        return writeResult(c, tx, catalog, table, cte, params, prefer, 'update')
      },
      true,
    ),
  )

  app.delete('/:table', (c) =>
    run(c, async (tx, table, _body, catalog) => {
      const prefer = parsePrefer(c.req.header('prefer'))
      const params = new Params()
      const cte = deleteCte(table, parseQuery(new URL(c.req.url)).conditions, params)
      return writeResult(c, tx, catalog, table, cte, params, prefer, 'delete')
    }),
  )

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
          checkMaxAffected(parsePrefer(c.req.header('prefer')), outcome.rows ?? 0)
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
        // One value: Prefer: count=… counts it as one row.
        const counted = parsePrefer(c.req.header('prefer')).count ? '1' : '*'
        return { status: 200, body: result.rows[0].body ?? 'null', contentRange: `0-0/${counted}` }
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
