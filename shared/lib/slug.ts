/**
 * Spec §5: lower-case, each run of characters other than a-z or 0-9 becomes a hyphen, leading and
 * trailing hyphens trimmed. Accented letters are not transliterated (the spec's rule drops them).
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
