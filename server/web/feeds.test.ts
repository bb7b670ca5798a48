import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { absoluteLinks, cdata, escapeXml, rssXml, sitemapXml } from './feeds.ts'
import { parseXml, texts } from '../../tests/support/xml.ts'

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hiring in two weeks',
  slug: 'hiring-in-two-weeks',
  type: 'blog' as const,
  excerpt: 'How a two-week hire works.',
  content: '<p>Body</p>',
  html: '<p>Body</p>',
  author: 'Asha Rao',
  created_at: '2026-06-03T09:15:00+00:00',
  updated_at: '2026-06-04T10:00:00+00:00',
  publish_at: null,
  ...overrides,
})

describe('feed XML escaping', () => {
  it('escapes the five special characters and drops what XML cannot carry', () => {
    expect(escapeXml(`Tom & Jerry <b>"quoted"</b> it's`)).toBe(
      'Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; it&#39;s',
    )
    expect(escapeXml('a\u0000b\u0008c\u000bd\td\ne\uffff')).toBe('abcd\td\ne')
    expect(escapeXml('lone \ud800 surrogate, pair \ud83d\ude00 kept')).toBe('lone  surrogate, pair 😀 kept')
  })

  it('keeps ]]> inside CDATA from ending it early', () => {
    const html = '<p>a ]]> b</p>'
    const doc = parseXml(`<x>${cdata(html)}</x>`)
    expect(doc.documentElement.textContent).toBe(html)
  })

  it('round-trips any text through an element and a CDATA section (generated strings)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const doc = parseXml(`<x a="${escapeXml(text)}"><t>${escapeXml(text)}</t><c>${cdata(text)}</c></x>`)
        const kept = escapeXml(text)
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&')
          // XML parsers normalise line ends (CR LF and lone CR become LF): as any feed reader sees them.
          .replace(/\r\n?/g, '\n')
        expect(doc.getElementsByTagName('t')[0]!.textContent).toBe(kept)
        expect(doc.getElementsByTagName('c')[0]!.textContent).toBe(kept)
      }),
      { numRuns: 300, seed: 11 },
    )
    // 300 XML documents parsed with jsdom: a few seconds alone, many times that on a busy machine.
  }, 120_000)

  it('makes site-relative links and images absolute, leaving others alone', () => {
    expect(
      absoluteLinks(
        '<a href="/resources">r</a><img src="/covers/a.webp"><a href="//cdn.example/x">x</a><a href="https://e.example/">e</a>',
        'https://meridian.example',
      ),
    ).toBe(
      '<a href="https://meridian.example/resources">r</a><img src="https://meridian.example/covers/a.webp"><a href="//cdn.example/x">x</a><a href="https://e.example/">e</a>',
    )
  })
})

describe('RSS and sitemap documents', () => {
  it('writes a well-formed RSS 2.0 channel with title, link, guid, date, excerpt and full content', () => {
    const xml = rssXml(
      [
        post({ title: 'A & B <script>', html: '<p>x ]]> y</p><img src="/covers/a.webp">' }),
        post({
          slug: 'second',
          author: null,
          type: 'case study',
          excerpt: null,
          content: '<p>From the body</p>',
          publish_at: '2026-06-10T08:00:00Z',
        }),
      ],
      'https://meridian.example',
    )
    const doc = parseXml(xml)
    expect(doc.documentElement.getAttribute('version')).toBe('2.0')
    const items = [...doc.getElementsByTagName('item')]
    expect(items).toHaveLength(2)
    const first = items[0]!
    const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent
    expect(text(first, 'title')).toBe('A & B <script>')
    expect(text(first, 'link')).toBe('https://meridian.example/post/hiring-in-two-weeks')
    expect(text(first, 'guid')).toBe('https://meridian.example/post/hiring-in-two-weeks')
    expect(text(first, 'pubDate')).toBe('Wed, 03 Jun 2026 09:15:00 GMT')
    expect(text(first, 'description')).toBe('How a two-week hire works.')
    expect(text(first, 'content:encoded')).toBe(
      '<p>x ]]> y</p><img src="https://meridian.example/covers/a.webp">',
    )
    expect(text(items[1]!, 'dc:creator')).toBe('Meridian Team')
    expect(text(items[1]!, 'category')).toBe('Case Study')
    expect(text(items[1]!, 'description')).toBe('From the body')
    // A scheduled post is dated when it went public.
    expect(text(items[1]!, 'pubDate')).toBe('Wed, 10 Jun 2026 08:00:00 GMT')
  })

  it('lists marketing routes and posts with lastmod in the sitemap', () => {
    const doc = parseXml(
      sitemapXml(
        ['/', '/contact'],
        [
          { slug: 'a-post', updated_at: '2026-06-04T10:00:00+00:00', publish_at: null },
          // Scheduled: it changed for readers when it went public, after its last edit.
          { slug: 'later', updated_at: '2026-06-04T10:00:00+00:00', publish_at: '2026-06-05T08:00:00Z' },
        ],
        'https://m.example',
      ),
    )
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent)
    expect(locs).toEqual([
      'https://m.example/',
      'https://m.example/contact',
      'https://m.example/post/a-post',
      'https://m.example/post/later',
    ])
    expect(texts(doc, 'lastmod')).toEqual(['2026-06-04T10:00:00.000Z', '2026-06-05T08:00:00.000Z'])
  })
})
