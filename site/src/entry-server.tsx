import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { routes } from './routes.tsx'

export { routeMeta, notFoundMeta } from './content/route-meta.ts'

/**
 * Renders one path to HTML for the prerender step (scripts/prerender.ts). The static handler resolves
 * the lazy page modules first, so the markup is the complete page the browser will hydrate.
 */
export async function render(pathname: string): Promise<{ html: string; status: number }> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')))
  if (context instanceof Response) throw new Error(`Route ${pathname} answered with a redirect or response (${context.status})`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // hydrate={false}: no loaders run here, so there is no data to hand over and no extra <script> in #root.
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
  return { html, status: context.statusCode }
}
