import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import { parseSelectTree } from './select-grammar.ts'

describe('the select grammar', () => {
  it('reads columns, aliases, casts, JSON paths and aggregates', () => {
    expect(parseSelectTree('id, total:amount.sum()::int, title::text, data->a->>b, count()')).toEqual([
      {
        kind: 'field',
        name: 'id',
        jsonPath: [],
        alias: undefined,
        cast: undefined,
        aggregate: undefined,
        aggregateCast: undefined,
      },
      {
        kind: 'field',
        name: 'amount',
        jsonPath: [],
        alias: 'total',
        cast: undefined,
        aggregate: 'sum',
        aggregateCast: 'int',
      },
      {
        kind: 'field',
        name: 'title',
        jsonPath: [],
        alias: undefined,
        cast: 'text',
        aggregate: undefined,
        aggregateCast: undefined,
      },
      {
        kind: 'field',
        name: 'data',
        jsonPath: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
        alias: undefined,
        cast: undefined,
        aggregate: undefined,
        aggregateCast: undefined,
      },
      {
        kind: 'field',
        name: '*',
        jsonPath: [],
        alias: undefined,
        aggregate: 'count',
        aggregateCast: undefined,
      },
    ])
  })

  it('reads embeds with hints, join types, aliases, spreads and nested items', () => {
    expect(
      parseSelectTree('*, author:users!author_id!inner(name), ...channels!left(slug, details(*)), tags()'),
    ).toEqual([
      { kind: 'field', name: '*', jsonPath: [] },
      {
        kind: 'embed',
        name: 'users',
        alias: 'author',
        hint: 'author_id',
        join: 'inner',
        spread: false,
        items: [expect.objectContaining({ kind: 'field', name: 'name' })],
      },
      {
        kind: 'embed',
        name: 'channels',
        alias: undefined,
        hint: undefined,
        join: 'left',
        spread: true,
        items: [
          expect.objectContaining({ kind: 'field', name: 'slug' }),
          {
            kind: 'embed',
            name: 'details',
            alias: undefined,
            hint: undefined,
            join: undefined,
            spread: false,
            items: [{ kind: 'field', name: '*', jsonPath: [] }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'tags',
        alias: undefined,
        hint: undefined,
        join: undefined,
        spread: false,
        items: [],
      },
    ])
  })

  it('reads a quoted column name with spaces', () => {
    expect(parseSelectTree('"column whitespace"')[0]).toMatchObject({ name: 'column whitespace' })
  })

  it.each([
    'a(',
    'a!(b)',
    'a!x!y(b)',
    '...a',
    'a::int;drop',
    'x:a::int4 b',
    'a->',
    '(a)',
    'a,,b',
    'a.nope()',
  ])('refuses %s with PGRST100', (select) => {
    expect(() => parseSelectTree(select)).toThrow(RestError)
    expect(() => parseSelectTree(select)).toThrow(expect.objectContaining({ code: 'PGRST100' }))
  })
})
