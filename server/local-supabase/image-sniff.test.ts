import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { mimeTypeAllowed, normaliseMimeType, sniffImageType } from './image-sniff.ts'

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })

describe('sniffImageType', () => {
  it('recognises real PNG, JPEG, WebP and GIF files by their bytes', async () => {
    expect(sniffImageType(await pixel().png().toBuffer())).toBe('image/png')
    expect(sniffImageType(await pixel().jpeg().toBuffer())).toBe('image/jpeg')
    expect(sniffImageType(await pixel().webp().toBuffer())).toBe('image/webp')
    expect(sniffImageType(await pixel().gif().toBuffer())).toBe('image/gif')
  })

  it('recognises BMP and ICO headers', () => {
    const bmp = new Uint8Array(54)
    bmp.set([0x42, 0x4d])
    bmp[14] = 40
    expect(sniffImageType(bmp)).toBe('image/bmp')
    expect(sniffImageType(new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('image/x-icon')
  })

  it('refuses text, HTML and SVG, even when they start like an image signature', () => {
    const text = (s: string) => new TextEncoder().encode(s)
    expect(sniffImageType(text('hello, I am a text file'))).toBeNull()
    expect(sniffImageType(text('<html><script>alert(1)</script></html>'))).toBeNull()
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(text('BM is how this sentence begins'))).toBeNull()
    expect(sniffImageType(text('RIFF....WAVE'))).toBeNull()
    expect(sniffImageType(new Uint8Array(0))).toBeNull()
  })
})

describe('mimeTypeAllowed', () => {
  const images = ['image/png', 'image/jpeg', 'image/x-icon']

  it('matches aliases and parameters against the bucket list', () => {
    expect(normaliseMimeType('image/JPG; charset=binary')).toBe('image/jpeg')
    expect(mimeTypeAllowed(images, 'image/jpg')).toBe(true)
    expect(mimeTypeAllowed(images, 'image/vnd.microsoft.icon')).toBe(true)
    expect(mimeTypeAllowed(images, 'image/svg+xml')).toBe(false)
  })

  it('supports wildcards and treats an empty list as no restriction', () => {
    expect(mimeTypeAllowed(['image/*'], 'image/webp')).toBe(true)
    expect(mimeTypeAllowed(['image/*'], 'text/plain')).toBe(false)
    expect(mimeTypeAllowed([], 'text/plain')).toBe(true)
    expect(mimeTypeAllowed(null, 'text/plain')).toBe(true)
  })
})
