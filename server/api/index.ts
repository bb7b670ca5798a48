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

/** `/api/*`: one small Hono app per resource. */
export function createApi(ctx: ServerContext): Hono {
  const api = new Hono()
  api.get('/health', (c) => c.json({ status: 'ok', mode: ctx.supabase.local ? 'local' : 'hosted' }))
  api.route('/leads', createLeadRoutes(ctx))
  api.route('/send-email', createSendEmailRoutes(ctx))
  api.route('/dev', createDevMailRoutes(ctx))
  api.route('/newsletter', createNewsletterSendRoutes(ctx))
  api.route('/newsletter', createNewsletterRoutes(ctx))
  api.route('/people', createPeopleRoutes(ctx))
  api.route('/preview-links', createPreviewLinkRoutes(ctx))
  api.route('/posts', createPostRoutes(ctx))
  api.route('/views', createViewRoutes(ctx))
  return api
}
