import { matchRoutes, type RouteObject } from 'react-router-dom'
import { adminPath } from '@shared/config/brand.ts'
import { SiteLayout } from './components/layout/SiteLayout.tsx'
import { lazyPage, type LazyPage } from './lib/lazy-page.tsx'

/**
 * Every page of the site, each its own chunk, so `/` ships only what it renders and the form, blog and
 * editor code stays on their routes. Matching is case-insensitive (react-router's default): /SOLUTIONS
 * is /solutions.
 *
 * Declarative routes (`useRoutes` under BrowserRouter/StaticRouter) rather than a data router: nothing
 * here uses loaders or actions, and the data router costs about 16 KB gzip of the 100 KB budget for `/`.
 */
export const pages: Record<string, LazyPage> = {
  '/': lazyPage(() => import('./pages/HomePage.tsx')),
  '/solutions': lazyPage(() => import('./pages/SolutionsPage.tsx')),
  '/platform': lazyPage(() => import('./pages/PlatformPage.tsx')),
  '/contact': lazyPage(() => import('./pages/ContactPage.tsx')),
  '/privacy': lazyPage(() => import('./pages/PrivacyPage.tsx')),
  '/terms': lazyPage(() => import('./pages/TermsPage.tsx')),
  '/get-started': lazyPage(() => import('./pages/GetStartedPage.tsx')),
  '/test-email': lazyPage(() => import('./pages/TestEmailPage.tsx')),
  '/resources': lazyPage(() => import('./pages/ResourcesPage.tsx')),
  '/post/:slug': lazyPage(() => import('./pages/PostPage.tsx')),
  '*': lazyPage(() => import('./pages/NotFoundPage.tsx')),
}

/** Pages that are apps of their own: no marketing header or footer around them. */
export const appPages: Record<string, LazyPage> = {
  [adminPath]: lazyPage(() => import('./pages/AdminPage.tsx')),
}

const pageRoute = ([path, Page]: [string, LazyPage]): RouteObject =>
  path === '/'
    ? { index: true, element: <Page />, handle: Page }
    : { path: path.replace(/^\//, ''), element: <Page />, handle: Page }

export const routes: RouteObject[] = [
  ...Object.entries(appPages).map(pageRoute),
  { path: '/', element: <SiteLayout />, children: Object.entries(pages).map(pageRoute) },
]

/** Loads the page module for `pathname`, so the first render (server or hydration) does not suspend. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(matches.map(({ route }) => (route.handle as LazyPage | undefined)?.preload()))
}
