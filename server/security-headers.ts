import type { MiddlewareHandler } from 'hono'
import type { ServerContext } from './context.ts'
import { assetLoaderHash } from './web/page-html.ts'
import { visitScriptHash } from './web/visit-script.ts'

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

export function securityHeaders(ctx: ServerContext): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const headers: Array<[string, string]> = [
      ['Content-Security-Policy', contentSecurityPolicy(ctx)],
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Frame-Options', 'DENY'],
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ]
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
