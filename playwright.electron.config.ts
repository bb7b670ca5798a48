import { defineConfig } from '@playwright/test'

// The desktop app started by Electron itself (tests/e2e/desktop/electron-smoke.spec.ts), without the site's
// server: the release workflow runs it against the packaged app on each platform before publishing.
export default defineConfig({
  testDir: 'tests/e2e/desktop',
  testMatch: 'electron-smoke.spec.ts',
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
})
