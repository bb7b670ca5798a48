import { PGlite } from '@electric-sql/pglite'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog, type Catalog } from './catalog.ts'
import { RestError } from './errors.ts'
import { isPgError, statusForPgError } from './http.ts'
import { parseQuery } from './query-grammar.ts'
import { buildRootRead } from './read.ts'
import { parseSelectTree, type SelectItem } from './select-grammar.ts'
import { Params } from './sql.ts'
import {
  likeContainsPattern,
  pgArrayLiteral,
  quotedFilterValue,
} from '../../../shared/lib/postgrest-values.ts'

// Properties of the query grammar and the SQL built from it, against a real PGlite with a small schema:
// a filter's value reaches the database unchanged (as a parameter), a select tree survives printing and
// parsing, and no query string, however hostile, yields a 5xx or SQL text the request wrote itself.

let db: PGlite
let catalog: Catalog

beforeAll(async () => {
  db = new PGlite()
  await db.exec(`
    create table public.authors (id int primary key, name text, data jsonb, tags text[]);
    create table public.notes (id int primary key, author_id int references public.authors (id), body text);
  `)
  catalog = await loadCatalog(db)
}, 60_000)

afterAll(async () => {
  await db?.close()
})

/** The SQL and parameters of `GET /authors?<query>`, as the routes build them. */
function readSql(query: string): { sql: string; values: unknown[] } {
  const url = new URL(`http://x/authors?${query}`)
  const params = new Params()
  const options = parseQuery(url)
  const items = parseSelectTree(url.searchParams.get('select'))
  const read = buildRootRead(
    { catalog, params, options, maxRows: 1000 },
    catalog.get('authors')!,
    'public."authors"',
    items,
  )
  return {
    sql: `select coalesce(json_agg(_t), '[]')::text as body from (${read.sql}${read.order}) _t`,
    values: params.values,
  }
}

/** The SQL with every quoted identifier taken out: what is left was written by the backend, not the request. */
const withoutIdentifiers = (sql: string) => sql.replace(/"(?:[^"]|"")*"/g, '""')

const identifier = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/)

