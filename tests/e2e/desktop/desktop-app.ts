import { test, type Page } from '@playwright/test'
import { serveRenderer, startDesktopMain, type DesktopHarness } from './desktop-bridge.ts'
import { signIn, siteUrl } from './desktop-flows.ts'

export interface DesktopApp {
  renderer: Awaited<ReturnType<typeof serveRenderer>>
  desktop: DesktopHarness
}

/**
 * The desktop app for the tests of the enclosing `describe`: the built renderer served over http and the real
 * main-process handlers (offline store, outbox, supabase-js) against the e2e server, started once before them
 * and closed after. A fresh PGlite offline store takes a few seconds to create, more on a busy machine.
 * Each test gets two minutes (a test may ask for more or less): it drives a whole window through main.
 */
export function desktopAppForDescribe(): DesktopApp {
  test.describe.configure({ timeout: 120_000 })
  const app = {} as DesktopApp
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    app.renderer = await serveRenderer()
    app.desktop = await startDesktopMain(siteUrl)
  })
  test.afterAll(async () => {
    await app.desktop?.close()
    await app.renderer?.close()
  })
  return app
}

/** Opens the app's window in `page`, its IPC bound to main, and signs the e2e editor in. */
export async function openSignedIn(page: Page, { desktop, renderer }: DesktopApp): Promise<void> {
  await desktop.attach(page)
  await page.goto(renderer.url)
  await signIn(page)
}
