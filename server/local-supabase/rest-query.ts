import { parseError } from './rest-errors.ts'

// ---------------------------------------------------------------------------------------------------------
// Parsing the query string

/** Splits on `sep` outside parentheses and double quotes (PostgREST's `or=(a.eq.1,b.in.(2,3))`). */
export function splitTopLevel(text: string, sep = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
    if (depth < 0) throw parseError('logic tree', `Unbalanced parentheses in ${text}`)
  }
  if (depth !== 0 || quoted) throw parseError('logic tree', `Unbalanced parentheses or quotes in ${text}`)
  parts.push(text.slice(start))
  return parts
}

export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  return value
}

export const operators = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
])

/** The operators PostgREST accepts with `(any)` / `(all)`. */
const quantifiable = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch'])

export type Condition =
  | {
      kind: 'op'
      column: string
      op: string
      negate: boolean
      value: string
      ftsConfig?: string
      /** `like(any).{a,b}`: the comparison holds for any (or all) of the listed values. */
      quantifier?: 'any' | 'all'
    }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; items: Condition[] }

/** `[not.]op[(config)].value` → a condition on `columnName`. */
export function parseOperation(columnName: string, text: string, inTree: boolean): Condition {
  let rest = text
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const m = /^([a-z]+)(?:\(([a-z_]+)\))?\.([\s\S]*)$/.exec(rest)
  if (!m || !operators.has(m[1]))
    throw parseError(`filter (${text})`, `Unknown operator in ${columnName}=${text}`)
  const [, op, modifier, raw] = m
  const value = inTree ? unquote(raw) : raw
  if (modifier === 'any' || modifier === 'all') {
    if (!quantifiable.has(op)) throw parseError(`filter (${text})`, `${op} takes no (${modifier}) modifier`)
    return { kind: 'op', column: columnName, op, negate, value, quantifier: modifier }
  }
  if (modifier && !op.endsWith('fts')) throw parseError(`filter (${text})`)
  return { kind: 'op', column: columnName, op, negate, value, ftsConfig: modifier }
}

export function parseLogic(op: 'and' | 'or', negate: boolean, body: string): Condition {
  if (!body.startsWith('(') || !body.endsWith(')'))
    throw parseError('logic tree', `Expected "(...)" after ${op}`)
  const items = splitTopLevel(body.slice(1, -1)).map((item) => parseTreeItem(item.trim()))
  return { kind: 'logic', op, negate, items }
}

export function parseTreeItem(item: string): Condition {
  const logic = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item)
  if (logic) return parseLogic(logic[2] as 'and' | 'or', !!logic[1], logic[3])
  const dot = item.indexOf('.')
  if (dot <= 0) throw parseError(`logic tree (${item})`)
  return parseOperation(item.slice(0, dot), item.slice(dot + 1), true)
}

export const reservedParams = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'])

export interface ReadOptions {
  conditions: Condition[]
  order: { column: string; dir: 'asc' | 'desc'; nulls?: 'first' | 'last' }[]
  limit?: number
  offset: number
}

export function parseNonNegative(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value))
    throw parseError(name, `${name} must be a non-negative integer, got "${value}"`)
  return Number(value)
}

export function parseQuery(url: URL, skip: ReadonlySet<string> = new Set()): ReadOptions {
  const conditions: Condition[] = []
  const order: ReadOptions['order'] = []
  let limit: number | undefined
  let offset = 0
  for (const [key, value] of url.searchParams) {
    if (key === 'order') {
      for (const term of value.split(',')) {
        const [name, ...mods] = term.trim().split('.')
        const entry: ReadOptions['order'][number] = { column: name, dir: 'asc' }
        for (const mod of mods) {
          if (mod === 'asc' || mod === 'desc') entry.dir = mod
          else if (mod === 'nullsfirst') entry.nulls = 'first'
          else if (mod === 'nullslast') entry.nulls = 'last'
          else throw parseError(`order (${term})`)
        }
        if (!name) throw parseError(`order (${term})`)
        order.push(entry)
      }
    } else if (key === 'limit') limit = parseNonNegative('limit', value)
    else if (key === 'offset') offset = parseNonNegative('offset', value)
    else if (reservedParams.has(key) || skip.has(key)) continue
    else if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      conditions.push(parseLogic(key.endsWith('or') ? 'or' : 'and', key.startsWith('not.'), value))
    } else conditions.push(parseOperation(key, value, false))
  }
  return { conditions, order, limit, offset }
}
