import { parseError } from './errors.ts'
import { splitTopLevel } from './query-grammar.ts'

// PostgREST's `select` parameter parsed into a tree, before anything is looked up in the catalog:
//   field   [alias:]name[->key|->>key…][::cast][.agg()[::cast]]    e.g. `total:amount.sum()::int`
//   embed   [alias:]name[!hint][!inner|!left](items…)              e.g. `author:users!author_id(*)`
//   spread  ...name[!hint][!inner|!left](items…)
// plus `*` and the bare aggregate `count()`.

export const aggregates = ['count', 'sum', 'avg', 'min', 'max'] as const
export type Aggregate = (typeof aggregates)[number]

/** One step of a JSON path: `->key` (JSON) or `->>key` (text); a key of digits is an array index. */
export interface JsonStep {
  arrow: '->' | '->>'
  key: string
}

export interface FieldRef {
  name: string
  jsonPath: JsonStep[]
}

export interface FieldItem extends FieldRef {
  kind: 'field'
  alias?: string
  cast?: string
  aggregate?: Aggregate
  aggregateCast?: string
}

export interface EmbedItem {
  kind: 'embed'
  name: string
  alias?: string
  hint?: string
  join?: 'inner' | 'left'
  spread: boolean
  items: SelectItem[]
}

export type SelectItem = FieldItem | EmbedItem

const identifier = /^[A-Za-z_][A-Za-z0-9_$]*$/
/** A cast's type name: an identifier, quoted when it reaches SQL. */
const typeName = /^[A-Za-z_][A-Za-z0-9_]*$/

/** `name->a->>b` or `"quoted name"->0`: a column and its JSON path. */
export function parseFieldRef(text: string, what = 'select'): FieldRef {
  const m = /^("(?:[^"]|"")+"|[^\s"\-:>.(),!]+(?: [^\s"\-:>.(),!]+)*)((?:->>?[^-]+)*)$/.exec(text)
  if (!m) throw parseError(`${what} (${text})`)
  const name = m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]
  const jsonPath: JsonStep[] = []
  const steps = /(->>?)([^-]+)/g
  let step: RegExpExecArray | null
  while ((step = steps.exec(m[2])) !== null) {
    const key = step[2].startsWith("'") && step[2].endsWith("'") ? step[2].slice(1, -1) : step[2]
    jsonPath.push({ arrow: step[1] as JsonStep['arrow'], key })
  }
  return { name, jsonPath }
}

function parseCast(text: string, item: string): string {
  if (!typeName.test(text)) throw parseError(`select (${item})`, `Invalid cast "${text}"`)
  return text
}

function parseField(item: string, alias: string | undefined): FieldItem {
  let rest = item
  let aggregate: Aggregate | undefined
  let aggregateCast: string | undefined
  const agg = /^(.*?)\.(count|sum|avg|min|max)\(\)(?:::([^:]+))?$/.exec(rest)
  if (agg) {
    rest = agg[1]
    aggregate = agg[2] as Aggregate
    if (agg[3] !== undefined) aggregateCast = parseCast(agg[3], item)
  }
  let cast: string | undefined
  const castAt = rest.lastIndexOf('::')
  if (castAt > 0) {
    cast = parseCast(rest.slice(castAt + 2), item)
    rest = rest.slice(0, castAt)
  }
  const ref = parseFieldRef(rest)
  return { kind: 'field', ...ref, alias, cast, aggregate, aggregateCast }
}

function parseAlias(item: string): { alias?: string; body: string } {
  // An alias is an identifier followed by one colon (`::` is a cast).
  const m = /^([A-Za-z_][A-Za-z0-9_$ ]*):(?!:)([\s\S]*)$/.exec(item)
  return m ? { alias: m[1], body: m[2] } : { body: item }
}

export function parseSelectItem(raw: string): SelectItem {
  const item = raw.trim()
  if (item === '') throw parseError('select', 'Empty select item')
  if (item === '*') return { kind: 'field', name: '*', jsonPath: [] }
  const spread = item.startsWith('...')
  const { alias, body } = spread ? { alias: undefined, body: item.slice(3) } : parseAlias(item)
  const open = body.indexOf('(')
  const isAggregate = /(?:^|\.)(?:count|sum|avg|min|max)\(\)(?:::\w+)?$/.test(body)
  if (open > 0 && body.endsWith(')') && !isAggregate) {
    const head = body.slice(0, open)
    const inner = body.slice(open + 1, -1)
    const [name, ...marks] = head.split('!')
    if (!identifier.test(name)) throw parseError(`select (${item})`)
    let hint: string | undefined
    let join: EmbedItem['join']
    for (const mark of marks) {
      if (mark === 'inner' || mark === 'left') join = mark
      else if (hint === undefined && identifier.test(mark) && join === undefined) hint = mark
      else throw parseError(`select (${item})`)
    }
    const items = inner.trim() === '' ? [] : splitTopLevel(inner).map(parseSelectItem)
    return { kind: 'embed', name, alias, hint, join, spread, items }
  }
  if (spread) throw parseError(`select (${item})`, 'A spread takes a relation: ...name(columns)')
  const count = /^count\(\)(?:::([^:]+))?$/.exec(body)
  if (count)
    return {
      kind: 'field',
      name: '*',
      jsonPath: [],
      alias,
      aggregate: 'count',
      aggregateCast: count[1] === undefined ? undefined : parseCast(count[1], item),
    }
  return parseField(body, alias)
}

/** The items of `select=…`; an absent or empty `select` is `*`. */
export function parseSelectTree(value: string | undefined | null): SelectItem[] {
  if (value === undefined || value === null || value.trim() === '')
    return [{ kind: 'field', name: '*', jsonPath: [] }]
  return splitTopLevel(value).map(parseSelectItem)
}
