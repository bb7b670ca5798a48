import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeHtml, unescapeHtml } from './html-escape.ts'

describe('escapeHtml', () => {
  it('turns the five special characters into entities and leaves the rest', () => {
    expect(escapeHtml(`Tom & Jerry <b>"quoted"</b> it's ✓`)).toBe(
      'Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; it&#39;s ✓',
    )
  })

  it('escapes an ampersand that already looks like an entity', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })

  it('reads back what it wrote (generated strings)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text)
        expect(escaped).not.toMatch(/[<>"']/)
        expect(unescapeHtml(escaped)).toBe(text)
      }),
      { numRuns: 300, seed: 5 },
    )
  })
})
