import { Hono, type MiddlewareHandler } from 'hono'
import { pageViewBeaconSchema } from '../../shared/schemas/insights.ts'
import type { ServerContext } from '../context.ts'
import { countable, countView, isPublicPage, requesterOf } from '../insights/page-views.ts'
import { refuse, validBody } from '../http/pipeline.ts'

/** A beacon's body is one short path: anything longer is not one. */
const beaconBodyLimitBytes = 1024

/**
 * `POST /api/views` `{ path }`: the page's inline script reports a navigation inside the site (the server
 * already counted the page it served). Sent with `navigator.sendBeacon` (text/plain JSON); from this site
 * only. A bad body answers 400 and nothing is stored; otherwise 204 whether or not the view was counted
 * (a bot, `Sec-GPC`, `DNT`, over the address's limit, not a public page), so a caller learns nothing.
 */
export function createViewRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  const sameSite: MiddlewareHandler = async (c, next) => {
    const site = c.req.header('Sec-Fetch-Site')
    if (site && site !== 'same-origin') return refuse(c, 403, 'Views are counted from this site only.')
    await next()
  }
  const beacon = validBody(pageViewBeaconSchema, {
    maxBytes: beaconBodyLimitBytes,
    tooLargeMessage: 'A page view is one short path.',
  })

  routes.post('/', sameSite, beacon, async (c) => {
    const path = c.get('input').path.toLowerCase().replace(/\/+$/, '') || '/'
    if (countable(c.req.raw.headers) && (await isPublicPage(ctx, path))) {
      await countView(ctx, requesterOf(ctx, c), path, {
        referrerHost: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
      })
    }
    return c.body(null, 204)
  })

  return routes
}
