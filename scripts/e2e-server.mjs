// Starts the real server for the end-to-end specs on a fresh data directory.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'

rmSync(process.env.DATA_DIR ?? '.data-e2e', { recursive: true, force: true })
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: process.env,
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
