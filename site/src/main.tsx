import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import './index.css'
import { resolveLazyRoutes } from './lib/resolve-lazy-routes.ts'
import { routes } from './routes.tsx'

async function start() {
  const container = document.getElementById('root')!
  // Marketing pages arrive prerendered and are hydrated; client-only routes get an empty shell.
  const prerendered = container.firstElementChild !== null
  if (prerendered) await resolveLazyRoutes(routes, window.location.pathname)
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>
  )
  if (prerendered) hydrateRoot(container, app)
  else createRoot(container).render(app)
}

void start()
