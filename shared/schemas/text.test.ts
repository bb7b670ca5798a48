import { describe, expect, it } from 'vitest'
import { normaliseInput, textMessages, textProblem, typedText } from './text.ts'

describe('typed text', () => {
  it('refuses NUL and other control characters, keeps tabs and line breaks', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'x\u007f', 'x\u0085'])
      expect(textProblem(bad)).toBe(textMessages.control)
    expect(textProblem('line one\r\nline two\tend')).toBeNull()
  })

  it('refuses lone surrogates and accepts paired ones (emoji)', () => {
    expect(textProblem('a\ud800b')).toBe(textMessages.surrogate)
    expect(textProblem('\udc00')).toBe(textMessages.surrogate)
    expect(textProblem('team 🚀')).toBeNull()
  })

  it('normalises to NFC', () => {
    expect(typedText().parse('Jose\u0301')).toBe('José')
    expect(typedText().safeParse('a\u0000').error?.issues[0].message).toBe(textMessages.control)
  })

  it('walks a request body: every string normalised, every bad one listed with its path', () => {
    const { value, issues } = normaliseInput({
      name: 'Rene\u0301',
      tags: ['ok', 'bad\u0000'],
      nested: { deep: '\ud800' },
      count: 3,
    })
    expect(value).toMatchObject({ name: 'René', count: 3 })
    expect(issues).toEqual([
      { path: ['tags', 1], message: textMessages.control },
      { path: ['nested', 'deep'], message: textMessages.surrogate },
    ])
  })
})
