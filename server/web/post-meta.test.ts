import { describe, expect, it } from 'vitest'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import { postHead, postSlugFromPath } from './post-meta.ts'

const post: BlogRow = {
  id: '1',
  title: 'Hiring </script><b>fast</b> & "well"',
  slug: 'hiring-fast',
  type: 'blog',
  excerpt: null,
  content: '<p>The body text of the post.</p>',
  content_markdown: null,
  author: '',
  cover_image_url: null,
  tags: [],
  status: 'published',
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  version: 1,
  publish_at: null,
}

const jsonLd = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  )

describe('postHead', () => {
  const head = postHead(post, { baseUrl: 'https://meridian.example/' })

  it('has the title, description, canonical, Open Graph and Twitter tags, escaped', () => {
    for (const tag of [
      '<title>Hiring &lt;/script&gt;&lt;b&gt;fast&lt;/b&gt; &amp; &quot;well&quot; | Meridian</title>',
      '<meta name="description" content="The body text of the post." />',
      '<link rel="canonical" href="https://meridian.example/post/hiring-fast" />',
      '<meta property="og:type" content="article" />',
      '<meta property="og:image" content="https://meridian.example/og-image.png" />',
      '<meta name="twitter:card" content="summary_large_image" />',
    ])
      expect(head).toContain(tag)
    expect(head).not.toContain('<b>')
    expect(head.match(/<\/script>/g)).toHaveLength(2)
  })

  it('describes the article and its place in the site as JSON-LD', () => {
    const [article, breadcrumbs] = jsonLd(head)
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: post.title,
      datePublished: post.created_at,
      dateModified: post.updated_at,
      author: { '@type': 'Organization', name: 'Meridian Team' },
      mainEntityOfPage: { '@id': 'https://meridian.example/post/hiring-fast' },
    })
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: 'https://meridian.example/' },
        { position: 2, item: 'https://meridian.example/resources' },
        { position: 3, name: post.title, item: 'https://meridian.example/post/hiring-fast' },
      ],
    })
  })

  it('uses the given image, or the cover made absolute', () => {
    const og = postHead(post, { baseUrl: 'https://x.example', imageUrl: 'https://x.example/og/post/a.png' })
    expect(og).toContain('content="https://x.example/og/post/a.png"')
    const cover = postHead(
      { ...post, cover_image_url: '/covers/a.webp?v=1' },
      { baseUrl: 'https://x.example' },
    )
    expect(cover).toContain('<meta property="og:image" content="https://x.example/covers/a.webp?v=1" />')
  })
})

describe('postSlugFromPath', () => {
  it('takes the one segment after /post/, decoded and as sent', () => {
    expect(postSlugFromPath('/post/hello-world')).toBe('hello-world')
    expect(postSlugFromPath('/POST/Hello-World/')).toBe('Hello-World')
    expect(postSlugFromPath('/post/caf%C3%A9')).toBe('café')
  })

  it('ignores other paths and undecodable slugs', () => {
    expect(postSlugFromPath('/resources')).toBeNull()
    expect(postSlugFromPath('/post/')).toBeNull()
    expect(postSlugFromPath('/post/a/b')).toBeNull()
    expect(postSlugFromPath('/post/%E0%A4%A')).toBeNull()
  })
})
