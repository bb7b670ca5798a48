import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSupabaseConfig, parseByteSize, readToml } from './config.ts'

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

  it("takes Supabase's defaults for what a file leaves out, and refuses a setting of the wrong type", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-toml-'))
    try {
      const file = path.join(dir, 'config.toml')
      writeFileSync(
        file,
        '[auth.email]\nenable_signup = false\n[storage.buckets.docs]\nfile_size_limit = "1MB"\n',
      )
      const config = loadSupabaseConfig(file)
      expect(config.api.maxRows).toBe(1000)
      expect(config.auth).toMatchObject({ enableSignup: false, jwtExpiry: 3600, minimumPasswordLength: 6 })
      expect(config.storage.buckets.docs).toEqual({ public: false, fileSizeLimit: 1e6, allowedMimeTypes: [] })

      writeFileSync(file, '[auth]\njwt_expiry = "an hour"\n')
      expect(() => loadSupabaseConfig(file)).toThrow(/^config\.toml: auth\.jwt_expiry: /)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('readToml', () => {
  it('reads nested tables, strings with # inside, numbers, booleans and arrays', () => {
    const toml = readToml(
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
    expect(() => readToml('[ok]\nthis is not toml', 'config.toml')).toThrow(/^config\.toml:2: /)
    expect(() => readToml('a = 1\nx = [1, 2')).toThrow(/^config\.toml:2: /)
    expect(() => readToml('x = "open')).toThrow(/^config\.toml:1: /)
    expect(() => readToml('x = 1 2')).toThrow(/^config\.toml:1: /)
    expect(() => readToml('x = 1\nx = 2')).toThrow(/^config\.toml:2: /)
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
