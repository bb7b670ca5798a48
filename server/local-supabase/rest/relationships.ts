import type { PGlite } from '@electric-sql/pglite'
import { RestError } from './errors.ts'

// The relationships resource embedding follows, as PostgREST derives them: every foreign key between two
// public tables is a many-to-one from its table and a one-to-many back (one-to-one when its columns are
// unique); a table whose primary key holds two foreign keys joins their targets many-to-many; a view that
// exposes a table's key columns under their own names shares the table's foreign keys; a function taking a
// table's row and returning rows of another is a computed relationship named after the function.

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Relationship {
  cardinality: Cardinality | 'computed'
  table: string
  foreignTable: string
  /** The constraint's name (for many-to-many, the junction's first one; for computed, the function's). */
  constraint: string
  /** Pairs (column of `table`, column of `foreignTable`); empty for many-to-many and computed ones. */
  columns: [string, string][]
  junction?: {
    table: string
    constraint1: string
    constraint2: string
    /** (junction column, `table` column) and (junction column, `foreignTable` column). */
    columns1: [string, string][]
    columns2: [string, string][]
  }
  /** For computed relationships: the function, called with the origin's row. */
  fn?: string
  toOne: boolean
  isSelf: boolean
  foreignIsView: boolean
}

interface ForeignKey {
  constraint: string
  table: string
  foreignTable: string
  columns: string[]
  foreignColumns: string[]
}

export interface RelationshipSources {
  keys: ForeignKey[]
  /** Column sets that are unique (primary keys and unique constraints), by table. */
  unique: Map<string, string[][]>
  primaryKeys: Map<string, string[]>
  views: Set<string>
  /** view → (view column → [base table, base column]) for columns a view exposes unchanged. */
  viewColumns: Map<string, Map<string, [string, string]>>
  computed: { fn: string; table: string; foreignTable: string; toOne: boolean }[]
}

