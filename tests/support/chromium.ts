/**
 * The Chromium every browser run uses (Playwright specs, benchmarks): Debian's build unless CHROMIUM_PATH
 * says otherwise. Background networking stays off because this machine refuses outside connections.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
