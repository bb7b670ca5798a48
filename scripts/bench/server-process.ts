// The server as `npm start` runs it, in a process of its own: what the benchmarks that measure its memory or
// its answers under load start, so that they measure what a user runs.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export const benchEditor = { email: 'bench@meridian.example', password: 'correct-horse-battery-staple' }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Resident and peak resident memory of a process in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/** `npm start`'s command in the checkout at `root`, as package.json has it. */
export const npmStartCommand = (root: string): string =>
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start

/** `npm start`'s command: its leading `NAME=value` settings, then node's arguments (after `node`). */
function parseStartCommand(command: string): { env: Record<string, string>; args: string[] } {
  const words = command.split(/\s+/)
  const env: Record<string, string> = {}
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=')
    env[name!] = value.join('=')
  }
  return { env, args: words.slice(1) }
}

export interface ServerProcess {
  url: string
  port: number
  pid: number
  stop(): Promise<void>
}

/**
 * Starts the checkout at `root` exactly as `npm start` runs it (its environment settings and Node flags,
 * without npm in between) on free ports and a data directory of the caller's; resolves once `readyPath`
 * answers.
 */
export async function startServerProcess({
  root,
  dataDir,
  readyPath = '/api/health',
  startupMs = 120_000,
  env: extra = {},
}: {
  root: string
  dataDir: string
  readyPath?: string
  startupMs?: number
  env?: Record<string, string>
}): Promise<ServerProcess> {
  const port = await freePort()
  const { env, args } = parseStartCommand(npmStartCommand(root))
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMAIL_SERVICE_PORT: String(await freePort()),
      SMTP_CAPTURE_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      EDITOR_EMAIL: benchEditor.email,
      EDITOR_PASSWORD: benchEditor.password,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startupMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start within ${startupMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { url, port, pid: child.pid!, stop }
}
