// Takes the editor's screenshots in docs/screenshots (editor-*.webp, desktop-editor-*.webp): the browser
// admin and the built desktop renderer at 1280 and 375 px. Needs `npm run build && npm run desktop:build`.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

process.env.CHROMIUM_PATH = ensureChromium()
const { status } = spawnSync('npx', ['playwright', 'test', 'tests/e2e/desktop/editor-screenshots.spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS: '1' },
})
process.exit(status ?? 1)
