import { afterAll, beforeAll } from 'vitest'
import type { startServer } from '../../server/main.ts'
import { startTestServer, type TestServer } from './server.ts'

type Env = Record<string, string>

/**
 * The real server for the tests of the enclosing `describe` (or file), started with `env` before them and
 * stopped after. The returned object is filled in by `beforeAll`: read it inside tests, not at collection.
 * Pass `env` as a function when it names something an earlier `beforeAll` makes (a stand-in site).
 */
export function useTestServer(
  env: Env | (() => Env) = {},
  options: Parameters<typeof startServer>[1] = {},
): TestServer {
  const server = {} as TestServer
  beforeAll(async () => {
    Object.assign(server, await startTestServer(typeof env === 'function' ? env() : env, options))
    // The first start creates the database: slow on a busy machine.
  }, 180_000)
  afterAll(async () => {
    await server.stop?.()
  })
  return server
}
