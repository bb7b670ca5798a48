import type { BlogListItem, BlogRow } from '@shared/schemas/blog.ts'
import { usePageData } from '@site/lib/page-data.tsx'
import { useCallback, useEffect, useState } from 'react'
import { fetchPost } from './posts-api.ts'

export type PostState =
  | { status: 'loading' }
  | { status: 'found'; post: BlogRow; related: BlogListItem[] }
  | { status: 'missing' }
  | { status: 'error' }

/**
 * One published post and the posts to read next; "missing" for an unknown slug or a draft, "error" when it could not be loaded. The
 * post the server rendered the page with is used as it is (no second fetch); any other slug (client-side
 * navigation) is read from the server's JSON endpoint.
 */
export function usePost(slug: string) {
  const { post: embedded } = usePageData()
  const fromServer = embedded?.slug === slug
  const initial = useCallback(
    (): PostState =>
      fromServer
        ? embedded.row
          ? { status: 'found', post: embedded.row, related: embedded.related ?? [] }
          : { status: 'missing' }
        : { status: 'loading' },
    [fromServer, embedded],
  )
  const [result, setResult] = useState<{ slug: string; attempt: number; state: PostState }>(() => ({
    slug,
    attempt: 0,
    state: initial(),
  }))
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (fromServer && attempt === 0) return
    const controller = new AbortController()
    fetchPost(slug, controller.signal)
      .then((found) =>
        setResult({
          slug,
          attempt,
          state: found ? { status: 'found', ...found } : { status: 'missing' },
        }),
      )
      .catch((err: unknown) => {
        if (controller.signal.aborted) return
        console.error('Loading the post failed', err)
        setResult({ slug, attempt, state: { status: 'error' } })
      })
    return () => controller.abort()
  }, [slug, attempt, fromServer])

  // A result for another slug or an earlier attempt is not this one's: loading until it arrives.
  const state =
    result.slug === slug && result.attempt === attempt
      ? result.state
      : attempt === 0
        ? initial()
        : { status: 'loading' as const }
  const retry = useCallback(() => setAttempt((a) => a + 1), [])
  return { state, retry }
}
