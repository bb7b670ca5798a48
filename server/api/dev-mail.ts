import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'
import { requireEditor, serviceRoleKey, staffRoles } from './editor-auth.ts'

/**
 * Staff tools for mail: the captured inbox and an SMTP outage switch (local mode, where mail goes to the
 * embedded capture), and "run the outbox now" (every mode). The inbox holds visitors' names, emails and
 * phone numbers, so every route needs an editor's session or the service-role key, in every mode.
 */
export function createDevMailRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const capture = ctx.mail.capture

  routes.use(
    '*',
    requireEditor(ctx, {
      roles: staffRoles,
      signIn: 'Sign in as an editor to use the mail tools.',
      secret: serviceRoleKey,
      challenge: true,
    }),
  )

  // The captured inbox exists only in local mode (embedded backend and no SMTP_URL).
  routes.use('/mail/*', async (c, next) => {
    if (!ctx.supabase.local || !capture) return c.json({ message: 'Not found' }, 404)
    await next()
  })

  routes.get('/mail', async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await capture!.list())
  })

  routes.get('/mail/capture', (c) => c.json({ running: capture!.running, port: capture!.port }))

  /** Simulates an SMTP outage: the capture stops listening; sends fail with a connection error. */
  routes.post('/mail/capture/stop', async (c) => {
    await capture!.stop()
    return c.json({ running: false, port: capture!.port })
  })

  routes.post('/mail/capture/start', async (c) => {
    await capture!.start()
    return c.json({ running: true, port: capture!.port })
  })

  /** Processes every pending lead now, whatever its schedule says, and every webhook delivery that is due. */
  routes.post('/outbox/run', async (c) => {
    if (!ctx.leadOutbox) return c.json({ message: 'The outbox is not running.' }, 409)
    const [leads, webhooks] = await Promise.all([
      ctx.leadOutbox.runDue({ ignoreSchedule: true }),
      // Webhooks that are due (a post announced for later waits for its time).
      ctx.webhookOutbox?.worker.runDue(),
    ])
    const { processed, done, retried, failed } = webhooks ?? { processed: 0, done: 0, retried: 0, failed: 0 }
    return c.json({ ...leads, webhooks: { processed, done, retried, failed } })
  })

  /** Delivers every pending newsletter delivery now (retries included), at the configured rate. */
  routes.post('/outbox/newsletter/run', async (c) => {
    if (!ctx.newsletterOutbox) return c.json({ message: 'The outbox is not running.' }, 409)
    return c.json(await ctx.newsletterOutbox.runDue({ ignoreSchedule: true }))
  })

  routes.all('*', (c) => c.json({ message: 'Not found' }, 404))

  return routes
}
