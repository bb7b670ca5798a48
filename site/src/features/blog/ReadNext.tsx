import type { BlogListItem } from '@shared/schemas/blog.ts'
import { ResourceCard } from './ResourceCard.tsx'

/** The end of a post: two or three posts to read next (same tags or type first), as the resources cards. */
export function ReadNext({ posts }: { posts: BlogListItem[] }) {
  if (posts.length === 0) return null
  return (
    <section aria-labelledby="read-next-title" className="border-t border-ink-200 bg-ink-50 py-section">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="read-next-title" className="text-2xl font-bold tracking-tight text-ink-900">
          Read Next
        </h2>
        <ul
          data-testid="related-posts"
          className={`mt-8 grid gap-6 ${posts.length === 3 ? 'md:grid-cols-3' : 'sm:grid-cols-2'}`}
        >
          {posts.map((post) => (
            <li key={post.slug} className="flex">
              <ResourceCard post={post} heading="h3" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
