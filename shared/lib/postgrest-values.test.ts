import { PGlite } from '@electric-sql/pglite'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { likeContainsPattern, pgArrayLiteral, quotedFilterValue } from './postgrest-values.ts'

// Postgres itself reads the literals and patterns: what it sees is what the person typed.

let db: PGlite
beforeAll(async () => {
  db = new PGlite()
  await db.waitReady
}, 60_000)
afterAll(async () => {
  await db?.close()
})

/** Text Postgres can store: any Unicode but NUL, weighted towards the characters with a meaning. */
const hostileText = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...'"\\,{}()*%_. \'NULL'.split('')), maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  )
  .map((s) => s.replace(/\0/g, ''))

describe('quotedFilterValue', () => {
  it('quotes and backslash-escapes quotes and backslashes', () => {
    expect(quotedFilterValue('C# "advanced", a\\b')).toBe('"C# \\"advanced\\", a\\\\b"')
  })
})

describe('pgArrayLiteral', () => {
  it('quotes every element', () => {
    expect(pgArrayLiteral(['a', 'b "q"', 'c,d', 'NULL'])).toBe('{"a","b \\"q\\"","c,d","NULL"}')
    expect(pgArrayLiteral([])).toBe('{}')
  })

  it('is read by Postgres as exactly the given strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileText, { maxLength: 5 }), async (items) => {
        const { rows } = await db.query<{ a: string[] }>('select $1::text[] as a', [pgArrayLiteral(items)])
        expect(rows[0].a).toEqual(items)
      }),
      { numRuns: 200 },
    )
  })
})

describe('likeContainsPattern', () => {
  it('matches the text literally, anywhere (as PostgREST turns * into %)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, hostileText, async (before, text, after) => {
        const pattern = likeContainsPattern(text).replace(/\*/g, '%')
        const { rows } = await db.query<{ hit: boolean; miss: boolean }>(
          'select $1 like $2 as hit, $3 like $2 as miss',
          [`${before}${text}${after}`, pattern, `${before}${after}`],
        )
        expect(rows[0].hit).toBe(true)
        // `%`, `_` and `\` in the text are not wildcards: without the text there is no match (a `*` stands
        // for any one character, see above).
        const rest = `${before}${after}`
        if (!text.includes('*') && !rest.includes(text)) expect(rows[0].miss).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})
