import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { isbot } from 'isbot'
import { daySalt, recordPageView, visitSource } from '../../shared/data/insights.ts'
import { cleanHost, cleanUtm, type LeadAttribution } from '../../shared/schemas/insights.ts'
import { clientKey } from '../http/pipeline.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from '../supabase-clients.ts'
import { marketingRoutes, pageKey } from '../http/site-routes.ts'

/**
 * Counting the public pages, first-party and without cookies (see the migration
 * 20261130100000_insights_and_lead_sources.sql for what is stored). The server counts the HTML it serves
 * (`countPageViews`, in the request pipeline before the site's routes and any cache they keep) and the
 * page's inline script reports in-site navigations (`POST /api/views`). Nothing is counted for bots,
 * prefetches, `Sec-GPC: 1` or `DNT: 1`; the count never delays an answer, and each address may add only so
 * many views (`server/rate-limits.ts`), so a flood cannot fill the disk.
 */

/** At most this many counts in flight per server: past it a view is dropped rather than queued. */
const maxCountsInFlight = 64
const inFlight = new WeakMap<ServerContext, number>()

/**
 * Addresses over their limit, until when (this instance's memory, at most 10,000): a flood is then turned
 * away without asking the database at all. The limits themselves are counted in the database.
 */
const overLimit = new WeakMap<ServerContext, Map<string, number>>()
const maxRememberedAddresses = 10_000
function isOverLimit(ctx: ServerContext, ip: string): boolean {
  const until = overLimit.get(ctx)?.get(ip)
  if (until === undefined) return false
  if (until > Date.now()) return true
  overLimit.get(ctx)?.delete(ip)
  return false
}
function rememberOverLimit(ctx: ServerContext, ip: string, retryAfterSeconds: number) {
  let map = overLimit.get(ctx)
  if (!map) overLimit.set(ctx, (map = new Map()))
  if (map.size >= maxRememberedAddresses) map.clear()
  map.set(ip, Date.now() + retryAfterSeconds * 1000)
}

/** Whether this request may be counted at all: a person's browser that has not asked not to be. */
export function countable(headers: { get(name: string): string | null | undefined }): boolean {
  if (headers.get('sec-gpc') === '1' || headers.get('dnt') === '1') return false
  // Speculative loads (link prefetch, Chrome's speculation rules, Safari's previews) are not views.
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`
  if (/prefetch|prerender|preview/i.test(purpose)) return false
  const agent = headers.get('user-agent') ?? ''
  return agent !== '' && !isbot(agent)
}

/** The public pages: the marketing routes the build lists for the sitemap, and any post. */
const publicPages = new WeakMap<ServerContext, { at: number; routes: Promise<string[]> }>()
export async function isPublicPage(ctx: ServerContext, key: string): Promise<boolean> {
  if (/^\/post\/[^/]+$/.test(key)) return true
  let cached = publicPages.get(ctx)
  if (!cached || Date.now() - cached.at > 60_000) {
    cached = { at: Date.now(), routes: marketingRoutes(ctx.siteDir) }
    publicPages.set(ctx, cached)
  }
  return (await cached.routes).includes(key)
}

/** Today's salt, asked of the database once a day (it decides the day, so every instance agrees). */
const salts = new WeakMap<ServerContext, Promise<{ day: string; salt: string }>>()
async function todaysSalt(ctx: ServerContext): Promise<string> {
  const today = new Date().toISOString().slice(0, 10)
  let salt = salts.get(ctx)
  if (!salt || (await salt.catch(() => null))?.day !== today) {
    salt = daySalt(serviceClient(ctx))
    salts.set(ctx, salt)
    salt.catch(() => salts.delete(ctx))
  }
  return (await salt).salt
}

/** Who sent a request, read while it is open (never stored: only hashed). */
export interface Requester {
  /** The client's address as a key (`clientKey`): an IPv6 client is its /64, for its limits and as a visitor. */
  ip: string
  userAgent: string
}

export const requesterOf = (ctx: ServerContext, c: Context): Requester => ({
  ip: clientKey(c, ctx.env.TRUST_PROXY),
  userAgent: c.req.header('User-Agent') ?? '',
})

/** The visitor of the day: a hash of the day's salt, the site's host, the address and the user agent. */
export async function visitorOf(ctx: ServerContext, who: Requester): Promise<string> {
  const salt = await todaysSalt(ctx)
  return createHash('sha256')
    .update(`${salt}\n${new URL(ctx.publicUrl).host}\n${who.ip}\n${who.userAgent}`)
    .digest('base64url')
    .slice(0, 32)
}

/** Where a page request came from: the referrer's host when it is another site, and the UTM fields. */
export function sourceOf(c: Context): Omit<LeadAttribution, 'landingPath'> {
  let referrerHost: string | null = null
  const referrer = c.req.header('Referer')
  if (referrer) {
    try {
      const host = new URL(referrer).host
      if (host !== new URL(c.req.url).host) referrerHost = cleanHost(host)
    } catch {
      // Not a URL: no referrer.
    }
  }
  const query = new URL(c.req.url).searchParams
  return {
    referrerHost,
    utmSource: cleanUtm(query.get('utm_source')),
    utmMedium: cleanUtm(query.get('utm_medium')),
    utmCampaign: cleanUtm(query.get('utm_campaign')),
  }
}

/**
 * Counts one view of `path` for this request, within the address's limits. Resolves to whether it was
 * counted; never throws (a failure is logged: counting must not break a page).
 */
export async function countView(
  ctx: ServerContext,
  who: Requester,
  path: string,
  source: Omit<LeadAttribution, 'landingPath'>,
): Promise<boolean> {
  const running = inFlight.get(ctx) ?? 0
  if (running >= maxCountsInFlight || isOverLimit(ctx, who.ip)) return false
  inFlight.set(ctx, running + 1)
  try {
    for (const rule of ['pageViewsPerIp', 'pageViewsPerIpDay'] as const) {
      const limit = await ctx.rateLimits.take(rule, who.ip)
      if (!limit.ok) {
        rememberOverLimit(ctx, who.ip, limit.retryAfterSeconds)
        return false
      }
    }
    return await recordPageView(serviceClient(ctx), { visitor: await visitorOf(ctx, who), path, ...source })
  } catch (err) {
    ctx.logger.warn({ err, path }, 'a page view could not be counted')
    return false
  } finally {
    inFlight.set(ctx, (inFlight.get(ctx) ?? 1) - 1)
  }
}

/**
 * Counts every public page the site serves as HTML (200, or 304 for a revisit), after it has answered and
 * without waiting: a page's first byte never waits on its count.
 */
export function countPageViews(ctx: ServerContext): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET' || (c.res.status !== 200 && c.res.status !== 304)) return
    if (c.res.status === 200 && !c.res.headers.get('Content-Type')?.startsWith('text/html')) return
    if (!countable(c.req.raw.headers)) return
    const key = pageKey(c.req.path)
    if (key === null) return
    const source = sourceOf(c)
    const who = requesterOf(ctx, c)
    void isPublicPage(ctx, key).then((page) => page && countView(ctx, who, key, source))
  }
}

/** Where today's visitor of this request came from (a lead sent without JavaScript), or null. */
export async function visitSourceOf(ctx: ServerContext, c: Context): Promise<LeadAttribution | null> {
  if (!countable(c.req.raw.headers)) return null
  try {
    return await visitSource(serviceClient(ctx), await visitorOf(ctx, requesterOf(ctx, c)))
  } catch (err) {
    ctx.logger.warn({ err }, 'the visit of a lead could not be looked up')
    return null
  }
}
