import { describe, expect, it } from 'vitest'
import type { Revision } from '../data/revisions.ts'
import { bodyChanges, bodyText, changedFieldRows, inOrder, savedByLine } from './PostHistory.utils.ts'

const revision = (version: number, extra: Partial<Revision> = {}): Revision => ({
  id: version * 10,
  post_id: 'p',
  version,
  saved_at: '2026-11-23T10:00:00Z',
  saved_by: 'u',
  saved_by_email: 'asha@meridian.example',
  title: 'A post',
  status: 'published',
  slug: 'a-post',
  type: 'blog',
  excerpt: null,
  content: '<p>One.</p>',
  content_markdown: null,
  author: 'Asha',
  cover_image_url: null,
  tags: ['gcc'],
  publish_at: null,
  ...extra,
})

describe('post history helpers', () => {
  it('names who saved a version, and the server when nobody was signed in', () => {
    expect(savedByLine(revision(1)).who).toBe('asha@meridian.example')
    expect(savedByLine({ saved_by_email: null, saved_at: '2026-11-23T10:00:00Z' }).who).toBe('The server')
  })

  it('orders a pair older first, whichever was ticked first', () => {
    const [a, b] = inOrder(revision(5), revision(2))
    expect([a.version, b.version]).toEqual([2, 5])
  })

  it('lists the changed fields other than the body, each side as it reads', () => {
    const rows = changedFieldRows(
      revision(1),
      revision(2, {
        title: 'Renamed',
        tags: ['gcc', 'pune'],
        content: '<p>Two.</p>',
        status: 'scheduled',
        publish_at: '2027-01-01T04:00:00Z',
      }),
    )
    expect(rows.map((r) => r.field)).toEqual(['title', 'status', 'tags', 'publish_at'])
    const title = rows[0]
    // compareFields(newer, older): `mine` is the newer side.
    expect(title.theirs).toEqual({ kind: 'text', text: 'A post' })
    expect(title.mine).toEqual({ kind: 'text', text: 'Renamed' })
  })

  it('reads the body as Markdown when there is some, else as the HTML text by block', () => {
    expect(bodyText({ content: '<p>x</p>', content_markdown: '# Title\n\nBody' })).toBe('# Title\n\nBody')
    expect(
      bodyText({ content: '<h2>Plan</h2><p>Hire &amp; grow.</p><p>Then own.</p>', content_markdown: null }),
    ).toBe('Plan\n\nHire & grow.\n\nThen own.')
  })

  it('counts the words of the body added and removed, reading the Markdown when there is some', () => {
    const filler = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const changes = bodyChanges(
      { content: null, content_markdown: `Start ${filler} twelve engineers.` },
      {
        content: '<p>Ignored: the Markdown is read.</p>',
        content_markdown: `Start ${filler} forty engineers.`,
      },
    )
    expect(changes).toEqual({ added: 1, removed: 1 })
    expect(
      bodyChanges({ content: null, content_markdown: 'same' }, { content: null, content_markdown: 'same' }),
    ).toEqual({ added: 0, removed: 0 })
  })
})
