import { diffLines, diffWordsWithSpace } from 'diff'
import type { Revision, RevisionSummary } from '../data/revisions.ts'
import { plainTextFromHtml } from '../lib/excerpt.ts'
import { formatPublishAt } from '../lib/publish-time.ts'
import { compareFields, type FieldComparison } from './ConflictComparison.utils.ts'

/**
 * Pure helpers of `PostHistory.tsx`: who saved a revision and when, which fields differ between two
 * revisions, and the body's differences as readable text.
 */

/** "editor@… · Nov 23, 2026, 8:30 PM GMT" (the server's own writes have no person). */
export function savedByLine(revision: Pick<RevisionSummary, 'saved_by_email' | 'saved_at'>): {
  who: string
  when: string
} {
  return { who: revision.saved_by_email ?? 'The server', when: formatPublishAt(revision.saved_at) }
}

/** The two revisions of a comparison in order: older first. */
export function inOrder<T extends { version: number }>(a: T, b: T): [T, T] {
  return a.version <= b.version ? [a, b] : [b, a]
}

/** The fields (other than the body) that differ from `older` to `newer`, each as both sides read. */
export function changedFieldRows(older: Revision, newer: Revision): FieldComparison[] {
  return compareFields(newer, older).filter(
    (row) => row.changed && row.field !== 'content' && row.field !== 'content_markdown',
  )
}

/** The body as text a person reads: the editor's Markdown when there is one, else the HTML's text by block. */
export function bodyText(revision: Pick<Revision, 'content' | 'content_markdown'>): string {
  const markdown = revision.content_markdown?.trim()
  if (markdown) return markdown
  return (revision.content ?? '')
    .split(/<\/(?:p|div|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/i)
    .map((block) => plainTextFromHtml(block))
    .filter(Boolean)
    .join('\n\n')
}

/**
 * How many words of the body were added and removed from `older` to `newer` (the history's summary; the
 * comparison itself is drawn by RenderedDiff). Word by word, line by line for very long texts, so a large
 * post never stalls the page.
 */
export function bodyChanges(
  older: Pick<Revision, 'content' | 'content_markdown'>,
  newer: Pick<Revision, 'content' | 'content_markdown'>,
): { added: number; removed: number } {
  const [a, b] = [bodyText(older), bodyText(newer)]
  const changes =
    a.length + b.length > 200_000
      ? diffLines(a, b)
      : (diffWordsWithSpace(a, b, { timeout: 1000 }) ?? diffLines(a, b))
  const count = (text: string) => text.split(/\s+/).filter(Boolean).length
  let added = 0
  let removed = 0
  for (const change of changes) {
    if (change.added) added += count(change.value)
    if (change.removed) removed += count(change.value)
  }
  return { added, removed }
}
