import { parseError } from './errors.ts'

// ---------------------------------------------------------------------------------------------------------
// Parsing the query string

/**
 * Splits on `sep` outside parentheses and double quotes (PostgREST's `or=(a.eq.1,b.in.(2,3))`). With
 * `logic`, as PostgREST reads a logic tree's items: a quote opens only where a name or value starts (`a.eq.x"y`
 * is plain text), and a value starting with `{` is a Postgres array up to the next `}` (`tags.ov.{a,b}`).
 */
export function splitTopLevel(text: string, sep = ',', { logic = false } = {}): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    const valueStart = !logic || i === 0 || '.(,'.includes(text[i - 1])
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"' && valueStart) quoted = true
    else if (ch === '{' && logic && text[i - 1] === '.' && text.includes('}', i)) i = text.indexOf('}', i)
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

/** A value PostgREST reads quoted (`"a \"b\""` → `a "b"`): a backslash keeps the next character as it is. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\([\s\S])/g, '$1')
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
  const items = splitTopLevel(body.slice(1, -1), ',', { logic: true }).map((item) =>
    parseTreeItem(item.trim()),
  )
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

export interface OrderTerm {
  column: string
  /** `order=users(name)`: a column of a to-one embedded resource. */
  relation?: string
  dir: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export interface ReadOptions {
  conditions: Condition[]
  order: OrderTerm[]
  limit?: number
  offset: number
}

/** The root's options, and those of embedded resources by path (`messages`, `messages.channels`). */
export interface QueryOptions extends ReadOptions {
  embedded: Map<string, ReadOptions>
}

export function parseNonNegative(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value))
    throw parseError(name, `${name} must be a non-negative integer, got "${value}"`)
  return Number(value)
}

function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((raw) => {
    const term = raw.trim()
    const related = /^([A-Za-z_][A-Za-z0-9_]*)\(([^()]+)\)((?:\.[a-z]+)*)$/.exec(term)
    const [name, ...mods] = related ? ['', ...related[3].split('.').slice(1)] : term.split('.')
    const entry: OrderTerm = related
      ? { relation: related[1], column: related[2], dir: 'asc' }
      : { column: name, dir: 'asc' }
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') entry.dir = mod
      else if (mod === 'nullsfirst') entry.nulls = 'first'
      else if (mod === 'nullslast') entry.nulls = 'last'
      else throw parseError(`order (${term})`)
    }
    if (!entry.column) throw parseError(`order (${term})`)
    return entry
  })
}

const emptyOptions = (): ReadOptions => ({ conditions: [], order: [], offset: 0 })

/**
 * The query string's filters, logic trees, order and paging; a key prefixed with an embedded resource's
 * path (`messages.limit=1`, `messages.channel_id=eq.1`) applies inside that resource.
 */
export function parseQuery(url: URL, skip: ReadonlySet<string> = new Set()): QueryOptions {
  const root: QueryOptions = { ...emptyOptions(), embedded: new Map() }
  for (const [key, value] of url.searchParams) {
    if (reservedParams.has(key) && key !== 'order' && key !== 'limit' && key !== 'offset') continue
    if (skip.has(key)) continue
    const segments = key.split('.')
    // `not.or` / `not.and` are the root's negated logic trees, not a path.
    const negatedLogic =
      segments.length >= 2 && segments.at(-2) === 'not' && ['or', 'and'].includes(segments.at(-1)!)
    const pathEnd = negatedLogic ? segments.length - 2 : segments.length - 1
    const path = segments.slice(0, pathEnd).join('.')
    const last = segments.slice(pathEnd).join('.')
    let target: ReadOptions = root
    if (path) {
      target = root.embedded.get(path) ?? emptyOptions()
      root.embedded.set(path, target)
    }
    if (last === 'order') target.order.push(...parseOrder(value))
    else if (last === 'limit') target.limit = parseNonNegative('limit', value)
    else if (last === 'offset') target.offset = parseNonNegative('offset', value)
    else if (last === 'or' || last === 'and' || last === 'not.or' || last === 'not.and') {
      target.conditions.push(parseLogic(last.endsWith('or') ? 'or' : 'and', last.startsWith('not.'), value))
    } else target.conditions.push(parseOperation(last, value, false))
  }
  return root
}
