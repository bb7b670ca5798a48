import { describe, expect, it } from 'vitest'
import { deriveExcerpt, excerptForPost, plainTextFromHtml } from './excerpt.ts'

describe('plainTextFromHtml', () => {
  it('drops tags and decodes entities', () => {
    expect(plainTextFromHtml('<h1>Hiring &amp; retention</h1><p>In <strong>2&nbsp;weeks</strong></p>')).toBe(
      'Hiring & retention In 2 weeks',
    )
  })

  it('ignores script and style bodies', () => {
    expect(plainTextFromHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style>')).toBe('Hi')
  })
})

describe('deriveExcerpt', () => {
  it('keeps short content whole', () => {
    expect(deriveExcerpt('<p>Short post.</p>')).toBe('Short post.')
  })

  it('cuts long content on a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const excerpt = deriveExcerpt(`<p>${words}</p>`)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(161)
    const body = excerpt.slice(0, -1)
    expect(words.startsWith(body)).toBe(true)
    expect(words[body.length]).toBe(' ')
  })

  it('cuts a single endless word hard', () => {
    expect(deriveExcerpt('x'.repeat(500))).toBe(`${'x'.repeat(160)}…`)
  })
})

describe('excerptForPost', () => {
  it("keeps the editor's own excerpt", () => {
    expect(excerptForPost('  Mine  ', '<p>Body</p>')).toBe('Mine')
  })

  it('derives one from the content when left empty', () => {
    expect(excerptForPost('', '<p>Body text</p>')).toBe('Body text')
    expect(excerptForPost(null, '<p>Body text</p>')).toBe('Body text')
  })
})
