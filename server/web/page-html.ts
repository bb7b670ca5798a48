/**
 * The pieces of a site page's HTML shared by the build (scripts/prerender.ts, pages written once) and the
 * server (server/web/render.ts, pages rendered per request): the template with its stylesheet inlined, the
 * head tags of a page, the embedded page data, and where the server-side render bundle lives.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brand } from '../../shared/config/brand.ts'
import { escapeHtml } from '../../shared/lib/html-escape.ts'
import { pageDataElementId } from '../../shared/schemas/page-data.ts'
import { visitScript } from './visit-script.ts'

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
 * Starts the page's stylesheet (with the web font), its scripts and their module preloads once the browser
 * has presented the first contentful paint, so nothing competes with that paint: the page paints from its
 * HTML and inline critical styles alone. The scripts download alongside the stylesheet (module preloads) and
 * the app starts once the stylesheet has loaded (or failed), so nothing it renders is ever unstyled. A page
 * opened in the background (it paints nothing until shown) starts once it has loaded, and a browser without
 * paint timing one second after that. The asset URLs are the element's `data-css`, `data-js` and
 * `data-preload` (space-separated); the code never changes, so the Content-Security-Policy allows it by hash
 * (`assetLoaderHash`).
 */
export const assetLoader =
  "(function(){var a=document.currentScript.dataset,s=!1;function e(t,p){var n=document.createElement(t);for(var k in p)n[k]=p[k];return document.head.appendChild(n)}function go(){if(s)return;s=!0;var r=!1,l=e('link',{rel:'stylesheet',href:a.css});(a.js+' '+(a.preload||'')).split(' ').forEach(function(h){h&&e('link',{rel:'modulepreload',href:h,crossOrigin:''})});l.onload=l.onerror=function(){r||(r=!0,e('script',{type:'module',src:a.js,crossOrigin:''}))}}try{new PerformanceObserver(function(l){l.getEntriesByName('first-contentful-paint').length&&setTimeout(go)}).observe({type:'paint',buffered:!0})}catch(x){go()}addEventListener('load',function(){setTimeout(go,document.visibilityState==='hidden'?0:1e3)})})()"

/** The `script-src` source that allows `assetLoader` and no other inline script. */
export const assetLoaderHash = `'sha256-${createHash('sha256').update(assetLoader).digest('base64')}'`

/**
 * The page template from the built `index.html`: the stylesheet inlined whole (each page then keeps only
 * the rules it uses, see critical-css.ts), and the stylesheet link, module preloads and entry script handed
 * to `assetLoader`. Without JavaScript the stylesheet still loads (`<noscript>`).
 */
export function pageTemplate(indexHtml: string, siteDir: string): string {
  const stylesheets: string[] = []
  const preloads: string[] = []
  let entry: string | undefined
  const template = indexHtml
    .replace(/\s*<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
      stylesheets.push(href)
      return ''
    })
    .replace(/\s*<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href)
      return ''
    })
    .replace(
      /\s*<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/g,
      (_tag, src: string) => {
        entry = src
        return ''
      },
    )
  if (stylesheets.length !== 1 || !entry) {
    throw new Error('The built index.html must have one stylesheet and one entry script')
  }
  const [css] = stylesheets
  const inline = readFileSync(path.join(siteDir, css), 'utf8').replace(/<\/style/gi, '<\\/style')
  const tags = [
    `<style>${inline}</style>`,
    `<noscript><link rel="stylesheet" href="${css}" /></noscript>`,
    `<script data-css="${css}" data-js="${entry}" data-preload="${preloads.join(' ')}">${assetLoader}</script>`,
    `<script>${visitScript}</script>`,
  ]
  return template.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`)
}
