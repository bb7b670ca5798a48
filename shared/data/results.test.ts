import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { camelKeys, rowReader } from './results.ts'

describe('rows with the app names of their columns', () => {
  it('names each column as the app does, one level deep', () => {
    expect(
      camelKeys({ id: 'a', created_at: 't', last_error_at: null, nested_row: { kept_as_is: 1 } }),
    ).toEqual({
      id: 'a',
      createdAt: 't',
      lastErrorAt: null,
      nestedRow: { kept_as_is: 1 },
    })
  })

  it('reads a row with a schema of the app names, and refuses a row that does not fit', () => {
    const read = rowReader(z.object({ id: z.string(), pausedAt: z.string().nullable() }))
    expect(read({ id: 'a', paused_at: null, extra_column: 1 })).toEqual({ id: 'a', pausedAt: null })
    expect(() => read({ id: 'a' })).toThrow(/pausedAt/)
    expect(() => read(null)).toThrow()
  })
})
