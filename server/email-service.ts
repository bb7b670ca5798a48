import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { bearerToken, editorOfRequest, sameSecret } from './api/editor-auth.ts'
import { clientIp } from './api/leads.ts'
import { createRateLimiter, tooManyRequestsMessage } from './api/rate-limit.ts'
import type { ServerContext } from './context.ts'
import { renderServiceMessage } from './mail/templates.ts'

/** Spec §7 "External email service": `POST /send-email` with to, subject, firstName and body. */
export const serviceEmailSchema = z.object({
  to: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject.')
    .max(200, 'Subject must be at most 200 characters.'),
  firstName: z.string().trim().max(100, 'First name must be at most 100 characters.').optional().default(''),
  body: z
    .string()
    .min(1, 'Please enter a message.')
    .max(20_000, 'Message must be at most 20,000 characters.'),
})

/** SMTP reachability is cached briefly: a health poll must not open an SMTP session every time. */
const reachabilityTtlMs = 10_000

const localOrigin = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/** The email service app (exported for tests that call it without a socket). */
export function createEmailServiceApp(ctx: ServerContext): Hono {
  const app = new Hono()
  const perIp = createRateLimiter({ limit: 30, windowMs: 60_000 })
  let reachability: { at: number; value: Promise<boolean> } | null = null

  app.use(
    '*',
    cors({
      // The site's own origin; in local mode any localhost origin (dev server, tests on other ports).
      origin: (origin) => {
        if (!origin) return null
        if (origin === new URL(ctx.publicUrl).origin) return origin
        if (ctx.supabase.local && localOrigin.test(origin)) return origin
        return null
      },
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    }),
  )

  app.get('/', async (c) => {
    const now = Date.now()
    if (!reachability || now - reachability.at > reachabilityTtlMs)
      reachability = { at: now, value: ctx.mail.verify() }
    const reachable = await reachability.value
    c.header('Cache-Control', 'no-store')
    return c.json({
      status: 'ok',
      service: 'meridian-email',
      smtp: { reachable },
      time: new Date().toISOString(),
    })
  })

  app.post(
    '/send-email',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => c.json({ success: false, message: 'The message is too large.' }, 413),
    }),
    async (c) => {
      if (!perIp.take(clientIp(c, ctx.env.TRUST_PROXY)).ok)
        return c.json({ success: false, message: tooManyRequestsMessage }, 429)

      const token = bearerToken(c.req.header('Authorization'))
      let caller: string | null
      if (token && ctx.env.EMAIL_SERVICE_TOKEN && sameSecret(token, ctx.env.EMAIL_SERVICE_TOKEN))
        caller = 'service token'
      else {
        const editor = await editorOfRequest(ctx, c, token)
        if (editor instanceof Response) return editor
        caller = editor?.email ?? null
      }
      if (!caller)
        return c.json(
          { success: false, message: 'Sign in as an editor (or use the service token) to send email.' },
          401,
        )

      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ success: false, message: 'The request body must be JSON.' }, 400)
      }
      const parsed = serviceEmailSchema.safeParse(body)
      if (!parsed.success) return c.json({ success: false, message: parsed.error.issues[0].message }, 400)

      try {
        const { messageId } = await ctx.mail.send({
          to: parsed.data.to,
          ...renderServiceMessage(parsed.data),
        })
        ctx.logger.info({ caller, messageId }, 'email service sent a message')
        return c.json({ success: true, messageId })
      } catch (err) {
        ctx.logger.warn({ err }, 'email service send failed')
        return c.json(
          { success: false, message: 'The email could not be sent. Please try again later.' },
          502,
        )
      }
    },
  )

  app.notFound((c) => c.json({ success: false, message: 'Not found' }, 404))
  app.onError((err, c) => {
    ctx.logger.error({ err }, 'email service error')
    return c.json({ success: false, message: 'The email service failed. Please try again later.' }, 500)
  })
  return app
}

/** The email service: a second listener on EMAIL_SERVICE_PORT (`GET /`, `POST /send-email`). */
export async function startEmailService(
  ctx: ServerContext,
): Promise<{ port: number; close(): Promise<void> }> {
  const app = createEmailServiceApp(ctx)
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: ctx.env.EMAIL_SERVICE_PORT, hostname: ctx.env.HOST }, () =>
      resolve(s),
    )
    s.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeIdleConnections' in server) server.closeIdleConnections()
      }),
  }
}
