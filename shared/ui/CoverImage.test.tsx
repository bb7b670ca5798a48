import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CoverImage } from './CoverImage.tsx'

const render = (props: Partial<Parameters<typeof CoverImage>[0]> = {}) =>
  renderToStaticMarkup(
    <CoverImage coverUrl={null} title="Hiring in two weeks" type="blog" sizes="100vw" {...props} />,
  )

describe('CoverImage', () => {
  it('gives a bucket cover a srcset of server-made variants, its aspect ratio, and lazy loading', () => {
    const html = render({
      coverUrl: 'http://localhost:8080/storage/v1/object/public/images/blog-covers/1.jpg',
      sizes: '(min-width: 1024px) 384px, 100vw',
      alt: '',
    })
    expect(html).toContain('src="/media/images/blog-covers/1.jpg?width=960"')
    expect(html).toContain('/media/images/blog-covers/1.jpg?width=320 320w')
    expect(html).toContain('/media/images/blog-covers/1.jpg?width=1600 1600w')
    expect(html).toContain('sizes="(min-width: 1024px) 384px, 100vw"')
    expect(html).toContain('width="1600"')
    expect(html).toContain('height="900"')
    expect(html).toContain('loading="lazy"')
    expect(html).toContain('decoding="async"')
    expect(html).toContain('alt=""')
    expect(html).not.toContain('fetchpriority')
  })

  it('loads the main cover at once with high priority', () => {
    const html = render({ coverUrl: '/covers/a.webp?v=0123abcd', priority: true })
    expect(html).toContain('loading="eager"')
    expect(html.toLowerCase()).toContain('fetchpriority="high"')
    expect(html).not.toContain('decoding=')
    expect(html).toContain('src="/media/covers/a.webp?width=960&amp;v=0123abcd"')
    expect(html).toContain('alt="Cover image for Hiring in two weeks"')
  })

  it('shows another address as it is, and prefixes site paths where the page is elsewhere', () => {
    const other = render({ coverUrl: 'https://cdn.example/c.jpg' })
    expect(other).toContain('src="https://cdn.example/c.jpg"')
    expect(other).not.toContain('srcset')
    const desktop = render({ coverUrl: '/covers/a.webp', siteUrl: 'http://localhost:8080/' })
    expect(desktop).toContain('src="http://localhost:8080/media/covers/a.webp?width=960"')
    expect(desktop).toContain('http://localhost:8080/media/covers/a.webp?width=320 320w')
  })

  it('draws a cover from the title and type when there is none', () => {
    const html = render({ type: 'ebook' })
    expect(html).toContain('data-testid="generated-cover"')
    expect(html).toContain('Ebook')
    expect(html).not.toContain('<img')
  })

  it('a drawn cover does not repeat the title: the title is always beside it (card, post header)', () => {
    const html = render({ type: 'blog', title: 'Hiring in two weeks' })
    expect(html).toContain('data-testid="generated-cover"')
    expect(html).not.toContain('Hiring in two weeks')
  })

  it('offers only the widths asked for', () => {
    const html = render({ coverUrl: '/covers/a.webp', widths: [320, 480, 640] })
    expect(html).toContain('src="/media/covers/a.webp?width=640"')
    expect(html).toContain('/media/covers/a.webp?width=640 640w"')
    expect(html).not.toContain('width=960')
  })
})
