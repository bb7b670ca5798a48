import { getPublishedPostBySlug } from '@shared/data/blogs.ts'
import { getBrowserSupabase } from '@shared/data/client.ts'
import type { BlogRow } from '@shared/schemas/blog.ts'
import { useCallback, useEffect, useState } from 'react'

export type PostState =
  { status: 'loading' } | { status: 'found'; post: BlogRow } | { status: 'missing' } | { status: 'error' }

/** One published post; "missing" for an unknown slug or a draft, "error" when it could not be loaded. */
export function usePost(slug: string) {
  const [state, setState] = useState<PostState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    getBrowserSupabase()
      .then((client) => getPublishedPostBySlug(client, slug))
      .then((post) => current && setState(post ? { status: 'found', post } : { status: 'missing' }))
      .catch((err: unknown) => {
        console.error('Loading the post failed', err)
        if (current) setState({ status: 'error' })
      })
    return () => {
      current = false
    }
  }, [slug, attempt])

  const retry = useCallback(() => setAttempt((a) => a + 1), [])
  return { state, retry }
}
