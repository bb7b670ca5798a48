import { _electron as electron, expect, test } from '@playwright/test'
import { accessSync, constants, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

const projectRoot = path.resolve(import.meta.dirname, '../../..')

/**
 * The binary `require('electron')` would return, resolved the same way (path.txt under node_modules/electron,
 * or ELECTRON_OVERRIDE_DIST_PATH) but without requiring it: electron 45 starts a download on first require.
 */
function electronBinary(): { path: string } | { reason: string } {
  const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = path.join(electronDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const binary = override
    ? path.join(override, relative ?? 'electron')
    : relative
      ? path.join(electronDir, 'dist', relative)
      : null
  if (!binary) return { reason: 'node_modules/electron has no downloaded distribution (no path.txt)' }
  try {
    accessSync(binary, constants.X_OK)
    return { path: binary }
  } catch {
    return { reason: `${binary} does not exist or is not executable` }
  }
}

test('the packaged main process opens a locked-down window with the typed bridge', async () => {
  const binary = electronBinary()
  test.skip(
    'reason' in binary,
    `No Electron binary on this machine: the electron package downloads it on first launch and this machine has no access to its CDN (${'reason' in binary ? binary.reason : ''}). The window, preload and IPC wiring are covered by the renderer-in-Chromium test instead.`,
  )
  if ('reason' in binary) return
  const app = await electron.launch({
    executablePath: binary.path,
    args: [path.join(projectRoot, 'out/main/index.js'), '--no-sandbox'],
    env: {
      ...process.env,
      ELECTRON_ENABLE_LOGGING: '1',
      MERIDIAN_USER_DATA: mkdtempSync(path.join(os.tmpdir(), 'meridian-electron-')),
    },
  })
  try {
    const win = await app.firstWindow()
    await expect(win).toHaveTitle('Meridian Editor')
    const exposure = await win.evaluate(() => ({
      bridge: (window as unknown as { meridian?: { kind: string } }).meridian?.kind,
      node: typeof (globalThis as { process?: unknown }).process,
      require: typeof (globalThis as { require?: unknown }).require,
    }))
    expect(exposure).toEqual({ bridge: 'desktop', node: 'undefined', require: 'undefined' })
    // Navigation away from the app is refused by main.
    await win.evaluate(() => {
      window.location.href = 'https://example.com/'
    })
    await win.waitForTimeout(500)
    expect(win.url()).toMatch(/out\/renderer\/index\.html/)
  } finally {
    await app.close()
  }
})
