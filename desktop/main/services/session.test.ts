import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { brand } from '../../../shared/config/brand.ts'
import { ConnectionError, FileSecretStore, loadSiteConfig } from './session.ts'

describe('FileSecretStore', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('writes only what the codec produces (safeStorage in the app), and reads it back', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-secrets-'))
    dirs.push(dir)
    // A stand-in for safeStorage: reversible, and never the plain text.
    const codec = {
      encrypt: (text: string) => Buffer.from(Buffer.from(text, 'utf8').map((b) => b ^ 0x5a)),
      decrypt: (data: Buffer) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8'),
    }
    const store = new FileSecretStore(dir, codec)
    await store.set('127.0.0.1:8080:sb-127-auth-token', '{"access_token":"secret-token"}')
    const [file] = readdirSync(dir)
    expect(readFileSync(path.join(dir, file)).toString('utf8')).not.toContain('secret-token')
    expect(await new FileSecretStore(dir, codec).get('127.0.0.1:8080:sb-127-auth-token')).toBe(
      '{"access_token":"secret-token"}',
    )
    await store.delete('127.0.0.1:8080:sb-127-auth-token')
    expect(await store.get('127.0.0.1:8080:sb-127-auth-token')).toBeNull()
  })
})

describe('loadSiteConfig', () => {
  it('refuses addresses that are not http(s) web addresses before any request', async () => {
    const neverCalled = (() => {
      throw new Error('no request expected')
    }) as unknown as typeof fetch
    await expect(loadSiteConfig('not a url', neverCalled)).rejects.toThrow(
      '“not a url” is not a web address.',
    )
    await expect(loadSiteConfig('file:///etc/passwd', neverCalled)).rejects.toThrow(ConnectionError)
  })

  it('parses the published configuration with the shared schema and explains what is wrong with it', async () => {
    const reply = (body: unknown, status = 200) =>
      (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch
    await expect(loadSiteConfig('https://meridian.example', reply({ hello: 'world' }))).rejects.toThrow(
      new ConnectionError(
        'The site https://meridian.example did not publish a configuration this app can use: supabaseUrl is missing; ' +
          'supabaseAnonKey is missing; emailServiceUrl is missing; brand is missing.',
      ),
    )
    await expect(loadSiteConfig('https://meridian.example', reply({}, 404))).rejects.toThrow(
      'answered 404 for /config.json',
    )
    const published = {
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      emailServiceUrl: 'https://mail.meridian.example',
      brand,
    }
    await expect(
      loadSiteConfig(
        'https://meridian.example',
        reply({ ...published, supabaseUrl: 'file:///etc/passwd', supabaseAnonKey: 42 }),
      ),
    ).rejects.toThrow(
      'did not publish a configuration this app can use: supabaseUrl must be an http:// or https:// address; ' +
        'supabaseAnonKey must be text.',
    )
    await expect(
      loadSiteConfig(
        'https://meridian.example',
        (async () => new Response('<html>')) as unknown as typeof fetch,
      ),
    ).rejects.toThrow('The site https://meridian.example did not return its configuration (not JSON).')
    const config = await loadSiteConfig('https://meridian.example/some/page', reply(published))
    expect(config).toEqual({
      siteUrl: 'https://meridian.example',
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      emailServiceUrl: 'https://mail.meridian.example',
      // Not published by this (older) site: no downloads, no update checks.
      desktopReleasesUrl: null,
    })
  })
})
