import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../../server/main.ts'
import { startTestServer, type TestServer } from './server.ts'
import { startSmtpServer, type TestSmtpServer } from './smtp.ts'

/**
 * Server processes in hosted mode sharing one Supabase project: a test server that embeds the backend
 * (`startTestServer`) plays the project, and each instance is `server/main.ts` in its own process.
 */

export interface Instance {
  url: string
  child: ChildProcess
  output: string[]
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A free port can be taken by another process before the instance binds it: try again with new ports. */
export async function startInstance(
  backend: TestServer,
  smtpUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
  /** How long it may take to answer /api/health (several starting at once on a loaded machine: more). */
  startupMs = 30_000,
): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startInstanceOnce(backend, smtpUrl, dataDir, env, startupMs)
    } catch (err) {
      if (attempt >= 5 || !/EADDRINUSE/.test(String(err))) throw err
    }
  }
}

async function startInstanceOnce(
  backend: TestServer,
  smtpUrl: string,
  dataDir: string,
  env: Record<string, string>,
  startupMs: number,
): Promise<Instance> {
  const [port, emailPort] = [await freePort(), await freePort()]
  const output: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.ctx.supabase.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: backend.ctx.supabase.serviceRoleKey,
      SMTP_URL: smtpUrl,
      PORT: String(port),
      EMAIL_SERVICE_PORT: String(emailPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      LEAD_RATE_LIMIT: '0',
      CONFIRMATION_MAIL_HOURLY_CAP: '100000',
      SALES_NOTIFICATION_HOURLY_CAP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()))
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startupMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`)
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { url, child, output }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`instance did not start: ${output.join('')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return
  const exited = new Promise((resolve) => instance.child.once('exit', resolve))
  instance.child.kill('SIGTERM')
  await exited
}

export interface SharedProject {
  /** The test server whose embedded backend is the project; its own outboxes are stopped. */
  backend: TestServer
  /** The SMTP server every instance sends through. */
  smtp: TestSmtpServer
  instances: Instance[]
  /** Stops the instances, the SMTP server and the backend, and deletes their data directories. */
  stop(): Promise<void>
}

/**
 * `count` instances (each with `env` and its own data directory) sharing one project and one SMTP server.
 * Only the instances under test send: the backend's own outboxes would deliver through its capture inbox.
 */
export async function startSharedProject(
  count: number,
  env: Record<string, string> = {},
): Promise<SharedProject> {
  const backend = await startTestServer()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-instances-'))
  let smtp: TestSmtpServer | undefined
  let instances: Instance[] = []
  async function stop() {
    await Promise.all(instances.map(stopInstance))
    await smtp?.close()
    await backend.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await Promise.all([backend.ctx.leadOutbox!.stop(), backend.ctx.newsletterOutbox!.stop()])
    smtp = await startSmtpServer()
    const smtpUrl = smtp.url
    instances = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        startInstance(backend, smtpUrl, path.join(dataDir, `i${i}`), env),
      ),
    )
  } catch (err) {
    await stop()
    throw err
  }
  return { backend, smtp, instances, stop }
}
