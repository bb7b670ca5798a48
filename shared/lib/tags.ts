/** Spec §5: tags split on commas, trimmed, empty entries dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

/** Spec §4: Edit loads a post's tags joined by comma and space. */
export function formatTags(tags: readonly string[] | null | undefined): string {
  return (tags ?? []).join(', ')
}
