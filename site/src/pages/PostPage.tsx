import { brand } from '@shared/config/brand.ts'
import { LoadFailed } from '@site/features/blog/LoadFailed.tsx'
import { CoverImage } from '@shared/ui/CoverImage.tsx'
import { authorOrDefault, longDate } from '@site/features/blog/post-format.ts'
import { ReadNext } from '@site/features/blog/ReadNext.tsx'
import { usePost } from '@site/features/blog/usePost.ts'
import { CtaBand } from '@site/features/marketing/CtaBand.tsx'
import { Component as NotFoundPage } from '@site/pages/NotFoundPage.tsx'
import { useEffect } from 'react'
import { Link, useParams } from 'react-router-dom'

/**
 * /post/{slug}: one published post, rendered on the server with its data embedded (server/web/public-pages.ts),
 * then two or three posts to read next and the call to action that leads to the lead form.
 * Unknown slugs and drafts show the not-found page. The body arrives sanitised by the server (the page and
 * the JSON endpoint both run it through the shared allow-list), so no sanitiser ships to the browser.
 */
export function Component() {
  const { slug = '' } = useParams()
  const { state, retry } = usePost(slug)
  const post = state.status === 'found' ? state.post : null

  useEffect(() => {
    if (post) document.title = `${post.title} | ${brand.name}`
  }, [post])

  if (state.status === 'missing') return <NotFoundPage />

  if (state.status === 'error') {
    return (
      <div className="mx-auto max-w-3xl px-6 py-24">
        <LoadFailed title="We couldn't load this post." onRetry={retry} />
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
    <>
      <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
        <header>
          {/* A reader who arrived from a shared link has no other way back to the list than the menu. */}
          <Link
            to="/resources"
            reloadDocument
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
        {/* Spec §2: no cover shows a placeholder; it is drawn from the post's type and title. */}
        <CoverImage
          coverUrl={post.cover_image_url}
          title={post.title}
          type={post.type}
          // The column: 720 px from 768 px up, the screen less the page's 24 px margins below (as body images).
          sizes="(min-width: 48rem) 45rem, calc(100vw - 3rem)"
          priority
          className="mt-8 aspect-video max-h-[500px] w-full rounded-xl"
        />
        <div
          className="post-content mt-10"
          data-testid="post-content"
          dangerouslySetInnerHTML={{ __html: post.content ?? '' }}
        />
      </article>
      {/* A post ends with where to go next: more reading, then the lead form. */}
      <ReadNext posts={state.status === 'found' ? state.related : []} />
      <CtaBand
        title="Build Your Tech Team in India with Us"
        text="Liked what you read? Tell us what you need: we reply within 24 hours and can have your first engineers hired in 2 weeks."
      />
    </>
  )
}
