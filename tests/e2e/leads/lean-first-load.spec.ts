import { gzipSync } from 'node:zlib'
import { expect, test } from '../site/fixtures.ts'

/**
 * /get-started's first load carries neither zod nor supabase-js nor sonner: the form's checks (the shared
 * zod schema) and the toasts load with the first focus on the form. Measured as the browser receives the
 * scripts, until the network is idle.
 */

const libraries = {
  zod: /\$ZodType|\$ZodError|ZodError/,
  'supabase-js': /supabase-js|GoTrueClient|PostgrestClient/,
  sonner: /data-sonner-toaster/,
}

test('/get-started loads no zod, supabase-js or sonner until the form is focused', async ({ page }) => {
  const scripts = new Map<string, string>()
  const reading: Promise<void>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return
    reading.push(
      res.body().then(
        (body) => void scripts.set(res.url(), body.toString('utf8')),
        // A body that cannot be read is kept as unreadable, so the check below fails instead of passing.
        () => void scripts.set(res.url(), ''),
      ),
    )
  })
  await page.goto('/get-started')
  await page.waitForLoadState('networkidle')
  await Promise.all(reading)
  // Spec §4: the email service's reachability was checked on load and stored (not shown).
  await expect(page.locator('[data-email-service]')).toHaveAttribute('data-email-service', 'available')

  // The capture holds the page's own entry script (named by the asset loader) and every body was read:
  // an empty or failed capture would find no library anywhere.
  const entry = await page.locator('script[data-js]').getAttribute('data-js')
  expect(entry).toBeTruthy()
  expect([...scripts.keys()].map((url) => new URL(url).pathname)).toContain(entry)
  for (const [url, body] of scripts) expect(body.length, url).toBeGreaterThan(0)

  const found = (pattern: RegExp) => [...scripts].filter(([, body]) => pattern.test(body)).map(([url]) => url)
  for (const [name, pattern] of Object.entries(libraries)) expect(found(pattern), name).toEqual([])
  const gzip = [...scripts.values()].reduce((n, body) => n + gzipSync(body, { level: 9 }).length, 0)
  console.log(`/get-started first load: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`)
  expect(gzip).toBeLessThan(110 * 1024)

  // The first focus brings the schema (zod) and sonner.
  await page.getByLabel('Full Name').focus()
  const before = scripts.size
  await expect.poll(() => found(libraries.zod).length).toBeGreaterThan(0)
  await expect.poll(() => found(libraries.sonner).length).toBeGreaterThan(0)
  expect(scripts.size).toBeGreaterThan(before)
  expect(found(libraries['supabase-js'])).toEqual([])
})
