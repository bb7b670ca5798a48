/**
 * The second half of `npm run build`: renders every marketing route of the built site to static HTML
 * (SITE_DIR/<route>/index.html), the public client-only routes as empty pages with their own head (same place),
 * the not-found page (404.html), a noindex empty shell for the other client-only routes (_shell.html),
 * robots.txt and sitemap-routes.json (the marketing routes the server's /sitemap.xml lists first). Runs
 * after `vite build` has written SITE_DIR/index.html.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { brand } from '../shared/config/brand.ts'
import type { RouteMeta } from '../site/src/content/route-meta.ts'
import { structuredDataTags } from './structured-data.ts'

const root = path.resolve(import.meta.dirname, '..')
const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'dist/site')
const siteUrl = (process.env.PUBLIC_URL ?? brand.siteUrl).replace(/\/+$/, '')

interface ServerEntry {
  render(pathname: string): Promise<{ html: string }>
  routeMeta: Record<string, RouteMeta>
  notFoundMeta: { title: string; description: string }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Title, description, canonical and Open Graph tags for one page. */
export function headTags(meta: { title: string; description: string }, pathname: string | null): string {
  const url = pathname === null ? null : `${siteUrl}${pathname === '/' ? '/' : pathname}`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${siteUrl}/og-image.png" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ]
  if (url) tags.push(`<link rel="canonical" href="${url}" />`, `<meta property="og:url" content="${url}" />`)
  else tags.push(`<meta name="robots" content="noindex" />`)
  if (pathname === '/') {
    // Lets search engines show the organisation's name, site and contact; a data block, never executed.
    const organisation = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand.name,
      url: `${siteUrl}/`,
      email: brand.contactEmail,
      logo: `${siteUrl}/favicon.svg`,
    }
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(organisation).replace(/</g, '\\u003c')}</script>`,
    )
  }
  return tags.join('\n    ')
}

function page(template: string, head: string, html: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('site/index.html must contain <!--app-head--> and <!--app-html-->')
  }
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html)
}

/**
 * Makes the first paint independent of extra round trips: the stylesheet (about 9 KB gzip) is inlined,
 * since a render-blocking request costs more than the bytes on mobile. The font is not preloaded: text
 * paints at once in the fallback (font-display: swap) and the inline CSS lets the browser find the
 * font file as early as a preload would, without competing with the HTML.
 */
function optimiseTemplate(template: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => {
      const css = readFileSync(path.join(siteDir, href), 'utf8')
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
    },
  )
}

async function main() {
  const template = optimiseTemplate(readFileSync(path.join(siteDir, 'index.html'), 'utf8'))
  // Inside the project so the bundle's bare imports (react, react-router) resolve from node_modules.
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true })
  const ssrDir = mkdtempSync(path.join(root, 'node_modules/.cache/meridian-ssr-'))
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        ssr: path.join(root, 'site/src/entry-server.tsx'),
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
      },
    })
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry

    // The empty shell first, before index.html is overwritten with the prerendered home page. The server
    // serves it for client-only routes without a page of their own: the admin route, /test-email (noindex:
    // staff pages) and /post/{slug} (the server puts the post's own head in place of these tags).
    writeFileSync(
      path.join(siteDir, '_shell.html'),
      page(
        template,
        headTags({ title: brand.name, description: entry.routeMeta['/'].description }, null),
        '',
      ),
    )

    const written: string[] = []
    const shells: string[] = []
    for (const [pathname, meta] of Object.entries(entry.routeMeta)) {
      const file =
        pathname === '/'
          ? path.join(siteDir, 'index.html')
          : path.join(siteDir, pathname.slice(1), 'index.html')
      mkdirSync(path.dirname(file), { recursive: true })
      if (meta.prerender) {
        const { html } = await entry.render(pathname)
        writeFileSync(file, page(template, headTags(meta, pathname) + structuredDataTags(pathname), html))
        written.push(pathname)
      } else {
        // Public client-only routes (/resources, /get-started): empty body, but their own title,
        // description and canonical URL, indexable, so a crawler reading the first HTML sees the page.
        writeFileSync(file, page(template, headTags(meta, pathname), ''))
        shells.push(pathname)
      }
    }

    const notFound = await entry.render('/__prerender-not-found__')
    writeFileSync(
      path.join(siteDir, '404.html'),
      page(template, headTags(entry.notFoundMeta, null), notFound.html),
    )

    writeFileSync(
      path.join(siteDir, 'robots.txt'),
      `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    )
    // The server serves /sitemap.xml (server/web/feeds.ts): these marketing routes, then every published post.
    const sitemapRoutes = Object.entries(entry.routeMeta)
      .filter(([, meta]) => meta.sitemap)
      .map(([pathname]) => pathname)
    writeFileSync(path.join(siteDir, 'sitemap-routes.json'), `${JSON.stringify(sitemapRoutes)}\n`)
    rmSync(path.join(siteDir, 'sitemap.xml'), { force: true })
    console.log(
      `prerendered ${written.join(', ')}, shells with their own head for ${shells.join(', ')} and 404.html into ${path.relative(root, siteDir) || '.'}`,
    )
  } finally {
    rmSync(ssrDir, { recursive: true, force: true })
  }
}

await main()
