import { brand } from '@shared/config/brand.ts'
import { sanitizeHtml } from '@shared/lib/sanitize-html.ts'
import { Alert } from '@shared/ui/Alert.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { GeneratedCover } from '@shared/ui/GeneratedCover.tsx'
import '@shared/ui/post-content.css'
import { authorOrDefault, longDate } from '@site/features/blog/post-format.ts'
import { usePost } from '@site/features/blog/usePost.ts'
import { Component as NotFoundPage } from '@site/pages/NotFoundPage.tsx'
import { useEffect, useMemo } from 'react'
import { Link, useParams } from 'react-router-dom'

/** /post/{slug}: one published post. Unknown slugs and drafts show the not-found page. */
export function Component() {
  const { slug = '' } = useParams()
  const { state, retry } = usePost(slug)
  const post = state.status === 'found' ? state.post : null
  // Sanitised again on render: content can also arrive through the API, not only through the admin.
  const body = useMemo(() => (post ? sanitizeHtml(post.content ?? '') : ''), [post])

  useEffect(() => {
    if (post) document.title = `${post.title} | ${brand.name}`
  }, [post])

  if (state.status === 'missing') return <NotFoundPage />

  if (state.status === 'error') {
    return (
      <div className="mx-auto max-w-3xl px-6 py-24">
        <Alert variant="destructive" title="We couldn't load this post.">
          <p>Please check your connection and try again.</p>
          <Button size="sm" variant="outline" className="mt-3" onClick={retry}>
            Try again
          </Button>
        </Alert>
      </div>
    )
  }

  if (!post) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-6 py-24 text-center text-ink-500">
        Loading...
      </p>
    )
  }

  return (
    <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <header>
        {/* A reader who arrived from a shared link has no other way back to the list than the menu. */}
        <Link
          to="/resources"
          className="mb-6 inline-flex min-h-6 items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900"
        >
          <span aria-hidden="true">←</span> All resources
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-4 text-ink-600">
          <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
          <span aria-hidden="true"> · </span>
          By <span className="font-medium text-ink-800">{authorOrDefault(post.author)}</span>
        </p>
      </header>
      {post.cover_image_url ? (
        <img
          src={post.cover_image_url}
          alt={`Cover image for ${post.title}`}
          className="mt-8 max-h-[500px] w-full rounded-xl bg-ink-100 object-cover"
        />
      ) : (
        // Spec §2: no cover shows a placeholder; it is drawn from the post's type and title.
        <GeneratedCover
          title={post.title}
          type={post.type}
          className="mt-8 aspect-[21/9] max-h-[500px] w-full rounded-xl"
        />
      )}
      <div
        className="post-content mt-10"
        data-testid="post-content"
        dangerouslySetInnerHTML={{ __html: body }}
      />
    </article>
  )
}
