import { describe, expect, it } from 'vitest'
import { brand } from './brand.ts'
import {
  InvalidPublicConfigError,
  parsePublicConfig,
  publicConfigSchema,
  type PublicConfig,
} from './public-config.ts'

const valid: PublicConfig = {
  supabaseUrl: 'http://localhost:8080',
  supabaseAnonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.sig',
  emailServiceUrl: 'http://localhost:3000',
  desktopReleasesUrl: null,
  brand: { ...brand },
}

describe('publicConfigSchema', () => {
  it('accepts the public configuration a site serves (local and hosted addresses)', () => {
    expect(publicConfigSchema.parse(valid)).toEqual(valid)
    const hosted = {
      ...valid,
      supabaseUrl: 'https://abc.supabase.co',
      emailServiceUrl: 'https://mail.meridian.example',
    }
    expect(parsePublicConfig(hosted)).toEqual(hosted)
  })

  it('drops keys it does not know, so a newer server does not break older clients', () => {
    expect(parsePublicConfig({ ...valid, featureFlags: { beta: true } })).toEqual(valid)
  })

  it('refuses a bad shape, naming every problem in words', () => {
    expect(() => parsePublicConfig({})).toThrow(
      new InvalidPublicConfigError(
        'supabaseUrl is missing; supabaseAnonKey is missing; emailServiceUrl is missing; brand is missing',
      ),
    )
    expect(() =>
      parsePublicConfig({
        ...valid,
        supabaseUrl: 'javascript:alert(1)',
        supabaseAnonKey: '',
        emailServiceUrl: 3000,
        brand: { ...valid.brand, name: 7, siteUrl: 'ftp://meridian.example' },
      }),
    ).toThrow(
      'Invalid /config.json: supabaseUrl must be an http:// or https:// address; supabaseAnonKey is empty; ' +
        'emailServiceUrl must be an http:// or https:// address; brand.name must be text; ' +
        'brand.siteUrl must be an http:// or https:// address.',
    )
    for (const notAnObject of [null, [], 'config', 42]) {
      expect(() => parsePublicConfig(notAnObject)).toThrow(
        'Invalid /config.json: the configuration must be a JSON object.',
      )
    }
    expect(publicConfigSchema.safeParse({ ...valid, brand: 'Meridian' }).success).toBe(false)
  })
})
