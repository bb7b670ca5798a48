import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter, matchRoutes } from 'react-router-dom'
import { App } from './App.tsx'
import './index.css'
import { preloadPage, routes } from './routes.tsx'

async function start() {
  const container = document.getElementById('root')!
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  )
  // Marketing pages arrive prerendered: load their page chunk first, then hydrate the same markup.
  // Client-only routes get an empty shell and render from scratch, and so does a real route the server
  // answered with the not-found page (a missing post): its markup is not what that route renders.
  const servedNotFound = container.querySelector('[data-page="not-found"]') !== null
  const routedNotFound = (matchRoutes(routes, window.location.pathname) ?? []).some(
    (m) => m.route.path === '*',
  )
  if (container.firstElementChild !== null && servedNotFound === routedNotFound) {
    await preloadPage(window.location.pathname)
    hydrateRoot(container, app)
  } else {
    createRoot(container).render(app)
  }
}

void start()
