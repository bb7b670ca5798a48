import { countOf } from '../../lib/plural.ts'

/** Words a reader gets through in a minute (a common figure for screen reading of non-fiction). */
export const wordsPerMinute = 230

/** The text of an HTML body, as a reader sees it: tags become breaks, entities count as one character. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity) =>
      /^&(nbsp|#160|#xa0);$/i.test(entity) ? ' ' : '_',
    )
}

/** Words of a post's body: runs of letters and digits, with inner apostrophes and hyphens ("don't", "end-to-end"). */
export function countWords(html: string): number {
  return textOf(html).match(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)?.length ?? 0
}

/** Minutes to read `words`, rounded up; 0 for an empty body. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / wordsPerMinute))
}

/** "1 word · 1 min read", "0 words". */
export function describeLength(words: number): string {
  const count = countOf(words, 'word')
  const minutes = readingMinutes(words)
  return minutes === 0 ? count : `${count} · ${minutes} min read`
}
