import { useLocation, useRoutes } from 'react-router-dom'
import { RouteErrorBoundary } from './components/layout/RouteErrorPage.tsx'
import { routes } from './routes.tsx'

/** The whole site under one router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function App() {
  const { pathname } = useLocation()
  const element = useRoutes(routes)
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
}
