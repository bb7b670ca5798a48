import { describe, expect, it } from 'vitest'
import { countWords, describeLength, readingMinutes } from './word-count.ts'

describe('word count', () => {
  it('counts the words a reader sees, not tags, attributes or entities', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('<p></p>')).toBe(0)
    expect(
      countWords(
        '<h2>Why build in India</h2><p>Two <strong>weeks</strong> to hire, <a href="https://x.example/a-b">top 1%</a> talent.</p>',
      ),
    ).toBe(11)
    expect(countWords('<p>end-to-end, don’t&nbsp;stop</p>')).toBe(3)
    expect(countWords('<p>AT&amp;T</p><img src="/a.png" alt="a chart">')).toBe(1)
    expect(countWords('<ul><li>one</li><li>two</li></ul>')).toBe(2)
  })

  it('reads at 230 words a minute, rounded up, and says so in words', () => {
    expect(readingMinutes(0)).toBe(0)
    expect(readingMinutes(1)).toBe(1)
    expect(readingMinutes(230)).toBe(1)
    expect(readingMinutes(231)).toBe(2)
    expect(describeLength(0)).toBe('0 words')
    expect(describeLength(1)).toBe('1 word · 1 min read')
    expect(describeLength(1234)).toBe('1,234 words · 6 min read')
  })
})
