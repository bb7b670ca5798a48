// `npm test`: every check a change must pass, in the order that fails fastest.
// Each step has a time limit far above its usual time (seconds, on 2 cores, in the comments). A step that
// passes its limit is stopped with its whole process group and reported by name, so a hang fails in minutes
// instead of silently using up CI's time; the short steps (types, lint, the two builds) are tried once more.
import { spawn, spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres } from './ensure-postgres.mjs'

process.env.CHROMIUM_PATH = ensureChromium()
process.env.PG_BIN = ensurePostgres()

const minutes = (n) => n * 60_000
const steps = [
  { name: 'typecheck', args: ['run', '-s', 'typecheck'], limit: minutes(8), retry: true }, // ~30 s
  { name: 'lint', args: ['run', '-s', 'lint'], limit: minutes(8), retry: true }, // ~25 s
  // Before vitest: desktop/preload/preload.test.ts checks the built preload (out/preload/index.cjs).
  { name: 'desktop build', args: ['run', '-s', 'desktop:build'], limit: minutes(5), retry: true }, // ~2 s
  // Before vitest: integration tests render pages with the built site and its server-rendering bundle.
  { name: 'build', args: ['run', '-s', 'build'], limit: minutes(8), retry: true }, // ~6 s
  { name: 'unit and integration tests', args: ['exec', '--', 'vitest', 'run'], limit: minutes(30) }, // ~400 s
  // The migrations, the privilege matrices and the claims on a real PostgreSQL 15 (tests/postgres).
  {
    name: 'PostgreSQL 15',
    args: ['exec', '--', 'vitest', 'run', '--config', 'vitest.postgres.config.ts'],
    limit: minutes(5),
  }, // ~25 s
  { name: 'browser tests', args: ['exec', '--', 'playwright', 'test'], limit: minutes(35) }, // ~540 s
]

const clock = () => new Date().toISOString().slice(11, 19)

let current = null
const stop = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
// A step runs in a process group of its own, so Ctrl-C here must end it too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) stop(current)
    process.exit(130)
  })
}

/** Runs one step in its own process group; resolves with its exit status, or 'timeout'. */
function run({ args, limit }) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: 'inherit', env: process.env, detached: true })
    current = child
    const timer = setTimeout(() => {
      // What the step was doing when stopped: its processes, their state and the CPU time each used.
      spawnSync('ps', ['-o', 'pid,stat,etime,time,args', '-g', String(child.pid)], { stdio: 'inherit' })
      stop(child)
      resolve('timeout')
    }, limit)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(code ?? signal ?? 1)
    })
  })
}

const results = []
for (const step of steps) {
  let started = Date.now()
  console.log(`\n=== ${step.name} (${clock()}) ===`)
  let status = await run(step)
  if (status === 'timeout' && step.retry) {
    console.log(`\n${step.name} did not finish in ${step.limit / 60_000} min: stopped, trying once more`)
    started = Date.now()
    status = await run(step)
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  const outcome = status === 0 ? 'ok  ' : status === 'timeout' ? 'TIMEOUT' : 'FAIL'
  results.push(`${outcome} ${step.name} (${seconds} s)`)
  if (status !== 0) {
    console.log(`\n${results.join('\n')}`)
    process.exit(typeof status === 'number' ? status : 1)
  }
}
console.log(`\n${results.join('\n')}`)