describe('the grammar and its SQL', () => {
  it('sends any filter value to the database unchanged, as a parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), async (value) => {
        await db.query('delete from public.authors')
        await db.query('insert into public.authors (id, name) values (1, $1), (2, $2)', [value, `${value}x`])
        const { sql, values } = readSql(`select=id&name=eq.${encodeURIComponent(value)}`)
        expect(values).toContain(value)
        const rows = JSON.parse((await db.query<{ body: string }>(sql, values)).rows[0].body) as unknown[]
        expect(rows).toEqual([{ id: 1 }])
      }),
      { numRuns: 60 },
    )
  })

  // The forms the data modules write (shared/lib/postgrest-values.ts), read as PostgREST reads them: quoted
  // values in logic trees and `in.(…)` lists, arrays of quoted elements for `ov`/`cs`, in trees too.
  it('reads quoted values and quoted arrays as the text they hold', async () => {
    const text = fc
      .oneof(
        fc.string({ unit: fc.constantFrom(...'"\\,{}().* \n'.split('')), maxLength: 8 }),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
      )
      .map((s) => s.replace(/\0/g, ''))
    await fc.assert(
      fc.asyncProperty(text, fc.array(text, { minLength: 1, maxLength: 3 }), async (name, tags) => {
        await db.query('delete from public.authors')
        await db.query('insert into public.authors (id, name, tags) values (1, $1, $2), (2, $3, $4)', [
          name,
          tags,
          `${name}x`,
          tags.map((t) => `${t}x`),
        ])
        const q = quotedFilterValue(name)
        const arr = encodeURIComponent(pgArrayLiteral(tags))
        // PostgREST reads an array in a logic tree up to its first `}`.
        const treeArr = tags.some((t) => /[{}]/.test(t)) ? '' : `,tags.cs.${arr}`
        for (const query of [
          `or=(${encodeURIComponent(`name.eq.${q}`)},id.eq.0)`,
          `and=(${encodeURIComponent(`name.in.(${q},${quotedFilterValue(`${name},`)})`)}${treeArr})`,
          `tags=ov.${arr}&tags=cs.${arr}`,
          `or=(id.eq.0,${encodeURIComponent(`and(name.like.${quotedFilterValue(likeContainsPattern(name))},id.eq.1)`)})`,
        ]) {
          const { sql, values } = readSql(`select=id&${query}`)
          const rows = JSON.parse((await db.query<{ body: string }>(sql, values)).rows[0].body) as unknown[]
          expect(rows, query).toEqual([{ id: 1 }])
        }
      }),
      { numRuns: 150 },
    )
  })

  it('parses a printed select tree back to the same tree', () => {
    const field = fc.record({ name: identifier, alias: fc.option(identifier, { nil: undefined }) })
    const embed = (items: fc.Arbitrary<SelectItem[]>) =>
      fc.record({
        name: identifier,
        alias: fc.option(identifier, { nil: undefined }),
        // A hint spelled `inner` or `left` is PostgREST's join type, not a hint.
        hint: fc.option(
          identifier.filter((h) => h !== 'inner' && h !== 'left'),
          { nil: undefined },
        ),
        join: fc.constantFrom(undefined, 'inner' as const, 'left' as const),
        items,
      })
    const leafItems = fc.array(
      field.map((f): SelectItem => ({ kind: 'field', ...f, jsonPath: [] })),
      { minLength: 1, maxLength: 3 },
    )
    const tree = fc.array(
      fc.oneof(
        field.map((f): SelectItem => ({ kind: 'field', ...f, jsonPath: [] })),
        embed(leafItems).map((e): SelectItem => ({ kind: 'embed', spread: false, ...e })),
      ),
      { minLength: 1, maxLength: 4 },
    )
    const print = (items: SelectItem[]): string =>
      items
        .map((i) =>
          i.kind === 'field'
            ? `${i.alias ? `${i.alias}:` : ''}${i.name}`
            : `${i.alias ? `${i.alias}:` : ''}${i.name}${i.hint ? `!${i.hint}` : ''}${i.join ? `!${i.join}` : ''}(${print(i.items)})`,
        )
        .join(',')
    const normal = (items: SelectItem[]): unknown =>
      items.map((i) =>
        i.kind === 'field'
          ? { name: i.name, alias: i.alias }
          : { name: i.name, alias: i.alias, hint: i.hint, join: i.join, items: normal(i.items) },
      )
    fc.assert(
      fc.property(tree, (items) => {
        expect(normal(parseSelectTree(print(items)))).toEqual(normal(items))
      }),
      { numRuns: 300 },
    )
  })

  it('answers hostile query strings with a 4xx or rows, never a 5xx, and never with SQL the request wrote', async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'id',
        'name',
        'data->a->>b',
        'notes',
        'notes(*)',
        'notes!inner(body)',
        '...notes(body)',
        'count()',
        'eq.',
        'in.(1,2)',
        'not.',
        'or=(',
        ')',
        '"',
        "'",
        ';',
        '--',
        '::int',
        '::text;drop table x',
        'select',
        '*',
        ',',
        '.',
        'is.null',
        'cs.{a}',
        'fts(english).x',
        'limit',
        'order',
        'desc',
        'nullsfirst',
        '%00',
      ),
    )
    const text = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join(''))
    const key = fc.oneof(
      text,
      fc.constantFrom(
        'select',
        'order',
        'limit',
        'offset',
        'or',
        'and',
        'notes.limit',
        'notes.order',
        'notes.body',
        'name',
        'id',
        'data->a',
      ),
    )
    const query = fc
      .array(fc.tuple(key, text), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'))
    await fc.assert(
      fc.asyncProperty(query, async (qs) => {
        let built: { sql: string; values: unknown[] }
        try {
          built = readSql(qs)
        } catch (err) {
          if (!(err instanceof RestError)) throw err
          expect(err.status).toBeLessThan(500)
          return
        }
        // Only the backend's own literals remain once quoted identifiers are taken out.
        const literals = withoutIdentifiers(built.sql).match(/E?'(?:[^']|'')*'/g) ?? []
        expect(
          literals.every((l) => l === "'[]'" || l === "'[]'::json" || l === "E'\\n'" || l === "''"),
        ).toBe(true)
        expect(withoutIdentifiers(built.sql)).not.toMatch(/;|--|\/\*/)
        try {
          await db.query(built.sql, built.values)
        } catch (err) {
          if (!isPgError(err)) throw err
          expect(statusForPgError(err.code!, 'anon')).toBeLessThan(500)
        }
      }),
      { numRuns: 300 },
    )
  })
})
