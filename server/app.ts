import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { ServerContext } from './context.ts'
import { closeUnreadBodies, diskFullMessage, diskProblemOf, isClientGone } from './failures.ts'
import { createApi } from './api/index.ts'
import { authMailerFor } from './mail/auth-mail.ts'
import { publicConfigFor } from './public-config.ts'
import { securityHeaders } from './security-headers.ts'
import { createSiteRoutes } from './web/index.ts'
import { createFeedRoutes } from './web/feeds.ts'
import { createMediaRoutes } from './web/media.ts'
import { createOgImageRoutes } from './web/og-image.ts'
import { pageCacheFor } from './web/page-cache.ts'
import { preparePostsSoon } from './web/prepared-posts.ts'
import { createPreviewRoutes } from './web/preview.ts'
import { countPageViews } from './insights/page-views.ts'

/** The site's HTTP app: `/config.json`, `/api/*`, the embedded backend (local mode) and the static site. */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono()

  app.use('*', closeUnreadBodies)
  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    ctx.logger.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })

  // Before every route: the embedded backend's answers, errors and 404s carry the headers too.
  app.use('*', securityHeaders(ctx))

  // The embedded Supabase-compatible backend lives on the same origin as the site.
  if (ctx.localSupabase) {
    ctx.localSupabase.useMailer(authMailerFor(ctx))
    // A post saved here shows on the next page view (other writers are seen within a second or so). Only
    // writes to posts count: the lead form's rate limits and the outbox write through the API all the time.
    ctx.localSupabase.onWrite((path) => {
      if (!/^\/rest\/v1\/blogs(?:\/|$)/.test(path)) return
      pageCacheFor(ctx).noteWrite()
      preparePostsSoon(ctx)
    })
    app.route('/', ctx.localSupabase.app)
  }

  app.use('*', compress())

  app.get('/config.json', (c) => {
    const origin = new URL(c.req.url).origin
    c.header('Cache-Control', 'no-store')
    return c.json(publicConfigFor(ctx, origin))
  })

  app.route('/api', createApi(ctx))
  for (const routes of [createMediaRoutes, createOgImageRoutes, createFeedRoutes]) app.route('/', routes(ctx))
  app.route('/preview', createPreviewRoutes(ctx))
  // Counted here, around the site's routes and whatever they cache, never inside a page's render.
  app.use('*', countPageViews(ctx))
  app.route('/', createSiteRoutes(ctx))

  app.onError((err, c) => {
    if (isClientGone(err, c)) {
      // Nobody is left to answer: a closed tab or a dropped connection is not a server fault.
      ctx.logger.info({ path: c.req.path }, 'client closed the connection mid-request')
      return c.body(null, 400)
    }
    const disk = diskProblemOf(err)
    if (disk) {
      ctx.logger.warn({ err, path: c.req.path, disk }, 'request failed: the data directory cannot be written')
      return c.json({ message: diskFullMessage }, 503)
    }
    ctx.logger.error({ err, path: c.req.path }, 'unhandled error')
    return c.json({ error: 'Internal server error' }, 500)
  })

  return app
}
