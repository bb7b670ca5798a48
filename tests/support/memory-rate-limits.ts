import type { Env } from '../../server/config/env.ts'
import {
  rateLimitRules,
  type RateLimitResult,
  type RateLimitRule,
  type RateLimits,
} from '../../server/rate-limits.ts'

/**
 * Rate limits counted in this process's memory, for tests of what uses them (the server itself counts in the
 * database, so that several instances share one count).
 */
export function createMemoryRateLimits(env: Env, now: () => number = Date.now): RateLimits {
  const rules = rateLimitRules(env)
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = now()
  const longestWindowMs = Math.max(...Object.values(rules).map((r) => r.windowSeconds)) * 1000

  return {
    async take(name, key) {
      const rule = rules[name]
      return takeFromWindow(windows, `${name}:${key}`, rule, now(), () => {
        // Drop finished windows now and then so the map cannot grow without bound.
        const t = now()
        if (t - lastSweep <= longestWindowMs) return
        for (const [k, w] of windows) if (t - w.start >= longestWindowMs) windows.delete(k)
        lastSweep = t
      })
    },
  }
}

function takeFromWindow(
  windows: Map<string, { start: number; count: number }>,
  key: string,
  rule: RateLimitRule,
  t: number,
  sweep: () => void,
): RateLimitResult {
  if (rule.limit <= 0) return { ok: true, retryAfterSeconds: 0 }
  sweep()
  const windowMs = rule.windowSeconds * 1000
  let window = windows.get(key)
  if (!window || t - window.start >= windowMs) {
    window = { start: t, count: 0 }
    windows.set(key, window)
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - t) / 1000))
  if (window.count >= rule.limit) return { ok: false, retryAfterSeconds }
  window.count++
  return { ok: true, retryAfterSeconds: 0 }
}
