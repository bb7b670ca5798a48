import { quoteIdent, type Catalog, type TableInfo } from './catalog.ts'
import { RestError } from './errors.ts'
import type { QueryOptions, ReadOptions } from './query-grammar.ts'
import { findRelationship, type Relationship } from './relationships.ts'
import type { EmbedItem, FieldItem, SelectItem } from './select-grammar.ts'
import { fieldSql, orderTerms, Params, whereClause, type Scope } from './sql.ts'

// A read as one SQL statement: the relation's rows with their `select` items, and every embedded resource
// as a lateral subquery joined through its relationship. Embedding is part of the same statement, so the
// row-level security of every embedded table applies exactly as to the root. Identifiers come from the
// catalog (quoted) or are our own aliases (`_t0`, `_e1`…); every value is a parameter.

export interface ReadRequest {
  catalog: Catalog
  params: Params
  options: QueryOptions
  maxRows: number
}

/** The statement of a root read, before the page's order and limit. */
export interface RootRead {
  /** `select … from … where … group by …` */
  sql: string
  /** ` order by …` or '' */
  order: string
  /** The output names, in order (CSV's header). */
  keys: string[]
}

interface Node {
  table: TableInfo
  alias: string
  errName: string
  depth: number
  /** Embed path for `messages.limit=1`-style options; '' at the root. */
  path: string
}

interface Built {
  sql: string
  /** Output names in order (what a spread hands to its parent). */
  keys: string[]
  order: string
}

interface Output {
  sql: string
  key: string
  aggregate: boolean
}

let aliasCounter = 0
const nextAlias = (prefix: string) => `${prefix}${(aliasCounter = (aliasCounter + 1) % 1_000_000)}`

const none: ReadOptions = { conditions: [], order: [], offset: 0 }

/** The root read: `source` (a table, a function call, a CTE) as the rows of `table`. */
export function buildRootRead(
  req: ReadRequest,
  table: TableInfo,
  source: string,
  items: SelectItem[],
): RootRead {
  const node: Node = { table, alias: '_t0', errName: table.name, depth: 0, path: '' }
  const built = buildNode(req, node, items, source, [], req.options)
  return { sql: built.sql, order: built.order, keys: built.keys }
}

function outputKey(item: FieldItem): string {
  if (item.alias) return item.alias
  if (item.aggregate) return item.aggregate
  if (item.jsonPath.length) {
    const keys = item.jsonPath.filter((s) => !/^-?\d+$/.test(s.key))
    return item.jsonPath.at(-1)!.key.match(/^-?\d+$/)
      ? (keys.at(-1)?.key ?? item.name)
      : item.jsonPath.at(-1)!.key
  }
  return item.name
}

function fieldOutputs(req: ReadRequest, scope: Scope, item: FieldItem, embedded: boolean): Output[] {
  if (item.name === '*' && !item.aggregate)
    return [...scope.table.columns.keys()].map((name) => ({
      sql: `${scope.alias}.${quoteIdent(name)}`,
      key: name,
      aggregate: false,
    }))
  let aggregate = item.aggregate
  let sql: string
  if (item.name === '*') sql = '*'
  else if (!scope.table.columns.has(item.name) && item.jsonPath.length === 0) {
    const computed = req.catalog.computedFields.get(scope.table.name)?.get(item.name)
    if (computed) sql = `public.${quoteIdent(computed.name)}(${scope.alias})`
    else if (embedded && item.name === 'count' && !aggregate) {
      // `messages(count)`: PostgREST's older spelling of `messages(count())`.
      aggregate = 'count'
      sql = '*'
    } else sql = fieldSql(scope, item).sql
  } else sql = fieldSql(scope, item).sql
  if (item.cast) sql = `(${sql})::${item.cast.toLowerCase()}`
  if (aggregate) {
    if (!req.catalog.settings.aggregates)
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
    if (sql === '*' && aggregate !== 'count')
      throw new RestError(400, '42703', `column ${scope.errName}.${aggregate} does not exist`)
    sql = `${aggregate}(${sql})`
    if (item.aggregateCast) sql = `(${sql})::${item.aggregateCast.toLowerCase()}`
  }
  return [{ sql, key: aggregate && !item.alias ? aggregate : outputKey(item), aggregate: !!aggregate }]
}

