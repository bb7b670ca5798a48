import { describe, expect, it } from 'vitest'
import { loadSupabaseConfig, parseByteSize, parseToml } from './config.ts'

describe('supabase/config.toml as the embedded backend reads it', () => {
  it('turns public sign-up off and declares the images bucket: public, 10 MiB, raster types only', () => {
    const config = loadSupabaseConfig()
    expect(config.auth.enableSignup).toBe(false)
    expect(config.auth.jwtExpiry).toBe(3600)
    expect(config.api.maxRows).toBe(1000)
    expect(config.storage.buckets.images).toEqual({
      public: true,
      fileSizeLimit: 10 * 1024 * 1024,
      allowedMimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/x-icon'],
    })
    expect(config.storage.buckets.images.allowedMimeTypes).not.toContain('image/svg+xml')
  })
})

describe('parseToml', () => {
  it('reads nested tables, strings with # inside, numbers, booleans and arrays', () => {
    const toml = parseToml(
      [
        'top = 1_000 # comment',
        '[a.b]',
        'name = "x # not a comment"',
        "raw = 'lit'",
        'on = true',
        'list = ["p", "q",]',
        '[a]',
        'n = -2.5',
      ].join('\n'),
    )
    expect(toml).toEqual({
      top: 1000,
      a: { b: { name: 'x # not a comment', raw: 'lit', on: true, list: ['p', 'q'] }, n: -2.5 },
    })
  })

  it('names the line it cannot read instead of guessing', () => {
    expect(() => parseToml('[ok]\nthis is not toml', 'config.toml')).toThrow(
      'config.toml:2: cannot read "this is not toml"',
    )
    expect(() => parseToml('x = [1, 2')).toThrow(/unterminated array/)
    expect(() => parseToml('x = "open')).toThrow(/unterminated string/)
    expect(() => parseToml('x = 1 2')).toThrow(/unexpected "2"/)
  })
})

describe('parseByteSize', () => {
  it('reads the Supabase CLI size units', () => {
    expect(parseByteSize('10MiB', 0)).toBe(10485760)
    expect(parseByteSize('500KB', 0)).toBe(500000)
    expect(parseByteSize('1GiB', 0)).toBe(2 ** 30)
    expect(parseByteSize(2048, 0)).toBe(2048)
    expect(parseByteSize(undefined, 7)).toBe(7)
    expect(() => parseByteSize('ten megs', 0)).toThrow(/cannot read the size/)
  })
})
