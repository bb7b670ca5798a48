import { Hono } from 'hono'
import type { ServerContext } from '../context.ts'
import { createDevMailRoutes } from './dev-mail.ts'
import { createLeadRoutes } from './leads.ts'
import { createNewsletterRoutes } from './newsletter.ts'
import { createNewsletterSendRoutes } from './newsletter-send.ts'
import { createPeopleRoutes } from './people.ts'
import { createPostRoutes } from './posts.ts'
import { createPreviewLinkRoutes } from './preview-links.ts'
import { createSendEmailRoutes } from './send-email.ts'
import { createViewRoutes } from './views.ts'
import { createWebhookRoutes } from './webhooks.ts'

/** `/api/*`: one small Hono app per resource, mounted in this order (both `/newsletter` apps share a path). */
const resources: ReadonlyArray<readonly [path: string, create: (ctx: ServerContext) => Hono]> = [
  ['/leads', createLeadRoutes],
  ['/send-email', createSendEmailRoutes],
  ['/dev', createDevMailRoutes],
  ['/newsletter', createNewsletterSendRoutes],
  ['/newsletter', createNewsletterRoutes],
  ['/people', createPeopleRoutes],
  ['/preview-links', createPreviewLinkRoutes],
  ['/posts', createPostRoutes],
  ['/views', createViewRoutes],
  ['/webhooks', createWebhookRoutes],
]

export function createApi(ctx: ServerContext): Hono {
  const api = new Hono()
  api.get('/health', (c) => c.json({ status: 'ok', mode: ctx.supabase.local ? 'local' : 'hosted' }))
  for (const [path, create] of resources) api.route(path, create(ctx))
  return api
}
