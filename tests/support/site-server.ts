import { afterAll, beforeAll } from 'vitest'
import type { startServer } from '../../server/main.ts'
import { clientsOf, removeStandInSite, type TestClients } from './clients.ts'
import { startTestServer, type TestServer } from './server.ts'

export interface SiteServer extends TestClients {
  server: TestServer
  /** The stand-in site the server serves (`SITE_DIR`). */
  siteDir: string
}

/**
 * The real server for a file's tests, serving the stand-in site `makeSite` returns (`standInSite`,
 * `standInRenderedSite`), with supabase-js clients of it; after the tests the server stops and the site's
 * folders are removed. The returned object is filled in by `beforeAll`: read its fields inside tests, not at
 * collection.
 */
export function useSiteServer(
  makeSite: () => string,
  env: Record<string, string> = {},
  options: Parameters<typeof startServer>[1] = {},
): SiteServer {
  const fixture = {} as SiteServer
  beforeAll(async () => {
    const siteDir = makeSite()
    fixture.siteDir = siteDir
    const server = await startTestServer({ ...env, SITE_DIR: siteDir }, options)
    fixture.server = server
    Object.assign(fixture, await clientsOf(server))
    // The first start creates the database: slow on a busy machine.
  }, 120_000)
  afterAll(async () => {
    await fixture.server?.stop()
    removeStandInSite(fixture.siteDir)
  })
  return fixture
}
