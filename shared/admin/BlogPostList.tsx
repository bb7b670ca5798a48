import { longDate } from '../lib/dates.ts'
import { ArrowDownUp, CalendarClock, FileSearch, Pencil, Plus, Search, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { adminPageSize } from '../data/blogs.ts'
import { formatTags } from '../lib/tags.ts'
import { adminStatusFilters, statusAt, type AdminStatusFilter, type BlogListItem } from '../schemas/blog.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'
import { ToggleGroup } from '../ui/ToggleGroup.tsx'
import { Input } from '../ui/Input.tsx'
import { conflictOf } from './BlogEditorForm.utils.ts'
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx'
import { Pager } from './Pager.tsx'
import { rowSyncState, scheduledLabel, statusFilterLabels, syncStateBadges } from './BlogPostList.utils.ts'
import { useAdminRole } from './useAdminRole.ts'
import { useAdminApi } from './useAdminApi.ts'

export const deleteConfirmText = 'Are you sure you want to delete this blog post?'

/** Typing settles for this long before the list is queried again. */
const searchDebounceMs = 250
/** The columns shown from 2xl up only, with their widths. */
const wideColumns = [
  ['Slug', 'w-40'],
  ['Author', 'w-32'],
  ['Tags', 'w-32'],
] as const

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export interface BlogPostListProps {
  /** Change to reload (after a save). */
  reloadKey: number | string
  onEdit(slug: string): void
  /** The id of the post just deleted. */
  onDeleted?(id: string): void
  onStatus(message: string): void
  /** Starts a new post (the pane's "New post"). */
  onNew?(): void
  /** The post open in the editor, marked in the list. */
  selectedId?: string | null
}

const quietIcon =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600'

/**
 * The list pane, "All Blog Posts": server-side search, sort and pagination, 5 per page (spec §2, §9). Every
 * column of the spec's table is there; while the pane is narrow, slug, author and tags sit on a line under
 * the title instead of in columns of their own. Edit and delete are quiet icons; delete asks first, naming
 * the post.
 */
export function BlogPostList({
  reloadKey,
  onEdit,
  onDeleted,
  onStatus,
  onNew,
  selectedId,
}: BlogPostListProps) {
  const admin = useAdminApi()
  const { mayEdit, mayDelete } = useAdminRole()
  const searchId = useId()
  const titleId = useId()
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [ascending, setAscending] = useState(false)
  const [status, setStatus] = useState<AdminStatusFilter>('all')
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<BlogListItem[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const [deletedCount, setDeletedCount] = useState(0)
  const [confirming, setConfirming] = useState<BlogListItem | null>(null)
  const [deleting, setDeleting] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), searchDebounceMs)
    return () => clearTimeout(timer)
  }, [searchText])

  useEffect(() => {
    let current = true
    setLoading(true)
    admin
      .listPosts({ search, ascending, status, page, pageSize: adminPageSize })
      .then((result) => {
        if (!current) return
        // Deleting the last row of the last page leaves an empty page: step back to one that exists.
        if (result.items.length === 0 && page > 1 && result.total > 0) {
          setPage(pageCount(result.total, adminPageSize))
          return
        }
        setRows(result.items)
        setTotal(result.total)
      })
      // Spec §8: a failed list load shows nothing and leaves the list as it was.
      .catch((err: unknown) => console.error('Loading the blog post list failed', err))
      .finally(() => current && setLoading(false))
    return () => {
      current = false
    }
  }, [admin, search, ascending, status, page, reloadKey, deletedCount])

  const pages = pageCount(total, adminPageSize)

  async function remove(post: BlogListItem) {
    setDeleting(true)
    try {
      // Deletes the post as this row shows it: if someone changed it since, nothing is deleted.
      await admin.deletePost(post.id, post.version)
      onStatus('✅ Blog deleted successfully!')
      onDeleted?.(post.id)
      setDeletedCount((n) => n + 1)
    } catch (err) {
      onStatus(`❌ Failed to delete blog: ${err instanceof Error ? err.message : String(err)}`)
      // A lost race: show the post as it is now, so the editor decides again on what is really there.
      if (conflictOf(err)) setDeletedCount((n) => n + 1)
    } finally {
      setDeleting(false)
      setConfirming(null)
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            All Blog Posts
          </h2>
          {onNew && (
            <Button size="sm" onClick={onNew} className="shrink-0">
              <Plus aria-hidden="true" className="size-4" /> New post
            </Button>
          )}
        </div>
        {/* The search box keeps room for its placeholder: in a narrow pane the sort moves under it. */}
        <div className="flex flex-wrap gap-2">
          <div className="relative min-w-[min(100%,15rem)] flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search posts
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id={searchId}
              type="search"
              className="h-9 pl-9"
              placeholder="Search by title, slug, or author..."
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value)
                setPage(1)
              }}
            />
          </div>
          <Button
            variant="outline"
            size="sm"
            className="h-9 shrink-0"
            onClick={() => setAscending((a) => !a)}
          >
            <ArrowDownUp aria-hidden="true" className="size-4 text-slate-500" />
            {ascending ? 'Sort: Oldest' : 'Sort: Newest'}
          </Button>
        </div>
        <ToggleGroup
          look="tabs"
          label="Filter by status"
          options={adminStatusFilters}
          value={status}
          onChange={(filter) => {
            setStatus(filter)
            setPage(1)
          }}
          optionLabel={(filter) => statusFilterLabels[filter]}
        />
      </div>
      {!loading && rows.length === 0 ? (
        // Nothing to list: a message with what to do next in place of an empty table.
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-12 text-center">
          <FileSearch aria-hidden="true" className="size-11 rounded-full bg-slate-100 p-3 text-slate-500" />
          <p className="font-medium text-slate-900">No blog posts found.</p>
          <p className="max-w-64 text-sm text-slate-600">
            {search || status !== 'all'
              ? 'Try other words, or another status.'
              : 'Posts you write appear here.'}
          </p>
        </div>
      ) : (
        <div className="relative min-h-0 flex-1 overflow-auto">
          <table className="w-full table-fixed text-left text-sm" aria-busy={loading}>
            <thead className="sticky top-0 z-10 bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 pl-4 font-medium">
                  Title
                </th>
                {wideColumns.map(([name, width]) => (
                  <th
                    key={name}
                    scope="col"
                    className={cx('hidden py-2 pr-3 font-medium 2xl:table-cell', width)}
                  >
                    {name}
                  </th>
                ))}
                {/* Beside the editor (1024 px up) the pane is narrow: the date folds under the title until 2xl. */}
                <th scope="col" className="w-28 py-2 pr-3 font-medium max-sm:hidden lg:hidden 2xl:table-cell">
                  Date
                </th>
                <th scope="col" className="w-20 py-2 pr-3 text-right font-medium">
                  <span className="sr-only sm:not-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((post) => {
                const syncState = rowSyncState(post)
                const liveStatus = statusAt(post)
                const selected = post.id === selectedId
                const tags = formatTags(post.tags)
                return (
                  <tr
                    key={post.id}
                    data-opens-detail=""
                    aria-current={selected ? 'true' : undefined}
                    className={cx('group align-top', selected ? 'bg-indigo-50/70' : 'hover:bg-slate-50')}
                  >
                    <td
                      className={cx(
                        'py-3 pr-3 pl-4',
                        selected && 'shadow-[inset_3px_0_0_var(--color-indigo-600)]',
                      )}
                    >
                      {/* Two lines at most; the whole title on hover and in the editor (Edit). */}
                      <span
                        data-testid="post-title"
                        title={post.title}
                        className="line-clamp-2 font-medium text-slate-900"
                      >
                        {post.title}
                      </span>
                      {/* Status and date on one line (the date has no column of its own on a phone or beside
                        the editor). */}
                      <span className="mt-1 flex flex-wrap items-center gap-1.5">
                        {liveStatus === 'draft' && <Badge variant="warning">Draft</Badge>}
                        {liveStatus === 'scheduled' && post.publish_at && (
                          <Badge data-testid="row-scheduled" className="gap-1">
                            <CalendarClock aria-hidden="true" className="size-3" />
                            {scheduledLabel(post.publish_at)}
                          </Badge>
                        )}
                        {syncState && (
                          <Badge
                            variant={syncStateBadges[syncState].variant}
                            className="whitespace-nowrap"
                            data-testid="row-sync-state"
                          >
                            {syncStateBadges[syncState].label}
                          </Badge>
                        )}
                        <time
                          dateTime={post.created_at}
                          className="text-xs text-slate-600 sm:max-lg:hidden 2xl:hidden"
                        >
                          {longDate(post.created_at, 'local')}
                        </time>
                      </span>
                      {/* The slug, author and tags columns, folded under the title while the pane is narrow. */}
                      <span
                        className="mt-1 block truncate text-xs text-slate-600 2xl:hidden"
                        title={[post.author, tags].filter(Boolean).join(' · ')}
                      >
                        {post.author}
                        {tags && ` · ${tags}`}
                      </span>
                      <span
                        className="block truncate font-mono text-[11px] text-slate-600 2xl:hidden"
                        title={`/${post.slug}`}
                      >
                        /{post.slug}
                      </span>
                    </td>
                    <td className="hidden truncate py-3 pr-3 text-slate-600 2xl:table-cell">{post.slug}</td>
                    <td className="hidden truncate py-3 pr-3 text-slate-600 2xl:table-cell">{post.author}</td>
                    <td className="hidden truncate py-3 pr-3 text-slate-600 2xl:table-cell">{tags}</td>
                    <td className="py-3 pr-3 text-xs text-slate-600 max-sm:hidden lg:hidden 2xl:table-cell">
                      <time dateTime={post.created_at}>{longDate(post.created_at, 'local')}</time>
                    </td>
                    <td className="py-2 pr-2">
                      <div className="flex justify-end gap-0.5">
                        {/* Only what the role may do: a contributor edits their own drafts and deletes nothing. */}
                        {mayEdit(post) && (
                          <button
                            type="button"
                            onClick={() => onEdit(post.slug)}
                            aria-label={`Edit ${post.title}`}
                            title="Edit"
                            className={cx(quietIcon, 'hover:bg-slate-100 hover:text-slate-900')}
                          >
                            <Pencil aria-hidden="true" className="size-4" />
                          </button>
                        )}
                        {mayDelete && (
                          <button
                            type="button"
                            onClick={() => setConfirming(post)}
                            aria-label={`Delete ${post.title}`}
                            title="Delete"
                            className={cx(quietIcon, 'hover:bg-red-50 hover:text-red-700')}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={page}
        pageCount={pages}
        onPage={setPage}
        className="justify-between gap-2 border-t border-slate-200 px-4 py-3"
      />
      <ConfirmDeleteDialog
        postTitle={confirming?.title ?? null}
        question={deleteConfirmText}
        busy={deleting}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
      />
    </section>
  )
}
