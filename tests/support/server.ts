import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { CapturedMail } from '../../server/mail/index.ts'
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
  options: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'))
  const running = await startServer(
    {
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
    },
    options,
  )
  return {
    ...running,
    dataDir,
    async stop() {
      await running.close()
      if (!overrides.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A second server in hosted mode whose "hosted project" is `backend`'s embedded backend, as a deployment
 * against a hosted Supabase project would be.
 */
export function startHostedTestServer(
  backend: RunningServer,
  overrides: Record<string, string | undefined> = {},
): Promise<TestServer> {
  return startTestServer({
    ...overrides,
    SUPABASE_URL: backend.ctx.supabase.url,
    SUPABASE_ANON_KEY: backend.ctx.supabase.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.ctx.supabase.serviceRoleKey,
  })
}

/** Headers of a staff caller holding the service-role key (the mail tools refuse anyone else). */
export function staffHeaders(server: RunningServer): Record<string, string> {
  return { Authorization: `Bearer ${server.ctx.supabase.serviceRoleKey}` }
}

/** The captured inbox, newest first, read as staff through `GET /api/dev/mail`. */
export async function capturedMail(server: RunningServer): Promise<CapturedMail[]> {
  const res = await fetch(`${server.url}/api/dev/mail`, { headers: staffHeaders(server) })
  if (!res.ok) throw new Error(`GET /api/dev/mail answered ${res.status}`)
  return (await res.json()) as CapturedMail[]
}

/**
 * The newest captured mail to `to` whose subject matches, waited for: mails sent after an answer (auth's
 * links) arrive a moment later, or several seconds on a loaded machine (up to 15 s).
 */
export async function mailArriving(
  server: RunningServer,
  to: string,
  subject: RegExp,
): Promise<CapturedMail> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const mail = (await capturedMail(server)).find((m) => m.to.includes(to) && subject.test(m.subject))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Sends every pending lead's emails now (`POST /api/dev/outbox/run`), whatever their schedule. */
export async function runOutbox(server: RunningServer): Promise<{ processed: number; completed: number }> {
  const res = await fetch(`${server.url}/api/dev/outbox/run`, {
    method: 'POST',
    headers: staffHeaders(server),
  })
  if (!res.ok) throw new Error(`POST /api/dev/outbox/run answered ${res.status}`)
  return (await res.json()) as { processed: number; completed: number }
}
