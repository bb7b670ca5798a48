import { changedFields } from '../data/blogs.ts'
import { plainTextFromHtml } from '../lib/excerpt.ts'
import { blogTypeLabels } from '../lib/post-types.ts'
import { formatPublishAt } from '../lib/publish-time.ts'
import { blogFieldNames, type BlogFieldName } from '../schemas/blog.ts'
import { countOf } from '../lib/plural.ts'

/**
 * Pure helpers of `ConflictComparison.tsx`: which fields differ between the editor's version and the
 * server's, how each field reads to a person, and where the two texts part ways.
 */

/** One side of a conflict: a post's editable fields (null: that side deleted the post). */
export type ConflictSide = Partial<Record<BlogFieldName, unknown>> | null

export type ConflictChoice = 'mine' | 'theirs' | 'both'

export const fieldLabels: Record<BlogFieldName, string> = {
  title: 'Title',
  slug: 'Slug',
  content: 'Content',
  content_markdown: 'Content',
  excerpt: 'Excerpt',
  status: 'Status',
  type: 'Type',
  tags: 'Tags',
  author: 'Author',
  cover_image_url: 'Cover image',
  publish_at: 'Publish at',
}

const statusLabels: Record<string, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
}

/** How one field of one side reads: plain text, tags, an image address, or a long text. */
export type FieldDisplay =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'tags'; tags: string[] }
  | { kind: 'image'; url: string }
  | { kind: 'long'; text: string }

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

/** The readable form of one field: content as its plain text (never as HTML), labels for status and type. */
export function displayField(field: BlogFieldName, side: NonNullable<ConflictSide>): FieldDisplay {
  const value = side[field]
  switch (field) {
    case 'tags': {
      const tags = Array.isArray(value) ? value.map(String).filter((t) => t.trim() !== '') : []
      return tags.length ? { kind: 'tags', tags } : { kind: 'empty' }
    }
    case 'cover_image_url': {
      const url = asText(value).trim()
      return url ? { kind: 'image', url } : { kind: 'empty' }
    }
    case 'content': {
      const text = plainTextFromHtml(asText(value))
      return text ? { kind: 'long', text } : { kind: 'empty' }
    }
    case 'content_markdown': {
      const text = asText(value).trim()
      return text ? { kind: 'long', text } : { kind: 'empty' }
    }
    case 'status': {
      const text = asText(value)
      return text ? { kind: 'text', text: statusLabels[text] ?? text } : { kind: 'empty' }
    }
    case 'type': {
      const text = asText(value)
      return text
        ? { kind: 'text', text: (blogTypeLabels as Record<string, string>)[text] ?? text }
        : { kind: 'empty' }
    }
    case 'publish_at': {
      const at = Date.parse(asText(value))
      return Number.isNaN(at) ? { kind: 'empty' } : { kind: 'text', text: formatPublishAt(at) }
    }
    default: {
      const text = asText(value).trim()
      return text ? { kind: 'text', text } : { kind: 'empty' }
    }
  }
}

export interface FieldComparison {
  field: BlogFieldName
  label: string
  changed: boolean
  /** Null when that side deleted the post. */
  mine: FieldDisplay | null
  theirs: FieldDisplay | null
}

/**
 * The fields a person compares: the body once, as it reads (its Markdown source is the same text written
 * another way, so it is not a field of its own here).
 */
const comparedFields = blogFieldNames.filter((field) => field !== 'content_markdown')

/** Every editable field (in `blogFieldNames` order), with the changed ones marked. */
export function compareFields(mine: ConflictSide, theirs: ConflictSide): FieldComparison[] {
  const changed = new Set<BlogFieldName>(mine && theirs ? changedFields(theirs, mine) : [])
  return comparedFields.map((field) => ({
    field,
    label: fieldLabels[field],
    changed: changed.has(field),
    mine: mine ? displayField(field, mine) : null,
    theirs: theirs ? displayField(field, theirs) : null,
  }))
}

