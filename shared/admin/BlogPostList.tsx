import { useEffect, useId, useState } from 'react'
import { adminPageSize } from '../data/blogs.ts'
import { formatTags } from '../lib/tags.ts'
import type { BlogListItem } from '../schemas/blog.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { conflictOf } from './BlogEditorForm.utils.ts'
import { rowSyncState, syncStateBadges } from './BlogPostList.utils.ts'
import { useBlogStore } from './useBlogStore.ts'

export const deleteConfirmText = 'Are you sure you want to delete this blog post?'

/** Typing settles for this long before the list is queried again. */
const searchDebounceMs = 250

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
}

/** "All Blog Posts": server-side search, sort and pagination, 5 per page (spec §2, §9). */
export function BlogPostList({ reloadKey, onEdit, onDeleted, onStatus }: BlogPostListProps) {
  const store = useBlogStore()
  const searchId = useId()
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [ascending, setAscending] = useState(false)
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<BlogListItem[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const [deletedCount, setDeletedCount] = useState(0)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), searchDebounceMs)
    return () => clearTimeout(timer)
  }, [searchText])

  useEffect(() => {
    let current = true
    setLoading(true)
    store
      .listPosts({ search, ascending, page, pageSize: adminPageSize })
      .then((result) => {
        if (!current) return
        // Deleting the last row of the last page leaves an empty page: step back to one that exists.
        if (result.rows.length === 0 && page > 1 && result.total > 0) {
          setPage(pageCount(result.total, adminPageSize))
          return
        }
        setRows(result.rows)
        setTotal(result.total)
      })
      // Spec §8: a failed list load shows nothing and leaves the list as it was.
      .catch((err: unknown) => console.error('Loading the blog post list failed', err))
      .finally(() => current && setLoading(false))
    return () => {
      current = false
    }
  }, [store, search, ascending, page, reloadKey, deletedCount])

  const pages = pageCount(total, adminPageSize)

  async function remove(post: BlogListItem) {
    if (!window.confirm(deleteConfirmText)) return
    try {
      // Deletes the post as this row shows it: if someone changed it since, nothing is deleted.
      await store.delete({ id: post.id, version: post.version })
      onStatus('✅ Blog deleted successfully!')
      onDeleted?.(post.id)
      setDeletedCount((n) => n + 1)
    } catch (err) {
      onStatus(`❌ Failed to delete blog: ${err instanceof Error ? err.message : String(err)}`)
      // A lost race: show the post as it is now, so the editor decides again on what is really there.
      if (conflictOf(err)) setDeletedCount((n) => n + 1)
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>All Blog Posts</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={searchId} className="sr-only">
            Search posts
          </label>
          <Input
            id={searchId}
            type="search"
            className="sm:w-72"
            placeholder="Search by title, slug, or author..."
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value)
              setPage(1)
            }}
          />
          <Button variant="outline" onClick={() => setAscending((a) => !a)}>
            {ascending ? 'Sort: Oldest' : 'Sort: Newest'}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={loading}>
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Title
                </th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                  Slug
                </th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                  Author
                </th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                  Tags
                </th>
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((post) => {
                const syncState = rowSyncState(post)
                return (
                  <tr key={post.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 font-medium text-slate-900">
                      {post.title}
                      {post.status === 'draft' && (
                        <Badge variant="warning" className="ml-2">
                          Draft
                        </Badge>
                      )}
                      {syncState && (
                        <Badge
                          variant={syncStateBadges[syncState].variant}
                          className="ml-2 whitespace-nowrap"
                          data-testid="row-sync-state"
                        >
                          {syncStateBadges[syncState].label}
                        </Badge>
                      )}
                    </td>
                    {/* On a phone every column would squeeze the title to a word per line: keep title, date and actions. */}
                    <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">{post.slug}</td>
                    <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">{post.author}</td>
                    <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">{formatTags(post.tags)}</td>
                    <td className="whitespace-nowrap py-2 pr-3 text-slate-600">
                      {new Date(post.created_at).toLocaleDateString('en-US')}
                    </td>
                    <td className="py-2">
                      <div className="flex flex-col gap-1.5 sm:flex-row sm:gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => onEdit(post.slug)}
                          aria-label={`Edit ${post.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() => void remove(post)}
                          aria-label={`Delete ${post.title}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                )
              })}
              {!loading && rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="py-6 text-center text-slate-500">
                    No blog posts found.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex items-center justify-between">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
