/**
 * zod builds fast object parsers with `new Function` unless told not to, and probes for it first: under the
 * site's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a CSP violation on every page
 * that loads zod. The probe runs when the first object schema is built, so the setting must be in place
 * before any zod code runs: this module is part of the site's entry (imported by main.tsx, and by the layout
 * for the application), which runs before any part or page chunk that carries zod.
 *
 * It sets what `z.config({ jitless: true })` sets, in the global object every copy of zod reads its
 * configuration from (`globalThis.__zod_globalConfig`), so the entry itself carries none of zod.
 * zod-jitless.test.ts checks that zod sees it.
 */
export function configureZodWithoutEval(target: object = globalThis): void {
  const holder = target as { __zod_globalConfig?: { jitless?: boolean } }
  // Mutated in place: a zod already loaded keeps a reference to this very object.
  ;(holder.__zod_globalConfig ??= {}).jitless = true
}

// Browser only: the server keeps zod's fast parsers.
if (typeof window !== 'undefined') configureZodWithoutEval()
