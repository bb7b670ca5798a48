import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/support/chromium.ts'

/** Ports and data directory of the server the end-to-end specs run against (one per run). */
export const e2e = {
  port: Number(process.env.E2E_PORT ?? 8190),
  emailServicePort: Number(process.env.E2E_EMAIL_SERVICE_PORT ?? 3190),
  smtpCapturePort: Number(process.env.E2E_SMTP_CAPTURE_PORT ?? 1190),
  dataDir: process.env.E2E_DATA_DIR ?? '.data-e2e',
  editorEmail: 'editor@meridian.example',
  editorPassword: 'correct-horse-battery-staple',
  /** Where the site says desktop installers are published (the Downloads links, the desktop's updates). */
  desktopReleasesUrl: 'https://github.com/meridian/editor/releases/latest/download',
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // No retries: a test that fails once is a failure to fix, not to hide.
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${e2e.port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${e2e.port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(e2e.port),
      EMAIL_SERVICE_PORT: String(e2e.emailServicePort),
      SMTP_CAPTURE_PORT: String(e2e.smtpCapturePort),
      DATA_DIR: e2e.dataDir,
      EDITOR_EMAIL: e2e.editorEmail,
      EDITOR_PASSWORD: e2e.editorPassword,
      SKIP_BUILD: '1',
      ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
      LOG_LEVEL: 'warn',
      DESKTOP_RELEASES_URL: e2e.desktopReleasesUrl,
      // Insights counts per client address: specs that count give each visitor its own (X-Forwarded-For).
      TRUST_PROXY: '1',
      // Slow enough (one newsletter message every 2 s) that a send's progress can be watched step by step.
      NEWSLETTER_RATE_PER_MINUTE: '30',
      // The webhook specs' receiver listens on 127.0.0.1 (development and tests only).
      WEBHOOK_ALLOW_LOOPBACK: '1',
    },
  },
})
