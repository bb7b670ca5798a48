import { describe, expect, it } from 'vitest'
import { formatTags, parseTags } from './tags.ts'

describe('parseTags', () => {
  it('splits on commas, trims and drops empty entries', () => {
    expect(parseTags('a, b,,c ')).toEqual(['a', 'b', 'c'])
  })

  it('gives no tags for blank text', () => {
    expect(parseTags('')).toEqual([])
    expect(parseTags(' , ,')).toEqual([])
  })

  it('keeps spaces inside a tag', () => {
    expect(parseTags(' talent retention ,GCC')).toEqual(['talent retention', 'GCC'])
  })
})

describe('formatTags', () => {
  it('joins tags with comma and space', () => {
    expect(formatTags(['a', 'b', 'c'])).toBe('a, b, c')
  })

  it('gives an empty string for no tags', () => {
    expect(formatTags(null)).toBe('')
    expect(formatTags([])).toBe('')
  })

  it('round-trips with parseTags', () => {
    expect(parseTags(formatTags(['x', 'y z']))).toEqual(['x', 'y z'])
  })
})
