/**
 * The pieces of a site page's HTML shared by the build (scripts/prerender.ts, pages written once) and the
 * server (server/web/render.ts, pages rendered per request): the template with its stylesheet inlined, the
 * head tags of a page, the embedded page data, and where the server-side render bundle lives.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brand } from '../../shared/config/brand.ts'
import { pageDataElementId } from '../../shared/lib/page-data.ts'

/** Text for element content and double-quoted attributes (every attribute here is double-quoted). */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON for inside a `<script>` element: `<` is escaped, so no `</script>` or `<!--` can end it early. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The server-side render bundle of the site (entry-server.js) and the page template, kept next to the site
 * folder (`dist/site` → `dist/site-ssr`) so the static file server never serves them.
 */
export function ssrDirFor(siteDir: string): string {
  return path.join(path.dirname(siteDir), `${path.basename(siteDir)}-ssr`)
}
/** The file names inside `ssrDirFor(siteDir)`. */
export const ssrEntryFile = 'entry-server.js'
export const templateFile = 'template.html'

/** Title, description, canonical and Open Graph tags for one page (`pathname` null: noindex, no canonical). */
export function headTags(
  meta: { title: string; description: string },
  pathname: string | null,
  siteUrl: string,
): string {
  const base = siteUrl.replace(/\/+$/, '')
  const url = pathname === null ? null : `${base}${pathname === '/' ? '/' : pathname}`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${base}/og-image.png" />`,
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
      url: `${base}/`,
      email: brand.contactEmail,
      logo: `${base}/favicon.svg`,
    }
    tags.push(`<script type="application/ld+json">${scriptJson(organisation)}</script>`)
  }
  return tags.join('\n    ')
}

/**
 * A page from the template: `head` (trusted tags) in place of `<!--app-head-->`, the rendered markup in
 * place of `<!--app-html-->`, and the page's data (if any) as a JSON block after the root element, where
 * the browser reads it once when it hydrates.
 */
export function fillTemplate(template: string, head: string, html: string, pageData?: unknown): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('site/index.html must contain <!--app-head--> and <!--app-html-->')
  }
  const page = template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html)
  if (pageData === undefined) return page
  const data = `<script type="application/json" id="${pageDataElementId}">${scriptJson(pageData)}</script>`
  return page.replace('</body>', () => `    ${data}\n  </body>`)
}

/**
 * Makes the first paint independent of extra round trips: the stylesheet (about 9 KB gzip) is inlined,
 * since a render-blocking request costs more than the bytes on mobile. The font is not preloaded: text
 * paints at once in the fallback (font-display: swap) and the inline CSS lets the browser find the
 * font file as early as a preload would, without competing with the HTML.
 */
export function inlineStylesheets(template: string, siteDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => {
      const css = readFileSync(path.join(siteDir, href), 'utf8')
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
    },
  )
}
