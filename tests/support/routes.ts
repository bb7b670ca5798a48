/** The site's marketing pages, in the order of its navigation: what the page, screenshot and sweep tests visit. */
export const marketingRoutes = [
  '/',
  '/solutions',
  '/platform',
  '/contact',
  '/get-started',
  '/resources',
] as const
