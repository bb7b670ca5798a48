import { describe, expect, it } from 'vitest'
import { responsiveBodyImages } from './responsive-body-images.ts'

const stored = 'http://localhost:8080/storage/v1/object/public/images/blog-content/1795000000000.jpg'

describe('responsive images in a post body', () => {
  it('gives an image from the images bucket a srcset of the server variants, sizes, lazy loading', () => {
    const html = responsiveBodyImages(`<p>Before</p><p><img src="${stored}" alt="A chart"></p>`)
    expect(html).toContain(`<img src="${stored}" alt="A chart" srcset="`)
    expect(html).toContain('/media/images/blog-content/1795000000000.jpg?width=320 320w')
    expect(html).toContain('/media/images/blog-content/1795000000000.jpg?width=1280 1280w')
    expect(html).toContain('sizes="(min-width: 48rem) 45rem, calc(100vw - 3rem)"')
    expect(html).toContain('loading="lazy" decoding="async">')
    expect(html.startsWith('<p>Before</p>')).toBe(true)
  })

  it('keeps a version parameter and encodes the ampersands of the variant addresses', () => {
    const html = responsiveBodyImages(`<img src="${stored}?v=0123abcd" alt="">`)
    expect(html).toContain('width=640&amp;v=0123abcd 640w')
  })

  it('leaves other images, images that already have a srcset, and text alone', () => {
    const other = '<img src="https://elsewhere.example/a.png" alt="x">'
    expect(responsiveBodyImages(other)).toBe(other)
    const done = `<img src="${stored}" srcset="a 1w" alt="x">`
    expect(responsiveBodyImages(done)).toBe(done)
    expect(responsiveBodyImages('<p>&lt;img src="x"&gt;</p>')).toBe('<p>&lt;img src="x"&gt;</p>')
    expect(responsiveBodyImages('<img alt="no source">')).toBe('<img alt="no source">')
  })

  it('limits bucket images to the project when told its address', () => {
    const html = `<img src="${stored}" alt="">`
    expect(responsiveBodyImages(html, { storageUrl: 'https://abc.supabase.co' })).toBe(html)
    expect(responsiveBodyImages(html, { storageUrl: 'http://localhost:8080' })).toContain('srcset=')
  })
})
