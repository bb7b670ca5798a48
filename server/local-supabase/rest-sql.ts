import { column, quoteIdent, type TableInfo } from './rest-catalog.ts'
import { parseError } from './rest-errors.ts'
import { splitTopLevel, unquote, type Condition, type ReadOptions } from './rest-query.ts'

export interface SelectItem {
  column: string
  alias: string
}

/** `select=*` / `select=a,b,alias:c`. Embedded resources are outside this backend's subset. */
export function parseSelect(table: TableInfo, value: string | undefined): SelectItem[] | '*' {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*'
  const items: SelectItem[] = []
  for (const raw of splitTopLevel(value)) {
    const item = raw.trim()
    if (item === '*') {
      for (const name of table.columns.keys()) items.push({ column: name, alias: name })
      continue
    }
    if (item.includes('('))
      throw parseError(`select (${item})`, 'Embedded resources are not supported by the local backend')
    const m = /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_ ]*)$/.exec(item)
    if (!m) throw parseError(`select (${item})`)
    const name = m[2]
    column(table, name)
    items.push({ column: name, alias: m[1] ?? name })
  }
  return items
}

export function selectList(table: TableInfo, items: SelectItem[] | '*'): string {
  if (items === '*') return '_r.*'
  return items.map((i) => `${column(table, i.column)} as ${quoteIdent(i.alias)}`).join(', ')
}

// ---------------------------------------------------------------------------------------------------------
// Compiling conditions to SQL (values only ever as parameters)

export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export const comparisons: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  isdistinct: 'is distinct from',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}
export const isValues: Record<string, string> = {
  null: 'null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}
export const ftsFunctions: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

/** A Postgres array literal from a PostgREST list, so `in` sends one parameter however long the list. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((i) => `"${i.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

export function compileCondition(table: TableInfo, cond: Condition, params: Params): string {
  if (cond.kind === 'logic') {
    const parts = cond.items.map((item) => compileCondition(table, item, params))
    const joined = parts.length
      ? `(${parts.join(cond.op === 'or' ? ' or ' : ' and ')})`
      : cond.op === 'or'
        ? 'false'
        : 'true'
    return cond.negate ? `not ${joined}` : joined
  }
  const col = column(table, cond.column)
  let sql: string
  if (cond.op === 'is') {
    const keyword = isValues[cond.value.toLowerCase()]
    if (!keyword) throw parseError(`filter (is.${cond.value})`, 'is accepts null, true, false or unknown')
    sql = `${col} is ${keyword}`
  } else if (cond.op === 'in') {
    if (!cond.value.startsWith('(') || !cond.value.endsWith(')'))
      throw parseError(`filter (in.${cond.value})`, 'in expects (a,b,...)')
    const inner = cond.value.slice(1, -1)
    const items = inner.trim() === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()))
    const type = table.columns.get(cond.column)!.type
    sql = `${col} = any (${params.add(arrayLiteral(items))}::${type.endsWith('[]') ? 'text' : type}[])`
  } else if (cond.quantifier) {
    if (!cond.value.startsWith('{') || !cond.value.endsWith('}'))
      throw parseError(`filter (${cond.op}(${cond.quantifier}).${cond.value})`, 'expects {a,b,...}')
    const inner = cond.value.slice(1, -1)
    let items = inner.trim() === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()))
    if (cond.op === 'like' || cond.op === 'ilike') items = items.map((v) => v.replace(/\*/g, '%'))
    const type = table.columns.get(cond.column)!.type
    const patterns = ['like', 'ilike', 'match', 'imatch'].includes(cond.op)
    const arrayType = patterns || type.endsWith('[]') ? 'text' : type
    sql = `${col} ${comparisons[cond.op]} ${cond.quantifier} (${params.add(arrayLiteral(items))}::${arrayType}[])`
  } else if (cond.op in ftsFunctions) {
    const config = cond.ftsConfig ? `${params.add(cond.ftsConfig)}::regconfig, ` : ''
    sql = `${col} @@ ${ftsFunctions[cond.op]}(${config}${params.add(cond.value)})`
  } else {
    let value = cond.value
    if (cond.op === 'like' || cond.op === 'ilike') value = value.replace(/\*/g, '%')
    if (cond.op === 'ov' && value.startsWith('(') && value.endsWith(')')) value = `{${value.slice(1, -1)}}`
    sql = `${col} ${comparisons[cond.op]} ${params.add(value)}`
  }
  return cond.negate ? `not (${sql})` : sql
}

export function whereClause(table: TableInfo, conditions: Condition[], params: Params): string {
  if (conditions.length === 0) return ''
  return ` where ${conditions.map((c) => compileCondition(table, c, params)).join(' and ')}`
}

export function orderClause(table: TableInfo, order: ReadOptions['order']): string {
  if (order.length === 0) return ''
  const terms = order.map((o) => `${column(table, o.column)} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`)
  return ` order by ${terms.join(', ')}`
}
