import { describe, expect, it } from 'vitest'
import { formatTags, parseTags } from '../lib/tags.ts'
import { blogInputSchema, tagMaxLength, tagPunctuation, tagSchema } from './blog.ts'

const post = (tags: string[]) =>
  blogInputSchema.safeParse({ title: 'T', slug: 't', author: 'A', content: '', tags })
const messages = (tags: string[]) => {
  const parsed = post(tags)
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message)
}

describe('tags', () => {
  it('keeps letters and numbers in any script, spaces and the listed punctuation', () => {
    const tags = [
      'C# "advanced"',
      'C++',
      'R&D',
      'CI/CD',
      'Node.js',
      'it’s',
      "O'Neil",
      'हिन्दी',
      'עברית',
      'ML (2026)',
    ]
    expect(post(tags)).toMatchObject({ success: true, data: { tags } })
    for (const mark of tagPunctuation.split(' '))
      expect(tagSchema.safeParse(`a${mark}b`).success, mark).toBe(true)
  })

  it('trims a tag', () => {
    expect(tagSchema.parse('  hiring ')).toBe('hiring')
  })

  it('refuses a comma with a message saying why, naming the tag', () => {
    expect(messages(['ok', 'a,b'])).toEqual([
      'Tag “a,b” cannot contain a comma: commas separate one tag from the next.',
    ])
  })

  it('refuses other characters, an empty tag and a long one, each with a clear message', () => {
    expect(messages(['{a}'])).toEqual([
      `Tag “{a}” may contain only letters, numbers, spaces and # + - . & ' ’ " / _ ( )`,
    ])
    for (const tag of ['a\\b', 'x😀', 'a\nb', 'a;b', '<b>', 'a\u0000b'])
      expect(messages([tag]), tag).toHaveLength(1)
    expect(messages(['  '])).toEqual(['A tag cannot be empty.'])
    expect(messages(['x'.repeat(tagMaxLength)])).toEqual([])
    expect(messages(['x'.repeat(tagMaxLength + 1)])).toEqual([
      `Tag “${'x'.repeat(tagMaxLength + 1)}” is too long: at most ${tagMaxLength} characters.`,
    ])
    expect(messages(['x'.repeat(500)])[0]).toMatch(/^Tag “x{57}…” is too long/)
  })

  it('every valid tag list survives the editor’s comma-separated field unchanged', () => {
    const tags = ['C# "advanced"', 'ML (2026)', 'हिन्दी']
    expect(parseTags(formatTags(tags))).toEqual(tags)
  })
})

describe('title', () => {
  it('refuses a NUL (the database cannot store one) with a message naming the field', () => {
    const parsed = blogInputSchema.safeParse({ title: 'a\u0000b', slug: 't', author: 'A', content: '' })
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'Title: Remove the control characters (such as NUL) from this field.',
    ])
  })
})
