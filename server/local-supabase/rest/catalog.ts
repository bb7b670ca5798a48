import type { PGlite } from '@electric-sql/pglite'
import { RestError } from './errors.ts'
import { buildRelationships, loadRelationshipSources, type Relationship } from './relationships.ts'

// What a request can name: public tables, views and functions, read from the catalog. Every identifier that
// reaches SQL is one of these names, quoted.

export interface ColumnInfo {
  /** `format_type()` of the column: a type expression from the catalog, safe to splice after `::`. */
  type: string
  /** The column's default as the catalog prints it (an identity's `nextval(…)`), for `missing=default`. */
  defaultSql?: string | null
}

export interface TableInfo {
  name: string
  columns: Map<string, ColumnInfo>
  primaryKey: string[]
}

export interface FunctionInfo {
  name: string
  /** Input arguments in order, with `format_type()` of each (safe to splice after `::`). */
  args: { name: string; type: string }[]
  /** How many trailing arguments have defaults. */
  defaults: number
  returnsSet: boolean
  /** The return type is a row type (a table's or a composite). */
  returnsRow: boolean
  returnsVoid: boolean
  /** The public table or view whose row type the function returns: its results can be filtered and selected. */
  returnsRelation: string | null
  /** The columns of `returns table (…)` or of out parameters, when there are several. */
  outColumns: { name: string; type: string }[]
}

/** PostgREST's in-database configuration: `alter role authenticator set pgrst.… = …`. */
export interface RestSettings {
  /** `pgrst.db_aggregates_enabled`: `count()`, `sum()`… in `select` (off by default, as on hosted Supabase). */
  aggregates: boolean
  /** `pgrst.db_tx_end`: `commit-allow-override` lets `Prefer: tx=rollback` roll a request back. */
  txEnd: string
  /** `pgrst.db_plan_enabled`: `Accept: application/vnd.pgrst.plan` answers the query's plan. */
  plan: boolean
}

