import { brand } from '../config/brand.ts'
import { extensionFor } from '../lib/content-types.ts'
import { excerptForPost } from '../lib/excerpt.ts'
import { slugFromTitle } from '../lib/slug.ts'
import { fromLocalInput, toLocalInput } from '../lib/publish-time.ts'
import { formatTags, parseTags } from '../lib/tags.ts'
import type { BlogInput, BlogRow, BlogStatus, BlogType } from '../schemas/blog.ts'
import { PostConflictError } from '../data/blogs.ts'

/** What the form holds: tags as one comma-separated string (spec §3). */
export interface BlogFormValues {
  title: string
  slug: string
  author: string
  type: BlogType
  status: BlogStatus
  excerpt: string
  tags: string
  coverImageUrl: string
  contentHtml: string
  /** Null when the post has only HTML (the editor then opens the HTML). */
  contentMarkdown: string | null
  /** When a scheduled post goes live: an `<input type="datetime-local">` value in the editor's time zone. */
  publishAt: string
}

/** The post being edited, and the version it was opened at; null while writing a new one. */
export interface EditingPost {
  id: string
  slug: string
  /** Saves name it, so an edit that lost a race is refused rather than written over someone else's. */
  version: number
}

export function emptyFormValues(): BlogFormValues {
  return {
    title: '',
    slug: '',
    author: brand.defaultAuthor,
    type: 'blog',
    status: 'published',
    excerpt: '',
    tags: '',
    coverImageUrl: '',
    contentHtml: '',
    contentMarkdown: '',
    publishAt: '',
  }
}

/** The fields of a post (or of one of its saved revisions) that the form shows. */
export type PostFormFields = Pick<
  BlogRow,
  | 'title'
  | 'slug'
  | 'author'
  | 'type'
  | 'status'
  | 'excerpt'
  | 'tags'
  | 'cover_image_url'
  | 'content'
  | 'content_markdown'
  | 'publish_at'
>

/** When a scheduled post goes out (ISO), or null for a draft, a published post or no valid time yet. */
export function scheduledFor(values: BlogFormValues): string | null {
  return values.status === 'scheduled' ? fromLocalInput(values.publishAt) : null
}

/** Spec §4: Edit loads a post into the form with tags joined by comma and space. */
export function formValuesFromPost(post: PostFormFields): BlogFormValues {
  return {
    title: post.title,
    slug: post.slug,
    author: post.author ?? '',
    type: post.type ?? 'blog',
    status: post.status,
    excerpt: post.excerpt ?? '',
    tags: formatTags(post.tags),
    coverImageUrl: post.cover_image_url ?? '',
    contentHtml: post.content ?? '',
    contentMarkdown: post.content_markdown,
    publishAt: toLocalInput(post.publish_at),
  }
}

/** Spec §5: typing a title sets the slug, even after the slug was edited by hand. */
export function withTitle(values: BlogFormValues, title: string): BlogFormValues {
  return { ...values, title, slug: slugFromTitle(title) }
}

/** What the store saves: tags parsed, HTML sanitised again, an empty excerpt derived from the content. */
export function blogInputFromForm(values: BlogFormValues, sanitize: (html: string) => string): BlogInput {
  const content = sanitize(values.contentHtml)
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    author: values.author.trim(),
    type: values.type,
    status: values.status,
    excerpt: excerptForPost(values.excerpt, content) || null,
    tags: parseTags(values.tags),
    cover_image_url: values.coverImageUrl.trim() || null,
    content,
    content_markdown: values.contentMarkdown,
    publish_at: scheduledFor(values),
  }
}

/** The first missing required field (spec §5: title, slug and author), as a message. */
export function missingRequiredField(values: BlogFormValues): string | null {
  if (values.title.trim() === '') return 'Title is required.'
  if (values.slug.trim() === '') return 'Slug is required.'
  if (values.author.trim() === '') return 'Author is required.'
  if (values.status === 'scheduled' && !fromLocalInput(values.publishAt))
    return 'Choose the date and time to publish.'
  return null
}

export function sameFormValues(a: BlogFormValues, b: BlogFormValues): boolean {
  return (Object.keys(a) as Array<keyof BlogFormValues>).every((key) => a[key] === b[key])
}

/** Editor links (spec §5): http, https, mailto and tel only. */
export function isEditorLink(url: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\-.\s]+)$/i.test(url.trim())
}

/** Editor image upload (spec §5): png, gif, jpeg, bmp and x-icon. */
export const editorImageTypes = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]

/** File extension for an image type; falls back to the file name's own extension. */
export function imageExtension(contentType: string, fileName = ''): string {
  const known = extensionFor(contentType)
  if (known) return known
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]
  return (fromName ?? 'bin').toLowerCase()
}

export const draftStorageKey = 'meridian.blog-admin.draft'

/** The unsaved form, kept in localStorage so a reload or a crash does not lose it. */
export interface StoredDraft {
  values: BlogFormValues
  editing: EditingPost | null
  savedAt: string
}

export function readDraft(storage: Pick<Storage, 'getItem'>): StoredDraft | null {
  try {
    const raw = storage.getItem(draftStorageKey)
    if (!raw) return null
    const draft = JSON.parse(raw) as StoredDraft
    if (typeof draft?.values?.title !== 'string' || typeof draft.savedAt !== 'string') return null
    // A draft kept before posts had versions: version 0 matches no stored post, so saving it shows the
    // comparison with the server's copy instead of writing over it.
    const editing = draft.editing
      ? { ...draft.editing, version: typeof draft.editing.version === 'number' ? draft.editing.version : 0 }
      : null
    return { ...draft, editing, values: { ...emptyFormValues(), ...draft.values } }
  } catch {
    return null
  }
}

export function writeDraft(storage: Pick<Storage, 'setItem'>, draft: StoredDraft): void {
  try {
    storage.setItem(draftStorageKey, JSON.stringify(draft))
  } catch {
    // A full or disabled storage only loses the safety net, never the form itself.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(draftStorageKey)
  } catch {
    // Same as above: nothing to do.
  }
}

/**
 * A save or delete that lost a race (`PostConflictError`, or its `code` when the error crossed a boundary
 * that drops classes): the server's copy now, null when the post was deleted there. Null for other errors.
 */
export function conflictOf(err: unknown): { theirs: BlogRow | null } | null {
  if (err instanceof PostConflictError) return { theirs: err.theirs }
  if (err && typeof err === 'object' && (err as { code?: unknown }).code === 'conflict') {
    const theirs = (err as { theirs?: BlogRow | null }).theirs
    return { theirs: theirs ?? null }
  }
  return null
}
