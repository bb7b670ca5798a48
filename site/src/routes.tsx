import type { RouteObject } from 'react-router-dom'
import { adminPath } from '@shared/config/brand.ts'
import { RouteErrorPage } from './components/layout/RouteErrorPage.tsx'
import { SiteLayout } from './components/layout/SiteLayout.tsx'

/**
 * Every route of the site. The shell loads with the entry; each page is its own chunk (react-router's
 * `lazy`), so `/` ships only what it renders and the form, blog and editor code stays on their routes.
 * Paths match case-insensitively (react-router's default), so /SOLUTIONS is /solutions.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: () => import('./pages/HomePage.tsx') },
      { path: 'solutions', lazy: () => import('./pages/SolutionsPage.tsx') },
      { path: 'platform', lazy: () => import('./pages/PlatformPage.tsx') },
      { path: 'contact', lazy: () => import('./pages/ContactPage.tsx') },
      { path: 'privacy', lazy: () => import('./pages/PrivacyPage.tsx') },
      { path: 'terms', lazy: () => import('./pages/TermsPage.tsx') },
      { path: 'get-started', lazy: () => import('./pages/GetStartedPage.tsx') },
      { path: 'test-email', lazy: () => import('./pages/TestEmailPage.tsx') },
      { path: 'resources', lazy: () => import('./pages/ResourcesPage.tsx') },
      { path: 'post/:slug', lazy: () => import('./pages/PostPage.tsx') },
      { path: adminPath.slice(1), lazy: () => import('./pages/AdminPage.tsx') },
      { path: '*', lazy: () => import('./pages/NotFoundPage.tsx') },
    ],
  },
]
