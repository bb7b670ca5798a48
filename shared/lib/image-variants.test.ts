import { describe, expect, it } from 'vitest'
import {
  imagesPublicPrefix,
  isVariantQuality,
  isVariantWidth,
  variantSourceOf,
  variantSrcSet,
  variantUrl,
  versionParam,
} from './image-variants.ts'

const hosted = 'https://abcd.supabase.co'

describe('variantSourceOf', () => {
  it('recognises a public URL of the images bucket, hosted or embedded, and keeps its key', () => {
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/blog-covers/1.jpg`)).toEqual({
      kind: 'images',
      path: 'blog-covers/1.jpg',
      version: null,
    })
    expect(
      variantSourceOf('http://localhost:8080/storage/v1/object/public/images/blog-covers/a%20b.png'),
    ).toEqual({ kind: 'images', path: 'blog-covers/a b.png', version: null })
    expect(variantSourceOf('/storage/v1/object/public/images/x/y.webp')?.path).toBe('x/y.webp')
  })

  it('recognises a cover shipped with the site, only by its plain file name', () => {
    expect(variantSourceOf('/covers/hiring-in-two-weeks.webp?v=0123abcd')).toEqual({
      kind: 'covers',
      path: 'hiring-in-two-weeks.webp',
      version: '0123abcd',
    })
    expect(variantSourceOf('/covers/sub/x.webp')).toBeNull()
    expect(variantSourceOf('/covers/x.svg')).toBeNull()
    expect(variantSourceOf('https://other.example/covers/x.webp')).toBeNull()
  })

  it('leaves other addresses alone: other hosts with a storage URL set, other buckets, other schemes', () => {
    const storageUrl = hosted
    expect(
      variantSourceOf('https://evil.example/storage/v1/object/public/images/a.jpg', { storageUrl }),
    ).toBeNull()
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/a.jpg`, { storageUrl })?.path).toBe(
      'a.jpg',
    )
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/avatars/a.jpg`)).toBeNull()
    expect(variantSourceOf('https://cdn.example/c.jpg')).toBeNull()
    expect(variantSourceOf('data:image/png;base64,AAAA')).toBeNull()
    expect(variantSourceOf('javascript:alert(1)')).toBeNull()
    expect(variantSourceOf('//evil.example/covers/x.webp')).toBeNull()
    expect(variantSourceOf('')).toBeNull()
    expect(variantSourceOf(null)).toBeNull()
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/`)).toBeNull()
    // Dot segments are resolved as the URL parser does: the key never leaves the bucket.
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/a/%2e%2e/b.jpg`)?.path).toBe('b.jpg')
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/../../x.jpg`)).toBeNull()
    expect(variantSourceOf(`${hosted}/storage/v1/object/public/images/a%E0%A4.jpg`)).toBeNull()
  })

  it('takes a version only when it is 8 to 64 hex digits', () => {
    expect(versionParam('ABCDEF0123')).toBe('abcdef0123')
    expect(versionParam('abc')).toBeNull()
    expect(versionParam('not-a-version')).toBeNull()
    expect(variantSourceOf('/covers/a.webp?v=zz')?.version).toBeNull()
  })
})

describe('variant URLs and srcset', () => {
  const source = { kind: 'images' as const, path: 'blog-covers/a b&c.jpg', version: null }

  it('builds /media/<kind>/<encoded key>?width=…, keeping the version', () => {
    expect(variantUrl(source, 640)).toBe('/media/images/blog-covers/a%20b%26c.jpg?width=640')
    expect(variantUrl({ ...source, version: '0123abcd' }, 320, { quality: 60, format: 'webp' })).toBe(
      '/media/images/blog-covers/a%20b%26c.jpg?width=320&quality=60&format=webp&v=0123abcd',
    )
  })

  it('lists every width the server makes, narrowest first', () => {
    const cover = { kind: 'covers' as const, path: 'a.webp', version: null }
    expect(variantSrcSet(cover)).toBe(
      [320, 480, 640, 960, 1280, 1600].map((w) => `/media/covers/a.webp?width=${w} ${w}w`).join(', '),
    )
    expect(variantSrcSet(cover, [320, 640])).toBe(
      '/media/covers/a.webp?width=320 320w, /media/covers/a.webp?width=640 640w',
    )
  })

  it('knows the allowed widths and the bucket prefix', () => {
    expect(isVariantWidth(640)).toBe(true)
    expect(isVariantWidth(641)).toBe(false)
    expect(isVariantQuality(75)).toBe(true)
    expect(isVariantQuality(73)).toBe(false)
    expect(imagesPublicPrefix(`${hosted}/`)).toBe(`${hosted}/storage/v1/object/public/images/`)
  })
})
