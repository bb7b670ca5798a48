import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AddressInfo } from 'node:net'
import { serviceEmailSchema } from '../shared/schemas/email.ts'
import { requireEditor, staffRoles } from './api/editor-auth.ts'
import { clientAddress, rateLimit, refuse, validBody } from './http/pipeline.ts'
import { httpServerOptions } from './config/env.ts'
import type { ServerContext } from './context.ts'
import { closeUnreadBodies, isClientGone } from './failures.ts'
import { renderServiceMessage } from './mail/templates.ts'
import { securityHeaders } from './security-headers.ts'

/** SMTP reachability is cached briefly: a health poll must not open an SMTP session every time. */
const reachabilityTtlMs = 10_000

const localOrigin = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/** The email service app (exported for tests that call it without a socket). */
export function createEmailServiceApp(ctx: ServerContext): Hono {
  const app = new Hono()
  let reachability: { at: number; value: Promise<boolean> } | null = null

  app.use('*', securityHeaders(ctx, 'email-service'))
  app.use('*', closeUnreadBodies)
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

  const shape = 'success-flag'
  const sender = requireEditor(ctx, {
    roles: staffRoles,
    signIn: 'Sign in as an editor (or use the service token) to send email.',
    secret: (ctx) => ctx.env.EMAIL_SERVICE_TOKEN,
    shape,
  })

  app.post(
    '/send-email',
    rateLimit(ctx, 'emailServicePerIp', clientAddress(ctx), shape),
    sender,
    validBody(serviceEmailSchema, {
      maxBytes: 64 * 1024,
      shape,
      tooLargeMessage: 'The message is too large.',
    }),
    async (c) => {
      const caller = c.get('editor')?.email ?? 'service token'
      const input = c.get('input')

      try {
        const { messageId } = await ctx.mail.send({ to: input.to, ...renderServiceMessage(input) })
        ctx.logger.info({ caller, messageId }, 'email service sent a message')
        return c.json({ success: true, messageId })
      } catch (err) {
        ctx.logger.warn({ err }, 'email service send failed')
        return refuse(c, 502, 'The email could not be sent. Please try again later.', shape)
      }
    },
  )

  app.notFound((c) => c.json({ success: false, message: 'Not found' }, 404))
  app.onError((err, c) => {
    if (isClientGone(err, c)) {
      ctx.logger.info({ path: c.req.path }, 'client closed the connection mid-request')
      return c.body(null, 400)
    }
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
    const options = {
      fetch: app.fetch,
      port: ctx.env.EMAIL_SERVICE_PORT,
      hostname: ctx.env.HOST,
      serverOptions: httpServerOptions(ctx.env),
    }
    const s = serve(options, () => resolve(s))
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
