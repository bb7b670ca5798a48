import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { App } from './App.tsx'
import { PageDataProvider, type PageData } from './lib/page-data.tsx'
import { preloadPage } from './routes.tsx'

export { routeMeta, notFoundMeta } from './content/route-meta.ts'
export type { PageData } from './lib/page-data.tsx'

export interface RenderOptions {
  /** The query string, with or without its `?` (pages such as /resources render from it). */
  search?: string
  /** The data the page renders with; the server embeds the same object in the HTML for hydration. */
  pageData?: PageData
}

/**
 * Renders one path to HTML: at build time for the marketing pages (scripts/prerender.ts) and per request on
 * the server for /post/{slug} and /resources (server/web/render.ts). The page module is loaded first, so
 * the markup is the complete page the browser will hydrate.
 */
export async function render(pathname: string, options: RenderOptions = {}): Promise<{ html: string }> {
  await preloadPage(pathname)
  const search = options.search
    ? options.search.startsWith('?')
      ? options.search
      : `?${options.search}`
    : ''
  const html = renderToString(
    <StrictMode>
      <PageDataProvider value={options.pageData ?? {}}>
        <StaticRouter location={`${pathname}${search}`}>
          <App />
        </StaticRouter>
      </PageDataProvider>
    </StrictMode>,
  )
  return { html }
}
