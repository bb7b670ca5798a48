import { listPublishedPosts } from '@shared/data/blogs.ts'
import { getBrowserSupabase } from '@shared/data/client.ts'
import type { BlogListItem, BlogType } from '@shared/schemas/blog.ts'
import { useCallback, useEffect, useState } from 'react'

export type ResourceFilter = BlogType | 'all'

export const resourcesPageSize = 9

export type ResourcesState =
  | { status: 'loading'; posts: BlogListItem[]; total: number }
  | { status: 'ready'; posts: BlogListItem[]; total: number; loadingMore: boolean }
  | { status: 'error'; posts: BlogListItem[]; total: number }

/**
 * Published posts for the resources page, queried on the server (search + type filter, 9 at a time).
 * A newer query wins over a slower older one; a failure is logged and offered for retry.
 */
export function useResources(search: string, filter: ResourceFilter) {
  const [state, setState] = useState<ResourcesState>({ status: 'loading', posts: [], total: 0 })
  const [page, setPage] = useState(1)
  const [attempt, setAttempt] = useState(0)

  // A new query starts again from the first page.
  useEffect(() => setPage(1), [search, filter])

  useEffect(() => {
    let current = true
    setState((s) =>
      page === 1
        ? { status: 'loading', posts: [], total: 0 }
        : { status: 'ready', posts: s.posts, total: s.total, loadingMore: true },
    )
    getBrowserSupabase()
      .then((client) =>
        listPublishedPosts(client, { search, type: filter, page, pageSize: resourcesPageSize }),
      )
      .then((result) => {
        if (!current) return
        setState((s) => ({
          status: 'ready',
          posts:
            page === 1
              ? result.rows
              : [...s.posts, ...result.rows.filter((row) => !s.posts.some((p) => p.id === row.id))],
          total: result.total,
          loadingMore: false,
        }))
      })
      .catch((err: unknown) => {
        if (!current) return
        console.error('Loading resources failed', err)
        setState((s) => ({ status: 'error', posts: s.posts, total: s.total }))
      })
    return () => {
      current = false
    }
  }, [search, filter, page, attempt])

  const loadMore = useCallback(() => setPage((p) => p + 1), [])
  const retry = useCallback(() => setAttempt((a) => a + 1), [])
  return { state, loadMore, retry }
}

/** The value after it stopped changing for `delayMs` (search as you type without a query per key). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}
