import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'

/** Static site: prerendered pages, hashed assets, SPA fallback and the 404 page. */
export function createSiteRoutes(_ctx: ServerContext): Hono {
  const site = new Hono()
  site.get('*', (c) => c.text('Site not built yet', 404))
  return site
}
