import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerContext } from './context.ts'
import { assetLoaderHash } from './web/page-html.ts'
import { visitScriptHash } from './web/visit-script.ts'

/**
 * Every response header that protects a reader, in one place, applied by one middleware on both listeners
 * (the site with `/api` and the embedded Supabase-compatible routes, and the email service): whatever
 * answers (a page, JSON, an image, a refusal, a 404, an error) carries them.
 */

const origin = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The site's Content-Security-Policy and companions. Scripts only from our origin, plus two inline scripts
 * allowed by hash (the one that starts a page's assets after its first paint, and the visit script of
 * Insights, `web/visit-script.ts`); styles may be inline
 * (the prerendered pages inline their CSS and sonner injects its own); images from anywhere over http(s)
 * because posts may embed them; connections to our origin, the email service and hosted Supabase.
 */
export function contentSecurityPolicy(ctx: ServerContext): string {
  const connect = new Set(["'self'"])
  for (const url of [ctx.emailServiceUrl, ctx.supabase.local ? '' : ctx.supabase.url]) {
    const o = url && origin(url)
    if (o) connect.add(o)
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${assetLoaderHash} ${visitScriptHash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self'",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The answers of an API (JSON, files): nothing in them runs, and no other site may frame them. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

/** HSTS: browsers that reached us over https keep to https for a year, subdomains included. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains'

/** The embedded Supabase-compatible API on the site's origin: an API, not pages. */
const supabasePaths = /^\/(?:rest|auth|storage)\/v1(?:\/|$)/

/**
 * Whether the request reached us over https: on a TLS socket of our own, or, only when TRUST_PROXY says a
 * reverse proxy in front is ours, as that proxy's `X-Forwarded-Proto` reports (its last entry: the one the
 * proxy next to us wrote). The request's URL is no witness: a client may send an absolute `https://` target
 * over plain http.
 */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if ((incoming?.socket as TLSSocket | undefined)?.encrypted) return true
  if (!trustProxy) return false
  return c.req.header('X-Forwarded-Proto')?.split(',').at(-1)?.trim().toLowerCase() === 'https'
}

/** Which listener answers: the site (pages, `/api`, the embedded backend) or the email service (an API). */
export type Surface = 'site' | 'email-service'

/** The headers an answer gets: `ownPolicy` is a Content-Security-Policy the answer set itself, if any. */
export function securityHeadersFor(
  ctx: ServerContext,
  c: Context,
  surface: Surface,
  ownPolicy: string | null,
): Array<[string, string]> {
  const api = surface === 'email-service' || supabasePaths.test(c.req.path)
  // An answer with a policy of its own keeps it (stored files are sandboxed), and is never framed either.
  const policy = ownPolicy
    ? /frame-ancestors/.test(ownPolicy)
      ? ownPolicy
      : `${ownPolicy}; frame-ancestors 'none'`
    : api
      ? apiContentSecurityPolicy
      : contentSecurityPolicy(ctx)
  const headers: Array<[string, string]> = [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ]
  if (cameOverHttps(c, ctx.env.TRUST_PROXY))
    headers.push(['Strict-Transport-Security', strictTransportSecurity])
  return headers
}

/**
 * The middleware that puts `securityHeadersFor` on every answer. Registered first on each listener, so it
 * wraps everything after it, the error handler's and the 404's answers included.
 */
export function securityHeaders(ctx: ServerContext, surface: Surface = 'site'): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const headers = securityHeadersFor(ctx, c, surface, c.res.headers.get('Content-Security-Policy'))
    try {
      // On the answer itself: `c.header()` after the handler rebuilds the response around a stream of its
      // body, which the Node adapter then copies chunk by chunk (a third of a static page's cost).
      for (const [name, value] of headers) c.res.headers.set(name, value)
    } catch {
      // A response with immutable headers (one passed through from fetch): a new response around it.
      for (const [name, value] of headers) c.header(name, value)
    }
  }
}
