import { afterAll, beforeAll } from 'vitest'
import { openDesktop, type DesktopUnderTest } from './desktop.ts'
import { startTestServer, type TestServer } from './server.ts'

export interface DesktopAndServer {
  server: TestServer
  desktop: DesktopUnderTest
}

/**
 * For the tests of the enclosing `describe`: a test server and a desktop (real main-process backend, fresh
 * offline store) connected to it, started once before them and closed after.
 */
export function desktopAgainstTestServer(): DesktopAndServer {
  const running = {} as DesktopAndServer
  beforeAll(async () => {
    running.server = await startTestServer()
    running.desktop = await openDesktop({ siteUrl: running.server.url })
  }, 180_000)
  afterAll(async () => {
    await running.desktop?.destroy()
    await running.server?.stop()
  })
  return running
}
