import { pgArrayLiteral } from '../../../shared/lib/postgrest-values.ts'
import { quoteIdent, type TableInfo } from './catalog.ts'
import { parseError, RestError } from './errors.ts'
import { splitTopLevel, unquote, type Condition, type OrderTerm } from './query-grammar.ts'
import { parseFieldRef, type FieldRef } from './select-grammar.ts'

/** Where a request's names resolve: one relation under a safe SQL alias (`_t0`, `_t1`…). */
export interface Scope {
  table: TableInfo
  alias: string
  /** The name Postgres would give the relation in an error: `users`, or `messages_1` when embedded. */
  errName: string
  params: Params
  /** Null-embed filters (`messages=not.is.null`): the SQL that is null when the embed is empty. */
  embedMarkers?: Map<string, string>
}

const jsonTypes = new Set(['json', 'jsonb'])

/** A column (with its JSON path) as SQL and its type; unknown columns are 42703 like Postgres says it. */
export function fieldSql(scope: Scope, ref: FieldRef): { sql: string; type: string } {
  const col = scope.table.columns.get(ref.name)
  if (!col) throw new RestError(400, '42703', `column ${scope.errName}.${ref.name} does not exist`)
  let sql = `${scope.alias}.${quoteIdent(ref.name)}`
  if (ref.jsonPath.length === 0) return { sql, type: col.type }
  if (!jsonTypes.has(col.type)) sql = `to_jsonb(${sql})`
  for (const step of ref.jsonPath) {
    const key = /^-?\d+$/.test(step.key)
      ? `${scope.params.add(Number(step.key))}::int`
      : `${scope.params.add(step.key)}::text`
    sql = `(${sql} ${step.arrow} ${key})`
  }
  const last = ref.jsonPath.at(-1)!
  return { sql, type: last.arrow === '->>' ? 'text' : jsonTypes.has(col.type) ? col.type : 'jsonb' }
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
export const arrayLiteral = pgArrayLiteral

export function compileCondition(scope: Scope, cond: Condition): string {
  const params = scope.params
  if (cond.kind === 'logic') {
    const parts = cond.items.map((item) => compileCondition(scope, item))
    const joined = parts.length
      ? `(${parts.join(cond.op === 'or' ? ' or ' : ' and ')})`
      : cond.op === 'or'
        ? 'false'
        : 'true'
    return cond.negate ? `not ${joined}` : joined
  }
  const marker = scope.embedMarkers?.get(cond.column)
  if (marker && cond.op === 'is' && cond.value.toLowerCase() === 'null')
    return `${marker} is ${cond.negate ? 'not ' : ''}null`
  const field = fieldSql(scope, parseFieldRef(cond.column, 'filter'))
  const col = field.sql
  const type = field.type
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
    sql = `${col} = any (${params.add(arrayLiteral(items))}::${type.endsWith('[]') ? 'text' : type}[])`
  } else if (cond.quantifier) {
    if (!cond.value.startsWith('{') || !cond.value.endsWith('}'))
      throw parseError(`filter (${cond.op}(${cond.quantifier}).${cond.value})`, 'expects {a,b,...}')
    const inner = cond.value.slice(1, -1)
    let items = inner.trim() === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()))
    if (cond.op === 'like' || cond.op === 'ilike') items = items.map((v) => v.replace(/\*/g, '%'))
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

export function whereClause(scope: Scope, conditions: Condition[]): string {
  if (conditions.length === 0) return ''
  return ` where ${conditions.map((c) => compileCondition(scope, c)).join(' and ')}`
}

/** `order by` terms; `related` gives the SQL of a to-one embed's column (`order=users(name)`). */
export function orderTerms(
  scope: Scope,
  order: OrderTerm[],
  related: (relation: string, column: string) => string,
): string[] {
  return order.map((o) => {
    const sql = o.relation
      ? related(o.relation, o.column)
      : fieldSql(scope, parseFieldRef(o.column, 'order')).sql
    return `${sql} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`
  })
}
