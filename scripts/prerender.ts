/**
 * The second half of `npm run build`: renders every marketing route of the built site to static HTML
 * (SITE_DIR/<route>/index.html), the public client-only routes as empty pages with their own head (same place),
 * the not-found page (404.html), a noindex empty shell for the other client-only routes (_shell.html),
 * robots.txt and sitemap-routes.json (the marketing routes the server's /sitemap.xml lists first). Runs
 * after `vite build` has written SITE_DIR/index.html.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { brand } from '../shared/config/brand.ts'
import { criticalCss } from '../server/web/critical-css.ts'
import {
  headTags as headTagsFor,
  pageTemplate,
  ssrDirFor,
  ssrEntryFile,
  templateFile,
} from '../server/web/page-html.ts'
import type { RouteMeta } from '../site/src/content/route-meta.ts'
import { structuredDataTags } from './structured-data.ts'
import { sitemapRoutesFile } from '../server/http/site-routes.ts'

const root = path.resolve(import.meta.dirname, '..')
const siteDir = path.resolve(root, process.env.SITE_DIR ?? 'dist/site')
const siteUrl = (process.env.PUBLIC_URL ?? brand.siteUrl).replace(/\/+$/, '')

interface ServerEntry {
  render(pathname: string, options?: { search?: string; pageData?: unknown }): Promise<{ html: string }>
  routeMeta: Record<string, RouteMeta>
  notFoundMeta: { title: string; description: string }
}

const headTags = (meta: { title: string; description: string }, pathname: string | null) =>
  headTagsFor(meta, pathname, siteUrl)
const critical = criticalCss()
const page = (template: string, head: string, html: string) => critical.page(template, head, html)

async function main() {
  const template = pageTemplate(readFileSync(path.join(siteDir, 'index.html'), 'utf8'), siteDir)
  // The render bundle stays next to the site (dist/site-ssr), outside what the file server serves: the
  // server renders /post/{slug} and /resources with it on every request. Self-contained (dependencies
  // bundled) and one file: the server imports it with a `?v=<build time>` query to pick up a new build, and
  // chunks importing "../entry-server.js" would load a second copy of it (with its own React contexts).
  const ssrDir = ssrDirFor(siteDir)
  rmSync(ssrDir, { recursive: true, force: true })
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      ssr: { noExternal: true },
      // React (and every bundled library) in its production build, whatever NODE_ENV the server later runs
      // with: the bundled packages choose their build from process.env.NODE_ENV when the server imports
      // them, and without it each first render of a post ran React's development build.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: path.join(root, 'site/src/entry-server.tsx'),
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { codeSplitting: false } },
      },
    })
    // ES modules wherever the folder is (SITE_DIR may be outside the project and its package.json).
    writeFileSync(path.join(ssrDir, 'package.json'), '{ "type": "module" }\n')
    writeFileSync(path.join(ssrDir, templateFile), template)
    const entry = (await import(pathToFileURL(path.join(ssrDir, ssrEntryFile)).href)) as ServerEntry

    // The empty shell first, before index.html is overwritten with the prerendered home page. The server
    // serves it for client-only routes without a page of their own: the admin route, /test-email (noindex:
    // staff pages) and /post/{slug} (the server puts the post's own head in place of these tags).
    writeFileSync(
      path.join(siteDir, '_shell.html'),
      await page(
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
        const head = meta.noindex
          ? headTags(meta, null)
          : headTags(meta, pathname) + structuredDataTags(pathname)
        writeFileSync(file, await page(template, head, html))
        written.push(pathname)
      } else {
        // Public client-only routes (/resources, /get-started): empty body, but their own title,
        // description and canonical URL, indexable, so a crawler reading the first HTML sees the page.
        writeFileSync(file, await page(template, headTags(meta, pathname), ''))
        shells.push(pathname)
      }
    }

    const notFound = await entry.render('/__prerender-not-found__')
    writeFileSync(
      path.join(siteDir, '404.html'),
      await page(template, headTags(entry.notFoundMeta, null), notFound.html),
    )

    writeFileSync(
      path.join(siteDir, 'robots.txt'),
      `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    )
    // The server serves /sitemap.xml (server/web/feeds.ts): these marketing routes, then every published post.
    const sitemapRoutes = Object.entries(entry.routeMeta)
      .filter(([, meta]) => meta.sitemap)
      .map(([pathname]) => pathname)
    writeFileSync(path.join(siteDir, sitemapRoutesFile), `${JSON.stringify(sitemapRoutes)}\n`)
    rmSync(path.join(siteDir, 'sitemap.xml'), { force: true })
    console.log(
      `prerendered ${written.join(', ')}, shells with their own head for ${shells.join(', ')} and 404.html into ${path.relative(root, siteDir) || '.'}`,
    )
  } catch (err) {
    // No half-written render bundle: the server would otherwise serve pages from it.
    rmSync(ssrDir, { recursive: true, force: true })
    throw err
  }
}

await main()
