import { useEffect } from 'react'
import { useLocation, useRoutes } from 'react-router-dom'
import { RouteErrorBoundary } from './components/layout/RouteErrorPage.tsx'
import { startIslands } from './islands/boot.ts'
import { routes } from './routes.tsx'

/** The whole site under one router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function App() {
  const { pathname } = useLocation()
  const element = useRoutes(routes)
  // Effects run only once the page is interactive: tests (and anyone curious) can tell a prerendered
  // page that is still static markup from one React has taken over.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    // The parts written as plain script (the header's menu) work in the application too.
    startIslands()
  }, [])
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
}