/** One line that says what differs, for the top of the comparison. */
export function conflictSummary(mine: ConflictSide, theirs: ConflictSide): string {
  if (!mine && !theirs) return 'Both you and someone else deleted this post.'
  if (!mine) return 'You deleted this post, but someone else changed it on the server.'
  if (!theirs) return 'You changed this post, but someone else deleted it on the server.'
  const changed = compareFields(mine, theirs).filter((row) => row.changed)
  if (changed.length === 0) return 'Both versions hold the same content.'
  const names = changed.map((row) => row.label)
  return `${countOf(names.length, 'field differs', 'fields differ')}: ${names.join(', ')}.`
}

/** A stretch of words shown around the first difference: before, the differing part, after. */
export interface TextDifference {
  leadingEllipsis: boolean
  before: string
  changed: string
  /** The differing part was longer than shown (the rest of the text follows elsewhere). */
  changedCut: boolean
  after: string
  trailingEllipsis: boolean
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean)
}

/**
 * Where `text` departs from `other`, word by word: the shared start and end are cut down to `context`
 * words on either side of the part that differs, so a long post shows only the paragraph that changed.
 */
export function textDifference(text: string, other: string, context = 12, maxChanged = 60): TextDifference {
  const a = words(text)
  const b = words(other)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++
  const from = Math.max(0, start - context)
  const changed = a.slice(start, a.length - end)
  const changedCut = changed.length > maxChanged
  const to = changedCut ? a.length : Math.min(a.length, a.length - end + context)
  return {
    leadingEllipsis: from > 0,
    before: a.slice(from, start).join(' '),
    changed: changed.slice(0, maxChanged).join(' '),
    changedCut,
    after: changedCut ? '' : a.slice(a.length - end, to).join(' '),
    trailingEllipsis: changedCut || to < a.length,
  }
}

/** What each choice does, in words, given which sides still have the post. */
export interface ChoiceOption {
  choice: ConflictChoice
  label: string
  description: string
}

export function choiceOptions(mine: ConflictSide, theirs: ConflictSide): ChoiceOption[] {
  if (!mine)
    return [
      {
        choice: 'mine',
        label: 'Keep mine',
        description: 'Delete the post: the changes made on the server are lost.',
      },
      { choice: 'theirs', label: 'Keep theirs', description: 'Keep the post as it is on the server.' },
    ]
  if (!theirs)
    return [
      { choice: 'mine', label: 'Keep mine', description: 'Put your version back on the server.' },
      {
        choice: 'theirs',
        label: 'Keep theirs',
        description: 'Leave the post deleted: your changes are dropped.',
      },
    ]
  return [
    { choice: 'mine', label: 'Keep mine', description: 'Save your version over the one on the server.' },
    {
      choice: 'theirs',
      label: 'Keep theirs',
      description: 'Drop your changes and use the server’s version.',
    },
    {
      choice: 'both',
      label: 'Keep both',
      description: 'Leave the server’s version as it is and save yours as a copy with a new slug.',
    },
  ]
}

const maxSlugLength = 200

/** `<slug>-copy`, then `<slug>-copy-2`, `-copy-3`…, shortened so the result stays a valid slug. */
export function copySlugCandidate(slug: string, attempt: number): string {
  const suffix = attempt <= 1 ? '-copy' : `-copy-${attempt}`
  const base = slug.slice(0, maxSlugLength - suffix.length).replace(/-+$/, '')
  return `${base || 'post'}${suffix}`
}

/** The first copy slug nobody uses, asking `isTaken` for each candidate in turn. */
export async function freeCopySlug(
  slug: string,
  isTaken: (candidate: string) => Promise<boolean>,
  maxAttempts = 100,
): Promise<string> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const candidate = copySlugCandidate(slug, attempt)
    if (!(await isTaken(candidate))) return candidate
  }
  throw new Error(`No free slug for a copy of “${slug}” after ${maxAttempts} tries: choose one by hand.`)
}
