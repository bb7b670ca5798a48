import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type RunningServer } from '../../server/main.ts'

export const testEditor = { email: 'editor@meridian.example', password: 'correct-horse-battery-staple' }

export interface TestServer extends RunningServer {
  dataDir: string
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>
}

/**
 * Starts the real server in-process on random ports with a fresh data directory
 * (embedded backend, SMTP capture, email service). Pass `DATA_DIR` to reuse one (restart tests).
 */
export async function startTestServer(
  overrides: Record<string, string | undefined> = {},
): Promise<TestServer> {
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'))
  const running = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    EMAIL_SERVICE_PORT: '0',
    SMTP_CAPTURE_PORT: '0',
    SKIP_BUILD: '1',
    LOG_LEVEL: 'silent',
    EDITOR_EMAIL: testEditor.email,
    EDITOR_PASSWORD: testEditor.password,
    ...overrides,
    DATA_DIR: dataDir,
  })
  return {
    ...running,
    dataDir,
    async stop() {
      await running.close()
      if (!overrides.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
