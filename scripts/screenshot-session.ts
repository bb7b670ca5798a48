import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts'
import { startTestServer } from '../tests/support/server.ts'

/**
 * What the screenshot scripts start from: a fresh in-process server on the built site (`SITE_DIR`), Chromium,
 * and `shot`, which writes `<outDir>/<name>.png` (the whole page unless told otherwise).
 */
export async function startScreenshotSession(outDir: string, { fullPage = true } = {}) {
  mkdirSync(outDir, { recursive: true })
  const server = await startTestServer({ SITE_DIR: process.env.SITE_DIR })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  async function shot(page: Page, name: string, whole = fullPage) {
    const file = path.join(outDir, `${name}.png`)
    await page.screenshot({ path: file, fullPage: whole })
    console.log('wrote', file)
  }
  return { server, origin: server.url, browser, shot }
}
