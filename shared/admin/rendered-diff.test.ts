// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { renderedDiffHtml } from './rendered-diff.ts'

describe('the rendered comparison of two bodies', () => {
  it('keeps the post as it reads and marks the words that changed inside a paragraph', () => {
    const html = renderedDiffHtml(
      '<h2>Why Pune</h2><p>We hired twelve engineers.</p>',
      '<h2>Why Pune</h2><p>We hired forty engineers.</p>',
    )
    expect(html).toContain('<h2>Why Pune</h2>')
    expect(html).toMatch(/<del><span class="sr-only">Removed: <\/span>twelve<\/del>/)
    expect(html).toMatch(/<ins><span class="sr-only">Added: <\/span>forty<\/ins>/)
    expect(html).not.toContain('##')
  })

  it('marks whole blocks that were added or removed', () => {
    const html = renderedDiffHtml('<p>One.</p><p>Two.</p>', '<p>One.</p><h3>New section</h3><p>Two.</p>')
    expect(html).toContain(
      '<div class="diff-block diff-ins"><span class="sr-only">Added: </span><h3>New section</h3></div>',
    )
    const removed = renderedDiffHtml('<p>One.</p><p>Gone.</p>', '<p>One.</p>')
    expect(removed).toContain('diff-del')
    expect(removed).toContain('<p>Gone.</p>')
  })

  it('escapes text and leaves out what the sanitiser removes', () => {
    const html = renderedDiffHtml('<p>a &lt;b&gt;</p><img src=x onerror="alert(1)">', '<p>a &lt;c&gt;</p>')
    expect(html).not.toContain('onerror')
    expect(html).not.toMatch(/<[bc]>/)
    expect(html).toMatch(/^<p>a &lt;.*&gt;<\/p>/)
  })
})
