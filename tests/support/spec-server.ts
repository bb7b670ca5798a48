import { startTestServer, type TestServer } from './server.ts'

export interface SpecServer {
  server: TestServer
  /** The server's address as a browser would write it (`localhost`, the origin the CSP and cookies expect). */
  origin: string
}

/**
 * An in-process test server for a Playwright spec (or one `describe` of it), started before its tests and
 * stopped after; `hooks` is the spec's `test` (its `beforeAll` and `afterAll`).
 */
export function serverForSpec(
  hooks: { beforeAll(fn: () => Promise<void>): void; afterAll(fn: () => Promise<void>): void },
  env: Record<string, string> = {},
): SpecServer {
  const spec = {} as SpecServer
  hooks.beforeAll(async () => {
    spec.server = await startTestServer(env)
    spec.origin = spec.server.url.replace('127.0.0.1', 'localhost')
  })
  hooks.afterAll(async () => {
    await spec.server?.stop()
  })
  return spec
}
