import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { adminPath } from '../../shared/config/brand.ts'

/**
 * Routes that exist only in the browser. The build writes a page with its own head for the public ones
 * (/get-started, /resources), which wins; the rest (and those, on an older build) get the noindex app shell.
 */
const clientOnlyRoutes = ['/get-started', '/test-email', '/resources', adminPath.toLowerCase()]

export function isClientOnlyRoute(lowerPath: string): boolean {
  if (clientOnlyRoutes.includes(lowerPath)) return true
  // /post/{slug}: exactly one non-empty segment after /post/.
  return /^\/post\/[^/]+$/.test(lowerPath)
}

/** The page key of a request path: decoded, lower-case (routing is case-insensitive), no trailing slash. */
export function pageKey(requestPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return null
  return decoded.toLowerCase().replace(/\/+$/, '') || '/'
}

/** Where the build lists the marketing routes for the sitemap (in the site folder). */
export const sitemapRoutesFile = 'sitemap-routes.json'

/** The marketing routes the build marked for the sitemap; just the home page when the site is not built. */
export async function marketingRoutes(siteDir: string): Promise<string[]> {
  try {
    const routes: unknown = JSON.parse(await readFile(path.join(siteDir, sitemapRoutesFile), 'utf8'))
    if (Array.isArray(routes) && routes.every((r) => typeof r === 'string' && r.startsWith('/')))
      return routes as string[]
  } catch {
    // Not built yet, or an older build: fall through.
  }
  return ['/']
}
