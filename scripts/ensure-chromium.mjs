// Finds the Chromium the browser tests use: CHROMIUM_PATH, else /usr/bin/chromium.
// When it is missing and we are root with apt available, installs Debian's `chromium`.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(wanted)) return wanted
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
    console.log('Chromium not found at /usr/bin/chromium: installing Debian\'s "chromium" package…')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (existsSync(wanted)) return wanted
  }
  console.error(
    [
      `Chromium was not found at ${wanted}.`,
      'The browser tests need a Chromium binary. Install one, then run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install chromium',
      '  or point CHROMIUM_PATH at an existing Chromium or Chrome binary:',
      '  CHROMIUM_PATH=/path/to/chrome npm test',
    ].join('\n'),
  )
  process.exit(1)
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
