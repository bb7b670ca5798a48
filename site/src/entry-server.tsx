import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { App } from './App.tsx'
import { preloadPage } from './routes.tsx'

export { routeMeta, notFoundMeta } from './content/route-meta.ts'

/**
 * Renders one path to HTML for the prerender step (scripts/prerender.ts). The page module is loaded
 * first, so the markup is the complete page the browser will hydrate.
 */
export async function render(pathname: string): Promise<{ html: string }> {
  await preloadPage(pathname)
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  )
  return { html }
}
