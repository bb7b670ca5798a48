/**
 * Fixed-window request counters kept in memory (one server process). Enough to stop a script from
 * flooding the lead inbox or the mailer; a multi-instance deployment would move this to the database.
 */
export interface RateLimiter {
  /** Counts one request for `key`; `ok: false` once the window's limit is reached. */
  take(key: string): { ok: boolean; retryAfterSeconds: number }
}

export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now?: () => number
}): RateLimiter {
  const now = options.now ?? Date.now
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = now()

  return {
    take(key) {
      if (options.limit <= 0) return { ok: true, retryAfterSeconds: 0 }
      const t = now()
      // Drop finished windows now and then so the map cannot grow without bound.
      if (t - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k)
        lastSweep = t
      }
      let window = windows.get(key)
      if (!window || t - window.start >= options.windowMs) {
        window = { start: t, count: 0 }
        windows.set(key, window)
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + options.windowMs - t) / 1000))
      if (window.count >= options.limit) return { ok: false, retryAfterSeconds }
      window.count++
      return { ok: true, retryAfterSeconds: 0 }
    },
  }
}

/** The message every rate-limited endpoint answers with (the lead form shows it as is). */
export const tooManyRequestsMessage = 'Too many requests. Please wait a minute and try again.'
