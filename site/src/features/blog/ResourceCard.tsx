import type { BlogListItem } from '@shared/schemas/blog.ts'
import { Badge } from '@shared/ui/Badge.tsx'
import { CoverImage } from '@shared/ui/CoverImage.tsx'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import { longDate, typeLabel } from './post-format.ts'

/**
 * `priority`: the first card, whose cover is the largest thing a phone shows first: loaded at once.
 * `heading`: the level of the card's title in its page (h3 under a section's own h2).
 */
export function ResourceCard({
  post,
  priority = false,
  heading: Heading = 'h2',
}: {
  post: BlogListItem
  priority?: boolean
  heading?: 'h2' | 'h3'
}) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-ink-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <CoverImage
        coverUrl={post.cover_image_url}
        title={post.title}
        type={post.type}
        alt=""
        priority={priority}
        sizes="(min-width: 1024px) 384px, (min-width: 768px) 50vw, calc(100vw - 3rem)"
        className="aspect-video w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3 text-xs text-ink-500">
          <Badge>{typeLabel(post.type)}</Badge>
          <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
        </div>
        <Heading className="mt-3 text-lg font-semibold text-ink-900">{post.title}</Heading>
        {post.excerpt && <p className="mt-2 line-clamp-2 text-sm text-ink-600">{post.excerpt}</p>}
        <Link
          to={`/post/${post.slug}`}
          className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700 hover:text-brand-500"
          aria-label={`Read more: ${post.title}`}
        >
          {/* The title is in the link's text too (hidden), so crawlers as well as screen readers know where it goes. */}
          Read more<span className="sr-only">{`: ${post.title}`}</span>{' '}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      </div>
    </article>
  )
}
