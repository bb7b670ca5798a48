import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import { parseQuery, splitTopLevel } from './query-grammar.ts'

const parse = (qs: string) => parseQuery(new URL(`http://x/t?${qs}`))

describe('the PostgREST query grammar', () => {
  it('splits on commas outside parentheses and quotes', () => {
    expect(splitTopLevel('a.eq.1,or(b.eq.2,c.in.(3,4)),d.eq."x,y"')).toEqual([
      'a.eq.1',
      'or(b.eq.2,c.in.(3,4))',
      'd.eq."x,y"',
    ])
  })

  it('reads a logic tree as PostgREST does: arrays after an operator, quotes only where a value starts', () => {
    const { conditions } = parse(
      `or=(${encodeURIComponent('tags.ov.{a,"b (c)"},name.eq.x"y,name.eq."a\\"b,\\\\c"')})`,
    )
    expect(conditions[0]).toMatchObject({
      items: [
        { column: 'tags', op: 'ov', value: '{a,"b (c)"}' },
        { column: 'name', op: 'eq', value: 'x"y' },
        { column: 'name', op: 'eq', value: 'a"b,\\c' },
      ],
    })
  })

  it('reads operators, negation and the (any)/(all) quantifiers', () => {
    const { conditions } = parse('name=not.like(any).{a*,"b,c"}&age=adj.[1,2)&txt=fts(english).cat')
    expect(conditions).toEqual([
      { kind: 'op', column: 'name', op: 'like', negate: true, value: '{a*,"b,c"}', quantifier: 'any' },
      { kind: 'op', column: 'age', op: 'adj', negate: false, value: '[1,2)', ftsConfig: undefined },
      { kind: 'op', column: 'txt', op: 'fts', negate: false, value: 'cat', ftsConfig: 'english' },
    ])
  })

  it('reads nested logic trees', () => {
    const { conditions } = parse('or=(a.eq.1,and(b.gt.2,c.not.is.null))')
    expect(conditions[0]).toMatchObject({
      kind: 'logic',
      op: 'or',
      items: [
        { kind: 'op', column: 'a', op: 'eq', value: '1' },
        { kind: 'logic', op: 'and', items: [{ op: 'gt' }, { op: 'is', negate: true, value: 'null' }] },
      ],
    })
  })

  it('reads order with nulls placement, limit and offset', () => {
    expect(parse('order=a.desc.nullslast,b&limit=5&offset=10')).toMatchObject({
      order: [
        { column: 'a', dir: 'desc', nulls: 'last' },
        { column: 'b', dir: 'asc' },
      ],
      limit: 5,
      offset: 10,
    })
  })

  it('puts options prefixed with an embedded path inside that embed, and reads related order', () => {
    const parsed = parse(
      'messages.limit=2&messages.offset=1&messages.order=id.desc&messages.channel_id=eq.1&messages.channels.or=(id.eq.1,id.eq.2)&order=users(name).desc.nullslast&not.or=(a.eq.1)&data->a->>b=eq.x',
    )
    expect(parsed.order).toEqual([{ relation: 'users', column: 'name', dir: 'desc', nulls: 'last' }])
    expect(parsed.conditions).toMatchObject([
      { kind: 'logic', op: 'or', negate: true },
      { kind: 'op', column: 'data->a->>b', op: 'eq', value: 'x' },
    ])
    expect(parsed.embedded.get('messages')).toMatchObject({
      limit: 2,
      offset: 1,
      order: [{ column: 'id', dir: 'desc' }],
      conditions: [{ kind: 'op', column: 'channel_id', op: 'eq', value: '1' }],
    })
    expect(parsed.embedded.get('messages.channels')!.conditions).toMatchObject([{ kind: 'logic', op: 'or' }])
  })

  it.each([
    'a=nope.1',
    'a=fts(english',
    'a=in(any).{1}',
    'a=cs(all).{1}',
    'or=(a.eq.1',
    'or=a.eq.1',
    'limit=-1',
    'order=a.sideways',
  ])('refuses %s with PGRST100', (qs) => {
    expect(() => parse(qs)).toThrow(RestError)
    expect(() => parse(qs)).toThrow(expect.objectContaining({ code: 'PGRST100', status: 400 }))
  })
})
