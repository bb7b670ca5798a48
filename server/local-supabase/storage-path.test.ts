import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  InvalidKeyError,
  objectFilePath,
  rawTargetLooksLikeTraversal,
  validateListPrefix,
  validateObjectKey,
} from './storage-path.ts'

describe('validateObjectKey', () => {
  it('accepts the keys the admin uploads and ordinary nested names', () => {
    for (const key of ['blog-covers/1732270000000.png', 'a/b/c.jpeg', 'cover (1).webp', "it's fine.gif"]) {
      expect(validateObjectKey(key)).toBe(key)
    }
  })

  it.each([
    ['parent segment', '../secrets.json'],
    ['nested parent segment', 'blog-covers/../../db/PG_VERSION'],
    ['current segment', './a.png'],
    ['absolute path', '/etc/passwd'],
    ['backslash', '..\\..\\secrets.json'],
    ['NUL byte', 'a.png\0.txt'],
    ['newline', 'a\nb.png'],
    ['empty segment', 'a//b.png'],
    ['trailing slash', 'folder/'],
    ['percent-encoded dots', '%2e%2e/secrets.json'],
    ['double-encoded dots', '%252e%252e/secrets.json'],
    ['empty', ''],
    ['too long', 'a'.repeat(1025)],
  ])('refuses a %s', (_name, key) => {
    expect(() => validateObjectKey(key)).toThrow(InvalidKeyError)
  })
})

describe('rawTargetLooksLikeTraversal', () => {
  it.each([
    '/storage/v1/object/public/images/../../secrets.json',
    '/storage/v1/object/public/images/%2e%2e/%2E%2E/secrets.json',
    '/storage/v1/object/public/images/%252e%252e/secrets.json',
    '/storage/v1/object/public/images/a%2fb.png',
    '/storage/v1/object/public/images/a%5c..%5cb.png',
    '/storage/v1/object/public/images/a%00.png',
    '/storage/v1/object/public/images/./a.png',
  ])('flags %s', (target) => {
    expect(rawTargetLooksLikeTraversal(target)).toBe(true)
  })

  it('lets ordinary targets and query strings through', () => {
    expect(rawTargetLooksLikeTraversal('/storage/v1/object/public/images/blog-covers/1.png')).toBe(false)
    expect(rawTargetLooksLikeTraversal('/storage/v1/object/public/images/my%20cover.png?download=..')).toBe(
      false,
    )
  })
})

describe('objectFilePath', () => {
  it('maps a key to a file inside the bucket folder', () => {
    expect(objectFilePath('/data/storage', 'images', 'blog-covers/1.png')).toBe(
      path.join('/data/storage/images/blog-covers/1.png'),
    )
  })

  it('refuses bad bucket names and keys', () => {
    expect(() => objectFilePath('/data/storage', '..', 'a.png')).toThrow(InvalidKeyError)
    expect(() => objectFilePath('/data/storage', 'images', '../a.png')).toThrow(InvalidKeyError)
  })

  it('accepts an empty list prefix and strips a trailing slash', () => {
    expect(validateListPrefix('')).toBe('')
    expect(validateListPrefix('blog-covers/')).toBe('blog-covers')
    expect(() => validateListPrefix('../')).toThrow(InvalidKeyError)
  })
})