export async function loadRelationshipSources(
  db: PGlite,
): Promise<Omit<RelationshipSources, 'primaryKeys' | 'computed' | 'views'>> {
  const keys = await db.query<ForeignKey>(
    `select con.conname as constraint, c.relname as "table", fc.relname as "foreignTable",
            array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                    join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as "foreignColumns"
       from pg_catalog.pg_constraint con
       join pg_catalog.pg_class c on c.oid = con.conrelid
       join pg_catalog.pg_class fc on fc.oid = con.confrelid
      where con.contype = 'f' and con.conparentid = 0 and not c.relispartition
        and c.relnamespace = 'public'::regnamespace and fc.relnamespace = 'public'::regnamespace
      order by c.relname, con.conname`,
  )
  const unique = await db.query<{ table: string; columns: string[] }>(
    `select c.relname as "table",
            array(select a.attname::text from unnest(i.indkey::int2[]) k(n)
                    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n) as columns
       from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indrelid
      where i.indisunique and i.indpred is null and c.relnamespace = 'public'::regnamespace`,
  )
  const viewColumns = await db.query<{ view: string; table: string; column: string }>(
    `select u.view_name as view, u.table_name as "table", u.column_name as column
       from information_schema.view_column_usage u
       join information_schema.columns vc
         on vc.table_schema = u.view_schema and vc.table_name = u.view_name and vc.column_name = u.column_name
      where u.view_schema = 'public' and u.table_schema = 'public'`,
  )
  const uniqueByTable = new Map<string, string[][]>()
  for (const u of unique.rows) uniqueByTable.set(u.table, [...(uniqueByTable.get(u.table) ?? []), u.columns])
  const views = new Map<string, Map<string, [string, string]>>()
  for (const v of viewColumns.rows) {
    const map = views.get(v.view) ?? new Map<string, [string, string]>()
    // A column two base tables both expose under one name is ambiguous: keep neither.
    if (map.has(v.column)) map.set(v.column, ['', ''])
    else map.set(v.column, [v.table, v.column])
    views.set(v.view, map)
  }
  return { keys: keys.rows, unique: uniqueByTable, viewColumns: views }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

/** Every relationship, by origin table or view. */
export function buildRelationships(src: RelationshipSources): Map<string, Relationship[]> {
  const byOrigin = new Map<string, Relationship[]>()
  const add = (r: Relationship) => byOrigin.set(r.table, [...(byOrigin.get(r.table) ?? []), r])
  const isUnique = (table: string, cols: string[]) =>
    (src.unique.get(table) ?? []).some((u) => sameSet(u, cols))

  // Foreign keys as the views see them: a view that exposes all of a key's columns unchanged carries it.
  const keys: ForeignKey[] = [...src.keys]
  for (const [view, cols] of src.viewColumns) {
    const exposed = (table: string, columns: string[]) => {
      const names = columns.map((c) => [...cols].find(([, [t, bc]]) => t === table && bc === c)?.[0] ?? null)
      return names.every((n) => n !== null) ? (names as string[]) : null
    }
    for (const k of src.keys) {
      const from = exposed(k.table, k.columns)
      if (from) keys.push({ ...k, table: view, columns: from })
      const to = exposed(k.foreignTable, k.foreignColumns)
      if (to) keys.push({ ...k, foreignTable: view, foreignColumns: to })
    }
  }

  for (const k of keys) {
    const pairs = k.columns.map((c, i): [string, string] => [c, k.foreignColumns[i]])
    const oneToOne = !src.views.has(k.table) && isUnique(k.table, k.columns)
    const isSelf = k.table === k.foreignTable
    add({
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      table: k.table,
      foreignTable: k.foreignTable,
      constraint: k.constraint,
      columns: pairs,
      toOne: true,
      isSelf,
      foreignIsView: src.views.has(k.foreignTable),
    })
    add({
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      table: k.foreignTable,
      foreignTable: k.table,
      constraint: k.constraint,
      columns: pairs.map(([a, b]) => [b, a]),
      toOne: oneToOne,
      isSelf,
      foreignIsView: src.views.has(k.table),
    })
  }

  // Junctions: a table whose primary key covers the columns of two of its foreign keys.
  const keysByTable = new Map<string, ForeignKey[]>()
  for (const k of src.keys) keysByTable.set(k.table, [...(keysByTable.get(k.table) ?? []), k])
  for (const [junction, jkeys] of keysByTable) {
    const pk = src.primaryKeys.get(junction) ?? []
    const covered = jkeys.filter((k) => k.columns.every((c) => pk.includes(c)))
    for (const k1 of covered)
      for (const k2 of covered) {
        if (k1 === k2) continue
        add({
          cardinality: 'many-to-many',
          table: k1.foreignTable,
          foreignTable: k2.foreignTable,
          constraint: k1.constraint,
          columns: [],
          junction: {
            table: junction,
            constraint1: k1.constraint,
            constraint2: k2.constraint,
            columns1: k1.columns.map((c, i) => [c, k1.foreignColumns[i]]),
            columns2: k2.columns.map((c, i) => [c, k2.foreignColumns[i]]),
          },
          toOne: false,
          isSelf: k1.foreignTable === k2.foreignTable,
          foreignIsView: false,
        })
      }
  }

  for (const c of src.computed)
    add({
      cardinality: 'computed',
      table: c.table,
      foreignTable: c.foreignTable,
      constraint: c.fn,
      columns: [],
      fn: c.fn,
      toOne: c.toOne,
      isSelf: false,
      foreignIsView: src.views.has(c.foreignTable),
    })
  return byOrigin
}

const single = (cols: [string, string][], side: 0 | 1) => (cols.length === 1 ? cols[0][side] : null)

/** PostgREST's choice of relationship for `origin?select=target!hint(…)`, or its PGRST200/PGRST201. */
export function findRelationship(
  all: Map<string, Relationship[]>,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = (all.get(origin) ?? []).filter((r) => {
    if (r.cardinality === 'computed') return target === r.fn && hint === undefined
    const m2m = r.cardinality === 'many-to-many'
    const ownCol = m2m ? null : single(r.columns, 0)
    const refCol = m2m ? null : single(r.columns, 1)
    if (r.isSelf) {
      if (hint === undefined)
        return (
          (target === r.foreignTable && r.cardinality === 'one-to-many') ||
          (target === ownCol && r.cardinality === 'many-to-one')
        )
      return target === r.foreignTable && r.cardinality === 'one-to-many' && hint === refCol
    }
    if (hint === undefined)
      return (
        target === r.foreignTable ||
        (!m2m && target === r.constraint && !r.foreignIsView) ||
        (target === ownCol && !r.foreignIsView)
      )
    return (
      target === r.foreignTable &&
      ((!m2m && hint === r.constraint) ||
        hint === ownCol ||
        hint === refCol ||
        (m2m && hint === r.junction!.table))
    )
  })
  if (candidates.length === 1) return candidates[0]
  if (candidates.length === 0)
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    )
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    candidates.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${origin} with ${target}`,
      relationship: describe(r),
    })),
    `Try changing '${target}' to one of the following: ${candidates.map((r) => `'${target}!${r.cardinality === 'many-to-many' ? r.junction!.table : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

function describe(r: Relationship): string {
  const cols = (i: 0 | 1) => r.columns.map((p) => p[i]).join(', ')
  if (r.junction) {
    const j = r.junction
    return `${j.table} using ${j.constraint1}(${j.columns1.map((p) => p[0]).join(', ')}) and ${j.constraint2}(${j.columns2.map((p) => p[0]).join(', ')})`
  }
  return `${r.constraint} using ${r.table}(${cols(0)}) and ${r.foreignTable}(${cols(1)})`
}
