// Takes the desktop screenshots in docs/screenshots (desktop-*-1280.webp) from the built app, driven by
// the e2e harness against a fresh e2e server. Needs `npm run build && npm run desktop:build` first.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

process.env.CHROMIUM_PATH = ensureChromium()
const { status } = spawnSync('npx', ['playwright', 'test', 'tests/e2e/desktop/screenshots.spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS: '1' },
})
process.exit(status ?? 1)
