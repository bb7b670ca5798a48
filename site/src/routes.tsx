import type { RouteObject } from 'react-router-dom'
import { adminPath } from '@shared/config/brand.ts'

/**
 * Every route of the site. Pages that need supabase-js, the editor or the form libraries load lazily,
 * so the marketing pages stay small. Paths match case-insensitively (react-router's default).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () => import('./pages/PlaceholderLayout.tsx'),
    children: [
      { index: true, lazy: () => import('./pages/PlaceholderPage.tsx') },
      { path: 'get-started', lazy: () => import('./pages/GetStartedPage.tsx') },
      { path: 'test-email', lazy: () => import('./pages/TestEmailPage.tsx') },
      { path: 'resources', lazy: () => import('./pages/ResourcesPage.tsx') },
      { path: 'post/:slug', lazy: () => import('./pages/PostPage.tsx') },
      { path: adminPath.slice(1), lazy: () => import('./pages/AdminPage.tsx') },
      { path: '*', lazy: () => import('./pages/PlaceholderPage.tsx') },
    ],
  },
]
