import { describe, expect, it } from 'vitest'
import { expectEach } from '../../tests/support/expect-each.ts'
import { contentTypeForExtension, contentTypeOf, extensionFor, extensionOf } from './content-types.ts'

describe('content types', () => {
  it('names the type of a file by its extension, in any case', () => {
    expectEach(contentTypeOf, {
      '/assets/index-abc.js': 'text/javascript; charset=utf-8',
      'Photo.JPEG': 'image/jpeg',
      'site.webmanifest': 'application/manifest+json',
    })
    expect(contentTypeForExtension('avif')).toBe('image/avif')
  })

  it('knows nothing of files without an extension, dotfiles or unknown extensions', () => {
    for (const name of ['LICENSE', '.env', 'dir.js/run', 'archive.exe'])
      expect(contentTypeOf(name), name).toBeUndefined()
  })

  it('gives files of a type its first extension', () => {
    expectEach(extensionFor, {
      'image/jpeg': 'jpg',
      'IMAGE/PNG': 'png',
      'image/vnd.microsoft.icon': 'ico',
      'text/html; charset=utf-8': 'html',
      'application/octet-stream': undefined,
    })
  })

  it('reads extensions from names and paths', () => {
    expectEach(extensionOf, { 'a/b.c/d.TXT': 'txt', 'C:\\x\\y.png': 'png', noext: '' })
  })
})