/** The condition joining an embedded relation's rows (`child`) to its parent's row. */
function joinConditions(rel: Relationship, parent: Node, child: Node): string[] {
  if (rel.junction) {
    const j = nextAlias('_j')
    const on = [
      ...rel.junction.columns1.map(
        ([jc, pc]) => `${j}.${quoteIdent(jc)} = ${parent.alias}.${quoteIdent(pc)}`,
      ),
      ...rel.junction.columns2.map(([jc, cc]) => `${j}.${quoteIdent(jc)} = ${child.alias}.${quoteIdent(cc)}`),
    ]
    return [
      `exists (select 1 from public.${quoteIdent(rel.junction.table)} as ${j} where ${on.join(' and ')})`,
    ]
  }
  return rel.columns.map(([pc, cc]) => `${child.alias}.${quoteIdent(cc)} = ${parent.alias}.${quoteIdent(pc)}`)
}

function optionsFor(req: ReadRequest, parent: Node, item: EmbedItem): { path: string; options: ReadOptions } {
  for (const name of [item.alias, item.name]) {
    if (!name) continue
    const path = parent.path ? `${parent.path}.${name}` : name
    const options = req.options.embedded.get(path)
    if (options) return { path, options }
  }
  const name = item.alias ?? item.name
  return { path: parent.path ? `${parent.path}.${name}` : name, options: none }
}

interface EmbedPlan {
  key: string
  rel: Relationship
  join: string
  /** Outputs of this embed in the parent's select list. */
  outputs: Output[]
  /** SQL that is null when the embed found nothing (null-embed filters). */
  marker: string
  /** `order=name(col)`: the SQL of a column of this (to-one) embed. */
  column?: (name: string) => string
}

function buildEmbed(req: ReadRequest, parent: Node, item: EmbedItem, jsonb: boolean): EmbedPlan | null {
  const rel = findRelationship(req.catalog.relationships, parent.table.name, item.name, item.hint)
  const table = req.catalog.get(rel.foreignTable)!
  const { path, options } = optionsFor(req, parent, item)
  const child: Node = {
    table,
    alias: nextAlias('_t'),
    errName: `${rel.foreignTable}_${parent.depth + 1}`,
    depth: parent.depth + 1,
    path,
  }
  const source = rel.fn ? `public.${quoteIdent(rel.fn)}(${parent.alias})` : `public.${quoteIdent(table.name)}`
  const inner = buildNode(
    req,
    child,
    item.items,
    source,
    rel.fn ? [] : joinConditions(rel, parent, child),
    options,
  )
  const e = nextAlias('_e')
  const j = nextAlias('_j')
  const key = item.alias ?? item.name
  const joinType = item.join === 'inner' ? 'inner' : 'left'
  const agg = jsonb ? 'jsonb_agg' : 'json_agg'
  const toJson = jsonb ? 'to_jsonb' : 'to_json'
  const empty = jsonb ? `'[]'::jsonb` : `'[]'::json`
  if (item.items.length === 0 && item.join !== 'inner') return null
  if (rel.toOne) {
    const lateral = item.spread
      ? `select ${j}.*, true as _pgrst_found from (${inner.sql}) ${j}`
      : `select ${j}.*, ${toJson}(${j}) as _pgrst_v from (${inner.sql}) ${j}`
    return {
      key,
      rel,
      join: ` ${joinType} join lateral (${lateral}) ${e} on true`,
      outputs:
        item.items.length === 0
          ? []
          : item.spread
            ? inner.keys.map((k) => ({ sql: `${e}.${quoteIdent(k)}`, key: k, aggregate: false }))
            : [{ sql: `${e}._pgrst_v`, key, aggregate: false }],
      marker: item.spread ? `${e}._pgrst_found` : `${e}._pgrst_v`,
      column: (name) => {
        if (!inner.keys.includes(name))
          throw new RestError(400, '42703', `column ${child.errName}.${name} does not exist`)
        return `${e}.${quoteIdent(name)}`
      },
    }
  }
  const lateral = item.spread
    ? `select ${[...inner.keys.map((k) => `${agg}(${j}.${quoteIdent(k)}) as ${quoteIdent(k)}`), `count(*) as _pgrst_n`].join(', ')} from (${inner.sql}) ${j}`
    : `select ${agg}(${j}) as _pgrst_v, count(*) as _pgrst_n from (${inner.sql}) ${j}`
  return {
    key,
    rel,
    join: ` ${joinType} join lateral (${lateral}) ${e} on ${item.join === 'inner' ? `${e}._pgrst_n > 0` : 'true'}`,
    outputs:
      item.items.length === 0
        ? []
        : item.spread
          ? inner.keys.map((k) => ({
              sql: `coalesce(${e}.${quoteIdent(k)}, ${empty})`,
              key: k,
              aggregate: false,
            }))
          : [{ sql: `coalesce(${e}._pgrst_v, ${empty})`, key, aggregate: false }],
    marker: `nullif(${e}._pgrst_n, 0)`,
  }
}

