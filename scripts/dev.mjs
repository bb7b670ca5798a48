// `npm run dev`: Vite with hot reload on :5173, plus the API server (embedded backend, mail, /api) on :8080
// without building the site, so the proxy in vite.config.ts has something to talk to.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SKIP_BUILD: '1', PORT: process.env.PORT ?? '8080' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  }),
]

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
// If either side dies (port taken, syntax error in the server), stop the other instead of half-running.
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
