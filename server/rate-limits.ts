import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { SupabaseClient } from '../shared/data/client.ts'
import { takeRateLimit } from '../shared/data/rate-limits.ts'
import type { Env } from './config/env.ts'

/**
 * Every rate limit of the server, in one table: what is counted, how many per window. Routes name a rule
 * and a key (an address, an email, an editor); the store decides where the counters live.
 */
export function rateLimitRules(env: Env) {
  return {
    /** Lead submissions per client address per minute (LEAD_RATE_LIMIT; 0 disables, benchmarks only). */
    leadPerIp: { limit: env.LEAD_RATE_LIMIT, windowSeconds: 60 },
    /** Lead submissions per email address: a person resubmitting a typo is fine, a flood is not. */
    leadPerEmail: { limit: env.LEAD_RATE_LIMIT, windowSeconds: 10 * 60 },
    /** Newsletter subscription attempts per client address per minute. */
    newsletterPerIp: { limit: 5, windowSeconds: 60 },
    /** `POST /api/send-email` per client address, then per signed-in editor. */
    staffMailPerIp: { limit: 60, windowSeconds: 60 },
    staffMailPerEditor: { limit: 20, windowSeconds: 60 },
    /** The email service's `POST /send-email` per client address. */
    emailServicePerIp: { limit: 30, windowSeconds: 60 },
    /** Page views counted per client address (Insights): more are served, just not counted. */
    pageViewsPerIp: { limit: 60, windowSeconds: 60 },
    pageViewsPerIpDay: { limit: 500, windowSeconds: 24 * 60 * 60 },
    /** Confirmation emails (leads and newsletter) per hour, all recipients together (key `all`). */
    confirmationMail: { limit: env.CONFIRMATION_MAIL_HOURLY_CAP, windowSeconds: 60 * 60 },
    /** Confirmation emails one address receives per day, however many forms name it. */
    confirmationPerRecipient: { limit: 3, windowSeconds: 24 * 60 * 60 },
    /** Sales notifications per hour (key `all`); past it leads wait for the hour's digest. */
    salesNotification: { limit: env.SALES_NOTIFICATION_HOURLY_CAP, windowSeconds: 60 * 60 },
  } satisfies Record<string, RateLimitRule>
}

export interface RateLimitRule {
  /** Requests allowed per window; 0 turns the rule off. */
  limit: number
  windowSeconds: number
}

export type RateLimitName = keyof ReturnType<typeof rateLimitRules>

export interface RateLimitResult {
  ok: boolean
  /** Seconds until the window that refused ends (0 when allowed). */
  retryAfterSeconds: number
}

/** The server's rate limits: counts one request for `key` under the named rule. */
export interface RateLimits {
  take(rule: RateLimitName, key: string): Promise<RateLimitResult>
}

/**
 * Fixed-window counters in the database (`take_rate_limit`, through supabase-js with the service role): every
 * server instance on the project counts in the same place, so a limit holds however many there are. Keys
 * are hashed: no address or email is stored in clear. When the database cannot be asked, a request is let
 * through (and logged): whatever it wants to store will fail just the same.
 */
export function createDatabaseRateLimits(env: Env, client: () => SupabaseClient, logger: Logger): RateLimits {
  const rules = rateLimitRules(env)
  return {
    async take(name, key) {
      const rule = rules[name]
      if (rule.limit <= 0) return { ok: true, retryAfterSeconds: 0 }
      const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 32)
      try {
        return await takeRateLimit(client(), `${name}:${hashed}`, rule.limit, rule.windowSeconds)
      } catch (err) {
        logger.warn({ err, rule: name }, 'rate limit could not be checked; request let through')
        return { ok: true, retryAfterSeconds: 0 }
      }
    },
  }
}

/** The message every rate-limited endpoint answers with (the lead form shows it as is). */
export const tooManyRequestsMessage = 'Too many requests. Please wait a minute and try again.'