/** Public tables (and views) by name, plus callable public functions: the only names a request can reach. */
export type Catalog = Map<string, TableInfo> & {
  functions: Map<string, FunctionInfo[]>
  relationships: Map<string, Relationship[]>
  /** Computed fields: functions of one table's row returning a scalar, by table, then by name. */
  computedFields: Map<string, Map<string, FunctionInfo>>
  views: Set<string>
  settings: RestSettings
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

export async function loadCatalog(db: PGlite): Promise<Catalog> {
  const columns = await db.query<{
    table_name: string
    column_name: string
    type: string
    default_sql: string | null
  }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
            case when a.attidentity in ('a', 'd')
                   then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                 when a.attgenerated = '' then pg_get_expr(ad.adbin, ad.adrelid) end as default_sql
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid
       left join pg_catalog.pg_attrdef ad on ad.adrelid = c.oid and ad.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  )
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_catalog.pg_index i
       join pg_catalog.pg_class c on c.oid = i.indrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  )
  const settings = await db.query<{ name: string; value: string }>(
    `select split_part(s, '=', 1) as name, substr(s, strpos(s, '=') + 1) as value
       from pg_catalog.pg_db_role_setting r, unnest(r.setconfig) s
      where r.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')`,
  )
  const setting = (name: string) => settings.rows.find((r) => r.name === `pgrst.${name}`)?.value
  const views = await db.query<{ name: string }>(
    `select relname as name from pg_catalog.pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('v', 'm')`,
  )
  const catalog: Catalog = Object.assign(new Map<string, TableInfo>(), {
    functions: new Map<string, FunctionInfo[]>(),
    relationships: new Map<string, Relationship[]>(),
    computedFields: new Map<string, Map<string, FunctionInfo>>(),
    views: new Set(views.rows.map((v) => v.name)),
    settings: {
      aggregates: setting('db_aggregates_enabled') === 'true',
      txEnd: setting('db_tx_end') ?? 'commit',
      plan: setting('db_plan_enabled') === 'true',
    },
  })
  for (const row of columns.rows) {
    let table = catalog.get(row.table_name)
    if (!table)
      catalog.set(row.table_name, (table = { name: row.table_name, columns: new Map(), primaryKey: [] }))
    table.columns.set(row.column_name, { type: row.type, defaultSql: row.default_sql })
  }
  for (const row of keys.rows) catalog.get(row.table_name)?.primaryKey.push(row.column_name)

  // Functions callable as /rpc/<name>: trigger and aggregate functions are not.
  const functions = await db.query<{
    name: string
    arg_names: string[] | null
    arg_modes: string[] | null
    in_types: string[]
    defaults: number
    returns_set: boolean
    returns_row: boolean
    returns_void: boolean
    returns_relation: string | null
    all_types: string[] | null
    arg_relations: (string | null)[]
    rows: number
  }>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) as t) as in_types,
            p.pronargdefaults::int as defaults, p.proretset as returns_set,
            rt.typtype = 'c' as returns_row, p.prorettype = 'void'::regtype as returns_void,
            case when p.proallargtypes is not null then
              array(select format_type(t, null) from unnest(p.proallargtypes::oid[]) as t) end as all_types,
            (select rc.relname from pg_catalog.pg_class rc
              where rc.oid = rt.typrelid and rc.relnamespace = 'public'::regnamespace) as returns_relation,
            array(select (select ac.relname::text from pg_catalog.pg_type at join pg_catalog.pg_class ac on ac.oid = at.typrelid
                           where at.oid = t and ac.relnamespace = 'public'::regnamespace)
                    from unnest(p.proargtypes::oid[]) as t) as arg_relations,
            p.prorows::int as rows
       from pg_catalog.pg_proc p
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`,
  )
  const computed: { fn: string; table: string; foreignTable: string; toOne: boolean }[] = []
  for (const f of functions.rows) {
    const modes = f.arg_modes ?? f.in_types.map(() => 'i')
    const names = (f.arg_names ?? []).filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'))
    const info: FunctionInfo = {
      name: f.name,
      args: f.in_types.map((type, i) => ({ name: names[i] ?? '', type })),
      defaults: f.defaults,
      returnsSet: f.returns_set,
      returnsRow: f.returns_row,
      returnsVoid: f.returns_void,
      returnsRelation: f.returns_relation,
      outColumns: (f.all_types ?? []).flatMap((type, i) =>
        ['o', 'b', 't'].includes(modes[i] ?? 'i') ? [{ name: f.arg_names?.[i] ?? '', type }] : [],
      ),
    }
    // Like PostgREST's schema cache: a function with an unnamed parameter is callable only when that is its
    // single parameter and of a type a request body can be (json, jsonb, text, xml, bytea).
    const unnamed = info.args.some((a) => a.name === '')
    if (
      !unnamed ||
      (info.args.length === 1 && ['json', 'jsonb', 'text', 'xml', 'bytea'].includes(info.args[0].type))
    )
      catalog.functions.set(f.name, [...(catalog.functions.get(f.name) ?? []), info])
    // A function of one table's row: a computed field (scalar result) or relationship (rows of a relation).
    const rowOf = f.arg_relations.length === 1 ? f.arg_relations[0] : null
    if (rowOf && catalog.has(rowOf)) {
      if (f.returns_relation && catalog.has(f.returns_relation))
        computed.push({
          fn: f.name,
          table: rowOf,
          foreignTable: f.returns_relation,
          toOne: !f.returns_set || f.rows === 1,
        })
      else if (!f.returns_set && !f.returns_void && !f.returns_row) {
        const fields = catalog.computedFields.get(rowOf) ?? new Map<string, FunctionInfo>()
        fields.set(f.name, info)
        catalog.computedFields.set(rowOf, fields)
      }
    }
  }
  const sources = await loadRelationshipSources(db)
  catalog.relationships = buildRelationships({
    ...sources,
    primaryKeys: new Map([...catalog].map(([name, t]) => [name, t.primaryKey])),
    views: catalog.views,
    computed,
  })
  return catalog
}

export function findTable(catalog: Catalog, name: string): TableInfo {
  const table = catalog.get(name)
  if (table) return table
  const suggestion = [...catalog.keys()].find(
    (t) => t.toLowerCase() === name.toLowerCase() || t.startsWith(name.slice(0, 3)),
  )
  throw new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
  )
}

/** A column name checked against the catalog and quoted, unqualified (insert lists, on conflict targets). */
export function checkedColumnName(table: TableInfo, name: string): string {
  column(table, name)
  return quoteIdent(name)
}

/** A column of the request's table (aliased `_r`), checked against the catalog; 42703 if there is none. */
export function column(table: TableInfo, name: string): string {
  if (!table.columns.has(name))
    throw new RestError(400, '42703', `column ${table.name}.${name} does not exist`)
  return `_r.${quoteIdent(name)}`
}
