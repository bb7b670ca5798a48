import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'

/**
 * Local-mode tools (embedded backend and SMTP capture, never in hosted mode): the captured inbox, an SMTP
 * outage switch and "run the outbox now". Tests use them to read mail and to drive the outbox clock.
 */
export function createDevMailRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const capture = ctx.mail.capture

  routes.use('*', async (c, next) => {
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

  /** Processes every pending lead now, whatever its schedule says. */
  routes.post('/outbox/run', async (c) => {
    if (!ctx.leadOutbox) return c.json({ message: 'The outbox is not running.' }, 409)
    return c.json(await ctx.leadOutbox.runDue({ ignoreSchedule: true }))
  })

  return routes
}
