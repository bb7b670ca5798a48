import { longDate } from '../lib/dates.ts'
import { useMemo } from 'react'
import { brand } from '../config/brand.ts'
import { formatPublishAt } from '../lib/publish-time.ts'
import { sanitizeHtml } from '../lib/sanitize-html.ts'
import { GeneratedCover } from '../ui/GeneratedCover.tsx'
import '../ui/post-content.css'

/**
 * The post as the public page at /post/{slug} shows it: title, long date, "By" and the author (the brand's
 * author when empty), the cover (at most 500 px high) and the sanitised body in the same typography.
 */
export function PostPreview({
  title,
  author,
  coverImageUrl,
  html,
  createdAt,
  type,
  scheduledFor = null,
  unsaved = true,
}: {
  title: string
  type: 'blog' | 'case study' | 'ebook'
  author: string
  coverImageUrl: string
  html: string
  /** The post's date; a new post shows today's. */
  createdAt: string | null
  /** A scheduled post's publish time, said above the preview (null: not scheduled). */
  scheduledFor?: string | null
  /** The form differs from what is saved (or was never saved): the preview says so. */
  unsaved?: boolean
}) {
  const body = useMemo(() => sanitizeHtml(html), [html])
  const date = createdAt ?? new Date().toISOString()
  return (
    <article aria-label="Preview" className="mx-auto max-w-3xl px-1 py-4 sm:px-4" data-testid="post-preview">
      {unsaved && (
        <p className="mb-6 mr-2 inline-flex rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
          Preview: not saved yet
        </p>
      )}
      {scheduledFor && (
        <p className="mb-6 inline-flex rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-200">
          Scheduled for {formatPublishAt(scheduledFor)}
        </p>
      )}
      <h2 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title.trim() || 'Untitled post'}
      </h2>
      <p className="mt-4 text-slate-600">
        <time dateTime={date}>{longDate(date)}</time>
        <span aria-hidden="true"> · </span>
        By <span className="font-medium text-slate-800">{author.trim() || brand.defaultAuthor}</span>
      </p>
      {coverImageUrl ? (
        <img
          src={coverImageUrl}
          alt={`Cover image for ${title}`}
          className="mt-8 max-h-[500px] w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : (
        <GeneratedCover
          title={title}
          type={type}
          className="mt-8 aspect-[21/9] max-h-[500px] w-full rounded-xl"
        />
      )}
      <div className="post-content mt-10" dangerouslySetInnerHTML={{ __html: body }} />
    </article>
  )
}
