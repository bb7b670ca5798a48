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

export type DiffPart =
  | { kind: 'same'; text: string }
  | { kind: 'added'; text: string }
  | { kind: 'removed'; text: string }
  /** A long unchanged stretch, shortened: `before` … `after`. */
  | { kind: 'skipped'; before: string; after: string }

/** Unchanged text longer than this is shortened to its ends around the changes. */
const keepAround = 160

/**
 * The body's differences from `older` to `newer`, word by word (line by line for very long texts, so a
 * large post never stalls the page), with long unchanged stretches shortened.
 */
export function bodyDiff(older: string, newer: string): DiffPart[] {
  const changes =
    older.length + newer.length > 200_000
      ? diffLines(older, newer)
      : (diffWordsWithSpace(older, newer, { timeout: 1000 }) ?? diffLines(older, newer))
  const parts: DiffPart[] = []
  changes.forEach((change, index) => {
    if (change.added) parts.push({ kind: 'added', text: change.value })
    else if (change.removed) parts.push({ kind: 'removed', text: change.value })
    else {
      const text = change.value
      const first = index === 0
      const last = index === changes.length - 1
      const limit = (first || last ? 1 : 2) * keepAround
      if (text.length <= limit + 40) parts.push({ kind: 'same', text })
      else
        parts.push({
          kind: 'skipped',
          // Cut at word boundaries, never inside a word.
          before: first ? '' : text.slice(0, keepAround).replace(/\S*$/, ''),
          after: last ? '' : text.slice(-keepAround).replace(/^\S*/, ''),
        })
    }
  })
  return parts
}

/** How the body changed from `older` to `newer`: the diff, and the words added and removed (for a summary). */
export function bodyChanges(
  older: Pick<Revision, 'content' | 'content_markdown'>,
  newer: Pick<Revision, 'content' | 'content_markdown'>,
): { parts: DiffPart[]; added: number; removed: number } {
  const parts = bodyDiff(bodyText(older), bodyText(newer))
  const count = (text: string) => text.split(/\s+/).filter(Boolean).length
  let added = 0
  let removed = 0
  for (const part of parts) {
    if (part.kind === 'added') added += count(part.text)
    if (part.kind === 'removed') removed += count(part.text)
  }
  return { parts, added, removed }
}
