import { matchRoutes, type RouteObject } from 'react-router-dom'

/**
 * Loads the lazy route modules that match `pathname` and writes them onto the route objects.
 * Before hydrating prerendered HTML the router must render the page on its first pass: a route still
 * marked `lazy` would render nothing first and React would report a hydration mismatch.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = (await route.lazy()) as Partial<RouteObject>
      route.lazy = undefined
      if (loaded.Component) route.Component = loaded.Component
      if (loaded.ErrorBoundary) route.ErrorBoundary = loaded.ErrorBoundary
      if (loaded.loader) route.loader = loaded.loader
    }),
  )
}
