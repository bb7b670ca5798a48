/** The stylesheet and entry script a page built from `pageTemplate` (server/web/page-html.ts) loads (its `assetLoader` data). */
export function pageAssets(html: string): { css: string; js: string; preload: string[] } | null {
  const match = /<script data-css="([^"]+)" data-js="([^"]+)" data-preload="([^"]*)">/.exec(html)
  return match && { css: match[1], js: match[2], preload: match[3].split(' ').filter(Boolean) }
}