function hasAggregate(items: SelectItem[], table: TableInfo): boolean {
  return items.some(
    (i) =>
      i.kind === 'field' &&
      (!!i.aggregate || (i.name === 'count' && i.jsonPath.length === 0 && !table.columns.has('count'))),
  )
}

function buildNode(
  req: ReadRequest,
  node: Node,
  items: SelectItem[],
  source: string,
  joinConds: string[],
  options: ReadOptions,
): Built {
  const params = req.params
  const embedded = node.depth > 0
  const scope: Scope = {
    table: node.table,
    alias: node.alias,
    errName: node.errName,
    params,
    embedMarkers: new Map(),
  }
  // Embeds grouped with aggregates must be comparable: jsonb has equality, json has none.
  const grouped =
    hasAggregate(items, node.table) && (embedded || items.some((i) => i.kind === 'field' && !!i.aggregate))
  const outputs: Output[] = []
  const embeds = new Map<string, EmbedPlan>()
  const joins: string[] = []
  const seen = new Set<string>()
  for (const item of items) {
    if (item.kind === 'field') {
      outputs.push(...fieldOutputs(req, scope, item, embedded))
      continue
    }
    const name = `${node.table.name}_${item.alias ?? item.name}_${node.depth + 1}`
    if (seen.has(name)) throw new RestError(400, '42712', `table name "${name}" specified more than once`)
    seen.add(name)
    const plan = buildEmbed(req, node, item, grouped)
    if (!plan) continue
    embeds.set(plan.key, plan)
    scope.embedMarkers!.set(plan.key, plan.marker)
    joins.push(plan.join)
    outputs.push(...plan.outputs)
  }
  const where = whereClause(scope, options.conditions)
  const conds = [...joinConds, ...(where ? [where.slice(' where '.length)] : [])]
  const order = orderTerms(scope, options.order, (relation, column) => {
    const plan = embeds.get(relation)
    if (!plan)
      throw new RestError(
        400,
        'PGRST108',
        `'${relation}' is not an embedded resource in this request`,
        null,
        `Verify that '${relation}' is included in the 'select' query parameter.`,
      )
    if (!plan.rel.toOne || !plan.column)
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${relation}' is not possible`,
        `'${node.table.name}' and '${relation}' do not form a many-to-one or one-to-one relationship`,
      )
    return plan.column(column)
  })
  const list = outputs.map((o) => `${o.sql} as ${quoteIdent(o.key)}`).join(', ')
  const groupBy = outputs.some((o) => o.aggregate)
    ? outputs.flatMap((o, i) => (o.aggregate ? [] : [String(i + 1)]))
    : []
  let sql = `select ${list} from ${source} as ${node.alias}${joins.join('')}`
  if (conds.length) sql += ` where ${conds.join(' and ')}`
  if (groupBy.length) sql += ` group by ${groupBy.join(', ')}`
  const orderSql = order.length ? ` order by ${order.join(', ')}` : ''
  if (embedded) {
    sql += orderSql
    if (options.limit !== undefined) sql += ` limit ${params.add(options.limit)}`
    if (options.offset) sql += ` offset ${params.add(options.offset)}`
  }
  return { sql, keys: outputs.map((o) => o.key), order: orderSql }
}
