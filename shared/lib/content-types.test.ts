import { describe, expect, it } from 'vitest'
import { contentTypeForExtension, contentTypeOf, extensionFor, extensionOf } from './content-types.ts'

describe('content types', () => {
  it('names the type of a file by its extension, in any case', () => {
    expect(contentTypeOf('/assets/index-abc.js')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('Photo.JPEG')).toBe('image/jpeg')
    expect(contentTypeOf('site.webmanifest')).toBe('application/manifest+json')
    expect(contentTypeForExtension('avif')).toBe('image/avif')
  })

  it('knows nothing of files without an extension, dotfiles or unknown extensions', () => {
    expect(contentTypeOf('LICENSE')).toBeUndefined()
    expect(contentTypeOf('.env')).toBeUndefined()
    expect(contentTypeOf('dir.js/run')).toBeUndefined()
    expect(contentTypeOf('archive.exe')).toBeUndefined()
  })

  it('gives files of a type its first extension', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg')
    expect(extensionFor('IMAGE/PNG')).toBe('png')
    expect(extensionFor('image/vnd.microsoft.icon')).toBe('ico')
    expect(extensionFor('text/html; charset=utf-8')).toBe('html')
    expect(extensionFor('application/octet-stream')).toBeUndefined()
  })

  it('reads extensions from names and paths', () => {
    expect(extensionOf('a/b.c/d.TXT')).toBe('txt')
    expect(extensionOf('C:\\x\\y.png')).toBe('png')
    expect(extensionOf('noext')).toBe('')
  })
})
