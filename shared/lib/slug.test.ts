import { describe, expect, it } from 'vitest'
import { slugPattern } from '../schemas/blog.ts'
import { slugFromTitle } from './slug.ts'

describe('slugFromTitle', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugFromTitle('Build Your GCC in India')).toBe('build-your-gcc-in-india')
  })

  it('turns each run of other characters into one hyphen', () => {
    expect(slugFromTitle('AI & Hiring:  2 weeks, not 2 months!')).toBe('ai-hiring-2-weeks-not-2-months')
  })

  it('trims leading and trailing hyphens', () => {
    expect(slugFromTitle('  --Hello world?!  ')).toBe('hello-world')
  })

  it('drops letters outside a-z instead of transliterating them', () => {
    expect(slugFromTitle('Café Ünïcode')).toBe('caf-n-code')
  })

  it('gives an empty slug for a title without a-z or 0-9', () => {
    expect(slugFromTitle('¿¡ — !?')).toBe('')
  })

  it('always produces a slug the database accepts', () => {
    for (const title of ['A', 'a b c', '1-2-3', 'x__y', 'Ünïcode 42']) {
      expect(slugFromTitle(title)).toMatch(slugPattern)
    }
  })
})
