import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter, matchRoutes } from 'react-router-dom'
import { App } from './App.tsx'
import { LiveAppContext } from './islands/Island.tsx'
import { PageDataProvider, readEmbeddedPageData } from './lib/page-data.tsx'
import { preloadPage, routes } from './routes.tsx'

/**
 * The React application in the browser: the admin, the staff pages and pages that arrive empty (main.tsx
 * decides). Every part is live here, so nothing is marked to wake (LiveAppContext).
 */
async function start() {
  const container = document.getElementById('root')!
  // Pages rendered on the server per request (/post/{slug}, /resources) carry the data they were rendered
  // with: read once here, so hydration shows the same content without a second fetch.
  const pageData = readEmbeddedPageData(document)
  const app = (
    <StrictMode>
      <LiveAppContext.Provider value={true}>
        <PageDataProvider value={pageData}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </PageDataProvider>
      </LiveAppContext.Provider>
    </StrictMode>
  )
  // Marketing pages arrive prerendered and server-rendered pages rendered: load their page chunk first,
  // then hydrate the same markup. Client-only routes get an empty shell and render from scratch, and so
  // does a real route the server answered with the static not-found page: its markup is not what that
  // route renders. A server-rendered page with data (a missing post's not-found page too) always hydrates.
  const servedNotFound = container.querySelector('[data-page="not-found"]') !== null
  const routedNotFound = (matchRoutes(routes, window.location.pathname) ?? []).some(
    (m) => m.route.path === '*',
  )
  const rendered = container.firstElementChild !== null
  if (rendered && (Object.keys(pageData).length > 0 || servedNotFound === routedNotFound)) {
    await preloadPage(window.location.pathname)
    hydrateRoot(container, app)
  } else {
    createRoot(container).render(app)
  }
}

void start()
