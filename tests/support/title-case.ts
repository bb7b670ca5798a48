/**
 * The site's heading rule: Title Case. Every word starts with a capital except these short function words
 * inside a heading (articles, conjunctions, short prepositions), which stay lower-case; the first and last
 * word are capitalised whatever they are. Brand names and acronyms (TALENT BOT, GCC, NPS) stay as they are;
 * after a hyphen a word may stay lower-case ("Multi-channel", as the spec writes it); numbers and symbols
 * are not words.
 */
const minorWords = new Set(
  'a an the and but or nor for as at by in of on to via vs with from into'.split(' '),
)

/** The words of `heading` that break the rule (empty when it is in Title Case). */
export function titleCaseProblems(heading: string): string[] {
  const words = heading
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
  return words.filter((word, i) => {
    const head = word.split('-')[0]
    if (!/^\p{L}/u.test(head)) return false
    const capital = head[0] === head[0].toUpperCase()
    const edge = i === 0 || i === words.length - 1
    if (minorWords.has(head.toLowerCase()) && !edge) return capital
    return !capital
  })
}
