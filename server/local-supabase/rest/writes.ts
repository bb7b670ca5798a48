import { checkedColumnName, quoteIdent, type TableInfo } from './catalog.ts'
import { RestError } from './errors.ts'
import type { Prefer } from './http.ts'
import type { Condition } from './query-grammar.ts'
import { whereClause, type Params } from './sql.ts'

// Inserts, updates and deletes as one data-modifying CTE named `_w` holding the written rows (what
// PostgREST's `return=representation` and `select` read from). Inserted rows carry `_pgrst_inserted`, so
// an upsert that only updated can answer 200 as PostgREST does.

const unknownColumn = (table: TableInfo, name: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`)

/** `columns=a,"b c"`: PostgREST's list of the columns to insert, quoted names allowed. */
function parseColumns(value: string): string[] {
  return value.split(',').map((s) => {
    const name = s.trim()
    return name.startsWith('"') && name.endsWith('"') && name.length >= 2
      ? name.slice(1, -1).replace(/""/g, '"')
      : name
  })
}

/** The CTEs of an insert (or upsert) of `body`, ending with `_w`; null when there is nothing to insert. */
export function insertCtes(
  table: TableInfo,
  body: unknown,
  url: URL,
  prefer: Prefer,
  params: Params,
): string | null {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object or an array of objects',
    )
  const objects = rows as Record<string, unknown>[]
  const columnsParam = url.searchParams.get('columns')
  const listed = columnsParam
    ? parseColumns(columnsParam)
    : [...new Set(objects.flatMap((o) => Object.keys(o)))]
  for (const name of listed) if (!table.columns.has(name)) throw unknownColumn(table, name)

  let conflict = (_columns: string[]) => ''
  if (prefer.resolution || url.searchParams.has('on_conflict')) {
    const target = url.searchParams.has('on_conflict')
      ? parseColumns(url.searchParams.get('on_conflict')!)
      : table.primaryKey
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

  if (objects.length === 0) return null
  const target = `public.${quoteIdent(table.name)} as _r`
  const returning = `returning _r.*, (_r.xmax = 0) as _pgrst_inserted`
  const rowType = `public.${quoteIdent(table.name)}`
  if (listed.length === 0) {
    // `{}`: every column takes its default, one row per object.
    return `_w as (insert into ${target} select from generate_series(1, ${params.add(objects.length)}::int) ${returning})`
  }
  const cols = listed.map(quoteIdent).join(', ')
  const source = params.add(JSON.stringify(objects))
  let values: string
  if (prefer.missing === 'default') {
    // A key an object lacks takes the column's default: each row starts as a record of every column's
    // default (evaluated for every row, as PostgREST does) and the object's keys are laid over it.
    const defaults = [...table.columns.values()].map((col) => col.defaultSql ?? 'null').join(', ')
    values = `select ${listed.map((n) => `(_s.r).${quoteIdent(n)}`).join(', ')} from (select jsonb_populate_record(row(${defaults})::${rowType}, _e) as r from jsonb_array_elements(${source}::jsonb) as _e) _s`
  } else {
    // As in PostgREST, a key an object lacks is NULL.
    values = `select ${cols} from json_populate_recordset(null::${rowType}, ${source}::json)`
  }
  return `_w as (insert into ${target} (${cols}) ${values}${conflict(listed)} ${returning})`
}
/** The CTE of an update with `body`; null when the body names no column (nothing to change). */
export function updateCte(
  table: TableInfo,
  body: unknown,
  conditions: Condition[],
  params: Params,
): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'An update body must be one JSON object')
  const names = Object.keys(body)
  for (const name of names) if (!table.columns.has(name)) throw unknownColumn(table, name)
  const source = params.add(JSON.stringify(body))
  const where = whereClause(mutationScope(table, params), conditions)
  if (names.length === 0) return null
  const sets = names.map((n) => `${quoteIdent(n)} = _v.${quoteIdent(n)}`).join(', ')
  return `_w as (update public.${quoteIdent(table.name)} as _r set ${sets} from json_populate_record(null::public.${quoteIdent(table.name)}, ${source}::json) as _v${where} returning _r.*)`
}

export function deleteCte(table: TableInfo, conditions: Condition[], params: Params): string {
  const where = whereClause(mutationScope(table, params), conditions)
  return `_w as (delete from public.${quoteIdent(table.name)} as _r${where} returning _r.*)`
}

const mutationScope = (table: TableInfo, params: Params) => ({
  table,
  alias: '_r',
  errName: table.name,
  params,
})
