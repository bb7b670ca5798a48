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
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script')
      scripts.set(res.url(), (await res.body().catch(() => Buffer.alloc(0))).toString('utf8'))
  })
  await page.goto('/get-started')
  await page.waitForLoadState('networkidle')

  const found = (pattern: RegExp) => [...scripts].filter(([, body]) => pattern.test(body)).map(([url]) => url)
  for (const [name, pattern] of Object.entries(libraries)) expect(found(pattern), name).toEqual([])
  const gzip = [...scripts.values()].reduce((n, body) => n + gzipSync(body, { level: 9 }).length, 0)
  console.log(`/get-started first load: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`)
  expect(gzip).toBeLessThan(110 * 1024)

  // The first focus brings the schema (zod) and sonner.
  await page.getByLabel('Full Name').focus()
  await expect.poll(() => found(libraries.zod).length).toBeGreaterThan(0)
  await expect.poll(() => found(libraries.sonner).length).toBeGreaterThan(0)
  expect(found(libraries['supabase-js'])).toEqual([])
})
