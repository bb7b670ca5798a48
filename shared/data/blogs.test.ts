import { describe, expect, it } from 'vitest'
import type { BlogListItem } from '../schemas/blog.ts'
import { rankRelatedPosts } from './blogs.ts'

const item = (slug: string, fields: Partial<BlogListItem> = {}): BlogListItem =>
  ({
    id: slug,
    slug,
    title: slug,
    type: 'blog',
    tags: [],
    created_at: '2026-01-01T00:00:00Z',
    ...fields,
  }) as BlogListItem

describe('rankRelatedPosts', () => {
  const post = { slug: 'main', type: 'ebook' as const, tags: ['India', 'hiring'] }

  it('puts most shared tags first, then the same type, then the newest', () => {
    const ranked = rankRelatedPosts(
      post,
      [
        item('type-only-new', { type: 'ebook', created_at: '2026-03-01T00:00:00Z' }),
        item('one-tag', { tags: ['hiring'] }),
        item('two-tags', { tags: ['india', 'Hiring'] }),
        item('one-tag-and-type', { type: 'ebook', tags: ['india'] }),
        item('type-only-old', { type: 'ebook', created_at: '2025-03-01T00:00:00Z' }),
      ],
      4,
    )
    expect(ranked.map((p) => p.slug)).toEqual(['two-tags', 'one-tag-and-type', 'one-tag', 'type-only-new'])
  })

  it('never returns the post itself, and each post once', () => {
    const ranked = rankRelatedPosts(post, [item('main'), item('a', { tags: ['india'] }), item('a')], 3)
    expect(ranked.map((p) => p.slug)).toEqual(['a'])
  })
})
