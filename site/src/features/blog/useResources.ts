import { resourcesPageSize, type ResourcesQuery, type ResourceTypeParam } from '@shared/lib/resource-query.ts'
import type { BlogListItem } from '@shared/schemas/blog.ts'
import { usePageData } from '@site/lib/page-data.tsx'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchPostList } from './posts-api.ts'

export { resourcesPageSize }

export interface ResourcesState {
  /** 'loading': a new type or search is on its way (the cards shown are the previous ones until it lands). */
  status: 'loading' | 'ready' | 'error'
  /** The type and search the cards are for (null before the first list arrived). */
  key: string | null
  posts: BlogListItem[]
  total: number
  /** Pages of cards held (what `page` in the address says once "Load more" finished). */
  pages: number
  loadingMore: boolean
}

const keyOf = (type: ResourceTypeParam, q: string) => `${type}\n${q}`

/** Pages 1 to `pages` of a type and search, in one list (duplicates dropped: a post may move between pages). */
async function loadPages(type: ResourceTypeParam, q: string, pages: number, signal: AbortSignal) {
  const results = await Promise.all(
    Array.from({ length: pages }, (_, i) => fetchPostList({ type, q, page: i + 1 }, signal)),
  )
  const posts: BlogListItem[] = []
  for (const result of results)
    for (const post of result.posts) if (!posts.some((p) => p.id === post.id)) posts.push(post)
  return { posts, total: results.at(-1)?.total ?? 0 }
}

/**
 * The cards of the resources page for the state in the address (`type`, `q`, `page`). The list the server
 * rendered the page with is used as it is; a new type or search asks the server's JSON endpoint, keeping the
 * previous cards on screen until the answer arrives (nothing jumps); "Load more" appends the next page.
 */
export function useResources(query: ResourcesQuery) {
  const { resources: embedded } = usePageData()
  const key = keyOf(query.type, query.q)
  const [state, setState] = useState<ResourcesState>(() =>
    // The server's list, unless the address asks for more pages than it holds (back to a longer list).
    embedded && keyOf(embedded.query.type, embedded.query.q) === key && embedded.query.page >= query.page
      ? {
          status: 'ready',
          key,
          posts: embedded.posts,
          total: embedded.total,
          pages: embedded.query.page,
          loadingMore: false,
        }
      : { status: 'loading', key: null, posts: [], total: 0, pages: 0, loadingMore: false },
  )
  const [attempt, setAttempt] = useState(0)
  const held = useRef(state)
  held.current = state
  const wantedPages = useRef(query.page)
  wantedPages.current = query.page

  // A new type or search (or a retry): its first pages, replacing the cards once they arrive.
  useEffect(() => {
    if (held.current.key === key && held.current.status === 'ready') return
    const controller = new AbortController()
    const pages = Math.max(1, wantedPages.current)
    setState((s) => ({ ...s, status: 'loading', loadingMore: false }))
    loadPages(query.type, query.q, pages, controller.signal)
      .then(({ posts, total }) => setState({ status: 'ready', key, posts, total, pages, loadingMore: false }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return
        console.error('Loading resources failed', err)
        setState((s) => ({ ...s, status: 'error', loadingMore: false }))
      })
    return () => controller.abort()
  }, [key, query.type, query.q, attempt])

  // The next page, asked for once "Load more" comes near (a tap then appends at once: cards arriving long
  // after the tap would push down what the reader is looking at); a failed request is asked again.
  const ahead = useRef<{ key: string | null; page: number; result: ReturnType<typeof fetchPostList> } | null>(
    null,
  )
  const nextPage = useCallback(
    (current: ResourcesState) => {
      const page = current.pages + 1
      if (ahead.current?.key !== current.key || ahead.current.page !== page) {
        const result = fetchPostList({ type: query.type, q: query.q, page })
        ahead.current = { key: current.key, page, result }
        result.catch(() => {
          if (ahead.current?.result === result) ahead.current = null
        })
      }
      return ahead.current.result
    },
    [query.type, query.q],
  )

  /** Asks for the next page before "Load more" is tapped. */
  const prefetchMore = useCallback(() => {
    const current = held.current
    if (current.status === 'ready' && current.posts.length < current.total) nextPage(current).catch(() => {})
  }, [nextPage])

  /** Appends the next page; resolves with the number of pages now held (null when it failed). */
  const loadMore = useCallback(async (): Promise<number | null> => {
    const current = held.current
    if (current.status !== 'ready' || current.loadingMore) return null
    const page = current.pages + 1
    setState((s) => ({ ...s, loadingMore: true }))
    try {
      const result = await nextPage(current)
      if (held.current.key !== current.key) return null
      setState((s) => ({
        ...s,
        posts: [...s.posts, ...result.posts.filter((row) => !s.posts.some((p) => p.id === row.id))],
        total: result.total,
        pages: page,
        loadingMore: false,
      }))
      return page
    } catch (err) {
      console.error('Loading more resources failed', err)
      setState((s) => ({ ...s, status: 'error', loadingMore: false }))
      return null
    }
  }, [nextPage])

  const retry = useCallback(() => {
    setState((s) => ({ ...s, key: null }))
    setAttempt((a) => a + 1)
  }, [])
  return { state, loadMore, prefetchMore, retry }
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
