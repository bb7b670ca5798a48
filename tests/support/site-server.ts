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
