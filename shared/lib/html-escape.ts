/**
 * The one escaper for text placed into HTML and XML (pages, feeds, mail, drawn SVG): the five characters that
 * can end an element or a quoted attribute become entities. `&#39;` rather than `&apos;`, which HTML 4 and some
 * mail clients do not know; XML knows both.
 */
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text for element content and quoted attributes (single or double). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => entities[ch]!)
}

const characters: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
}

/** The reverse of `escapeHtml` (an attribute's value read back out of markup); other entities are left as they are. */
export function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => characters[name]!)
}
