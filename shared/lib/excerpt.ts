export const excerptLength = 160

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
}

/** Plain text of an HTML fragment without a DOM (works in the browser, Node and the desktop main process). */
export function plainTextFromHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      const lower = name.toLowerCase()
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
      if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10))
      return entities[lower] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The excerpt a card shows when the editor left it empty: the content's plain text, cut on a word
 * boundary at about `maxLength` characters with an ellipsis.
 */
export function deriveExcerpt(html: string, maxLength = excerptLength): string {
  const text = plainTextFromHtml(html)
  if (text.length <= maxLength) return text
  const cut = text.slice(0, maxLength + 1)
  const lastSpace = cut.lastIndexOf(' ')
  // A single very long word has no boundary to cut on: cut it hard rather than return nothing.
  const head = lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : text.slice(0, maxLength)
  return `${head.replace(/[\s.,;:!?-]+$/, '')}…`
}

/** The excerpt to store: the editor's own when given, else derived from the content. */
export function excerptForPost(excerpt: string | null | undefined, html: string): string {
  const own = excerpt?.trim() ?? ''
  return own !== '' ? own : deriveExcerpt(html)
}
