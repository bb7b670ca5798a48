// `npm test`: every check a change must pass, in the order that fails fastest.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

process.env.CHROMIUM_PATH = ensureChromium()

const steps = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  // Before vitest: desktop/preload/preload.test.ts checks the built preload (out/preload/index.cjs).
  ['desktop build', 'npm', ['run', '-s', 'desktop:build']],
  // Before vitest: integration tests render pages with the built site and its server-rendering bundle.
  ['build', 'npm', ['run', '-s', 'build']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['playwright', 'test']],
]

const results = []
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`)
  if (status !== 0) {
    console.log(`\n${results.join('\n')}`)
    process.exit(status ?? 1)
  }
}
console.log(`\n${results.join('\n')}`)
