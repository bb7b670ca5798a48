import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'

/** `/api/*`: one small Hono app per resource. */
export function createApi(ctx: ServerContext): Hono {
  const api = new Hono()
  api.get('/health', (c) => c.json({ status: 'ok', mode: ctx.supabase.local ? 'local' : 'hosted' }))
  return api
}
