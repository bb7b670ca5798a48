import type { BlogListItem } from '@shared/schemas/blog.ts'
import { Badge } from '@shared/ui/Badge.tsx'
import { CoverImage } from '@shared/ui/CoverImage.tsx'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import { blogTypeLabel } from '@shared/lib/post-types.ts'
import { longDate } from './post-format.ts'

/** Where a card spans its whole row it lies on its side: the cover left, the text right. */
function wideClasses(wide: { md: boolean; lg: boolean }) {
  const card = [wide.md && 'md:flex-row', wide.lg ? 'lg:flex-row' : wide.md && 'lg:flex-col']
  const cover = [
    wide.md && 'md:aspect-auto md:min-h-64 md:w-1/2',
    wide.lg ? 'lg:aspect-auto lg:min-h-72 lg:w-1/2' : wide.md && 'lg:aspect-video lg:min-h-0 lg:w-full',
  ]
  const join = (parts: (string | false)[]) => parts.filter(Boolean).join(' ')
  return { card: join(card), cover: join(cover) }
}

/**
 * `priority`: the first card, whose cover is the largest thing a phone shows first: loaded at once.
 * `heading`: the level of the card's title in its page (h3 under a section's own h2).
 * `featured`: the newest post at the top of the grid, with a larger title and excerpt.
 * `wide`: the widths at which the card spans its whole row (from 768 px, from 1024 px).
 */
export function ResourceCard({
  post,
  priority = false,
  heading: Heading = 'h2',
  featured = false,
  wide = { md: false, lg: false },
}: {
  post: BlogListItem
  priority?: boolean
  heading?: 'h2' | 'h3'
  featured?: boolean
  wide?: { md: boolean; lg: boolean }
}) {
  const layout = wideClasses(wide)
  return (
    <article
      data-featured={featured || undefined}
      className={`group flex w-full flex-col overflow-hidden rounded-xl border border-ink-200 bg-white shadow-sm transition-shadow hover:shadow-md ${layout.card}`}
    >
      <CoverImage
        coverUrl={post.cover_image_url}
        title={post.title}
        type={post.type}
        alt=""
        priority={priority}
        sizes={
          wide.md || wide.lg
            ? '(min-width: 1024px) 600px, (min-width: 768px) 50vw, calc(100vw - 3rem)'
            : '(min-width: 1024px) 384px, (min-width: 768px) 50vw, calc(100vw - 3rem)'
        }
        className={`aspect-video w-full shrink-0 ${layout.cover}`}
      />
      <div className={`flex flex-1 flex-col ${featured ? 'p-6 lg:p-8' : 'p-5'}`}>
        <div className="flex items-center gap-3 text-xs text-ink-500">
          <Badge>{blogTypeLabel(post.type)}</Badge>
          <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
        </div>
        <Heading
          className={`mt-3 font-semibold text-ink-900 ${featured ? 'text-xl tracking-tight text-balance md:text-2xl lg:text-3xl' : 'text-lg'}`}
        >
          {post.title}
        </Heading>
        {post.excerpt && (
          <p
            className={`mt-2 text-ink-600 ${featured ? 'line-clamp-3 text-base leading-7' : 'line-clamp-2 text-sm'}`}
          >
            {post.excerpt}
          </p>
        )}
        <Link
          to={`/post/${post.slug}`}
          reloadDocument
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
