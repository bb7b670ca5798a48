import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('HOST', () => {
  it('is loopback in local mode unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1')
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
  })

  it('is every interface in hosted mode', () => {
    const hosted = {
      SUPABASE_URL: 'https://x.supabase.co',
      SUPABASE_ANON_KEY: 'a',
      SUPABASE_SERVICE_ROLE_KEY: 's',
    }
    expect(parseEnv(hosted).HOST).toBe('0.0.0.0')
    expect(parseEnv({ ...hosted, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
  })
})
