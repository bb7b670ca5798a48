/**
 * Text a person typed (a tag, a search, a time read back from the server) placed into PostgREST's query
 * syntax as data, never as syntax: one place for the quoting rules, used by the data modules (supabase-js
 * against the embedded backend or a hosted project) and by the embedded backend itself.
 *
 * PostgREST reads a top-level filter value (`tags=ov.<value>`) as it is; inside `or=(…)`/`and=(…)` and
 * `in.(…)` a value may be double-quoted, with `\` escaping the next character, so commas, dots and
 * parentheses in it stay text. Postgres reads an array literal `{…}` the same way: each element quoted,
 * `"` and `\` backslash-escaped, so a tag holding a quote, a comma or a brace is still one tag.
 */

const escapeQuoted = (text: string) => text.replace(/["\\]/g, '\\$&')

/** `text` as one quoted value for a logic tree (`or=(title.ilike.<value>,…)`) or an `in.(…)` list. */
export function quotedFilterValue(text: string): string {
  return `"${escapeQuoted(text)}"`
}

/**
 * A Postgres array literal of `items` (`{"a","b \"q\""}`), every element quoted: for `cs`, `cd` and `ov`
 * filters (pass it to supabase-js as a string: given an array, supabase-js joins it unquoted).
 */
export function pgArrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${escapeQuoted(item)}"`).join(',')}}`
}

/**
 * A LIKE pattern matching `text` anywhere in a value, literally: `%`, `_` and `\` are escaped for LIKE, and,
 * as PostgREST turns every `*` into `%` with no way to escape it, a `*` becomes `_` (any one character,
 * which includes `*`). Top-level (`.ilike(column, pattern)`) as it is; in a logic tree, quoted.
 */
export function likeContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '_')}%`
}
