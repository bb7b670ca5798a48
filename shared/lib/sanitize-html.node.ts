import { createHtmlSanitizer, type HtmlSanitizer } from './sanitize-html.ts'

let nodeSanitizer: Promise<HtmlSanitizer> | null = null

/** Node variant of `sanitizeHtml` (server, desktop main, tests): the same allow-list over a jsdom window. */
export async function sanitizeHtml(html: string): Promise<string> {
  // jsdom is large and Node-only: load it the first time it is needed, never in a browser bundle.
  nodeSanitizer ??= import('jsdom').then(({ JSDOM }) => createHtmlSanitizer(new JSDOM('').window as never))
  return (await nodeSanitizer).sanitize(html)
}
