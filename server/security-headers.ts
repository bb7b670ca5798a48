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
    c.header('Content-Security-Policy', contentSecurityPolicy(ctx))
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('X-Frame-Options', 'DENY')
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  }
}
