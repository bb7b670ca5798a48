import { describe, expect, it } from 'vitest'
import { blogFieldNames } from '../schemas/blog.ts'
import {
  choiceOptions,
  compareFields,
  conflictSummary,
  copySlugCandidate,
  displayField,
  freeCopySlug,
  textDifference,
} from './ConflictComparison.utils.ts'

const theirs = {
  title: 'Hiring in Pune',
  slug: 'hiring-in-pune',
  content: '<p>Pune has a deep pool of <strong>backend</strong> engineers.</p>',
  content_markdown: 'Pune has a deep pool of **backend** engineers.',
  excerpt: null,
  status: 'published',
  type: 'blog',
  tags: ['hiring', 'pune'],
  author: 'Asha Rao',
  cover_image_url: 'https://example.com/cover.jpg',
}

describe('comparing the two versions of a post', () => {
  it('lists every editable field once, in order (the body as it reads, not its Markdown), and marks only the ones that differ', () => {
    const mine = { ...theirs, title: 'Hiring in Pune, 2027', tags: ['hiring'] }
    const rows = compareFields(mine, theirs)
    expect(rows.map((r) => r.field)).toEqual(blogFieldNames.filter((f) => f !== 'content_markdown'))
    expect(rows.map((r) => r.label)).not.toContain('Content (Markdown)')
    expect(rows.filter((r) => r.changed).map((r) => r.label)).toEqual(['Title', 'Tags'])
    expect(conflictSummary(mine, theirs)).toBe('2 fields differ: Title, Tags.')
  })

  it('treats a missing excerpt and an empty tag list like their empty values', () => {
    const mine = { ...theirs, excerpt: '', tags: ['hiring', 'pune'] }
    expect(compareFields(mine, { ...theirs, excerpt: null }).some((r) => r.changed)).toBe(false)
    expect(conflictSummary(mine, theirs)).toBe('Both versions hold the same content.')
  })

  it('says which side deleted the post and marks no field as changed', () => {
    expect(conflictSummary(null, theirs)).toBe(
      'You deleted this post, but someone else changed it on the server.',
    )
    expect(conflictSummary(theirs, null)).toBe(
      'You changed this post, but someone else deleted it on the server.',
    )
    const rows = compareFields(theirs, null)
    expect(rows.every((r) => r.theirs === null && r.mine !== null && !r.changed)).toBe(true)
  })

  it('shows content as plain text, status and type in words, tags and cover as they are', () => {
    expect(displayField('content', theirs)).toEqual({
      kind: 'long',
      text: 'Pune has a deep pool of backend engineers.',
    })
    expect(displayField('content', { content: '<script>alert(1)</script>' })).toEqual({ kind: 'empty' })
    expect(displayField('status', { status: 'draft' })).toEqual({ kind: 'text', text: 'Draft' })
    expect(displayField('type', { type: 'case study' })).toEqual({ kind: 'text', text: 'Case Study' })
    expect(displayField('tags', theirs)).toEqual({ kind: 'tags', tags: ['hiring', 'pune'] })
    expect(displayField('tags', { tags: [] })).toEqual({ kind: 'empty' })
    expect(displayField('cover_image_url', theirs)).toEqual({
      kind: 'image',
      url: 'https://example.com/cover.jpg',
    })
    expect(displayField('excerpt', { excerpt: '  ' })).toEqual({ kind: 'empty' })
  })
})

describe('where two texts differ', () => {
  const long = (middle: string) =>
    `${Array.from({ length: 30 }, (_, i) => `a${i}`).join(' ')} ${middle} ${Array.from({ length: 30 }, (_, i) => `z${i}`).join(' ')}`

  it('shows the differing words with a few words of context on each side', () => {
    const diff = textDifference(long('new words here'), long('old text'), 3)
    expect(diff).toEqual({
      leadingEllipsis: true,
      before: 'a27 a28 a29',
      changed: 'new words here',
      changedCut: false,
      after: 'z0 z1 z2',
      trailingEllipsis: true,
    })
  })

  it('shows an insertion on one side as nothing on the other', () => {
    const diff = textDifference('one two four', 'one two three four')
    expect(diff.changed).toBe('')
    expect(diff.before).toBe('one two')
    expect(diff.after).toBe('four')
    expect(diff.leadingEllipsis || diff.trailingEllipsis).toBe(false)
  })

  it('cuts a very long differing part', () => {
    const text = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ')
    const diff = textDifference(text, '', 12, 60)
    expect(diff.changed.split(' ')).toHaveLength(60)
    expect(diff.changedCut).toBe(true)
    expect(diff.trailingEllipsis).toBe(true)
  })
})

describe('the choices', () => {
  it('offers keep mine, keep theirs and keep both when both versions exist', () => {
    expect(choiceOptions(theirs, theirs).map((o) => o.label)).toEqual([
      'Keep mine',
      'Keep theirs',
      'Keep both',
    ])
  })

  it('offers no copy when one side deleted the post, and says what each choice does', () => {
    const mineDeleted = choiceOptions(null, theirs)
    expect(mineDeleted.map((o) => o.choice)).toEqual(['mine', 'theirs'])
    expect(mineDeleted[0].description).toMatch(/Delete the post/)
    const theirsDeleted = choiceOptions(theirs, null)
    expect(theirsDeleted[0].description).toMatch(/back on the server/)
    expect(theirsDeleted[1].description).toMatch(/deleted/)
  })
})

describe('the slug of a copy', () => {
  it('is <slug>-copy, then -copy-2, -copy-3 …', async () => {
    expect(copySlugCandidate('hiring', 1)).toBe('hiring-copy')
    expect(copySlugCandidate('hiring', 2)).toBe('hiring-copy-2')
    const taken = new Set(['hiring-copy', 'hiring-copy-2'])
    await expect(freeCopySlug('hiring', async (s) => taken.has(s))).resolves.toBe('hiring-copy-3')
  })

  it('stays within 200 characters and never ends the base in a hyphen', () => {
    const slug = `${'a'.repeat(194)}-b-c`
    const copy = copySlugCandidate(slug, 12)
    expect(copy.length).toBeLessThanOrEqual(200)
    expect(copy).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(copy.endsWith('-copy-12')).toBe(true)
  })

  it('gives up with a message after too many taken slugs', async () => {
    await expect(freeCopySlug('x', async () => true, 3)).rejects.toThrow(/choose one by hand/)
  })
})
