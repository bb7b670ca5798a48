import { Writable } from 'node:stream'
import { afterAll, beforeAll } from 'vitest'
import type { startServer } from '../../server/main.ts'
import { clientsOf, removeStandInSite, type TestClients } from './clients.ts'
import type { TestServer } from './server.ts'
import { useTestServer } from './use-test-server.ts'

export interface SiteServer extends TestClients {
  server: TestServer
  /** The stand-in site the server serves (`SITE_DIR`). */
  siteDir: string
}

/**
 * The real server for a file's tests (`useTestServer`), serving the stand-in site `makeSite` returns
 * (`standInSite`, `standInRenderedSite`), with supabase-js clients of it; after the tests the site's folders
 * are removed. The returned object is filled in by `beforeAll`: read its fields inside tests, not at
 * collection.
 */
export function useSiteServer(
  makeSite: () => string,
  env: Record<string, string> = {},
  options: Parameters<typeof startServer>[1] = {},
): SiteServer {
  const fixture = {} as SiteServer
  beforeAll(() => {
    fixture.siteDir = makeSite()
  })
  fixture.server = useTestServer(() => ({ ...env, SITE_DIR: fixture.siteDir }), options)
  beforeAll(async () => {
    Object.assign(fixture, await clientsOf(fixture.server))
  })
  afterAll(() => removeStandInSite(fixture.siteDir))
  return fixture
}

/**
 * The paths of the embedded backend's API (`/rest/v1/…`) the server itself asks for, read from its debug
 * request log: pass `destination` as the server's `logDestination` with `LOG_LEVEL: 'debug'`.
 */
export function restRequestLog(): { paths: string[]; destination: Writable } {
  const paths: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; path?: string }
        if (entry.msg === 'request' && entry.path?.startsWith('/rest/v1/')) paths.push(entry.path)
      }
      done()
    },
  })
  return { paths, destination }
}
