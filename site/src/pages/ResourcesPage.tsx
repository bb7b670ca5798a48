import { Alert } from '@shared/ui/Alert.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { NewsletterForm } from '@site/features/blog/NewsletterForm.tsx'
import { ResourceCard } from '@site/features/blog/ResourceCard.tsx'
import { useDebouncedValue, useResources, type ResourceFilter } from '@site/features/blog/useResources.ts'
import { Search } from 'lucide-react'
import { useState } from 'react'

const filters: Array<{ value: ResourceFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'blog', label: 'Blog' },
  { value: 'case study', label: 'Case Study' },
  { value: 'ebook', label: 'Ebook' },
]

/** Typing pauses this long before the server is asked again. */
const searchDebounceMs = 300

/** /resources: search, type filters, the card grid with "Load more", and the newsletter block. */
export function Component() {
  const [searchText, setSearchText] = useState('')
  const [filter, setFilter] = useState<ResourceFilter>('all')
  const search = useDebouncedValue(searchText.trim(), searchDebounceMs)
  const { state, loadMore, retry } = useResources(search, filter)

  return (
    <>
      <PageHero
        title="Resources & Insights"
        lead="Articles, case studies and ebooks on building, running and owning a tech capacity centre in India."
      />
      <div className="mx-auto max-w-7xl space-y-10 px-6 py-12 lg:px-8">
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div className="relative md:w-96">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
            />
            <label htmlFor="resources-search" className="sr-only">
              Search resources
            </label>
            <input
              id="resources-search"
              type="search"
              placeholder="Search resources..."
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              className="h-11 w-full rounded-lg border border-ink-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            />
          </div>
          <div role="group" aria-label="Filter by type" className="flex flex-wrap gap-2">
            {filters.map(({ value, label }) => (
              <Button
                key={value}
                size="sm"
                variant={filter === value ? 'primary' : 'outline'}
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>

        {state.status === 'error' && (
          <Alert variant="destructive" title="We couldn't load the resources.">
            <p>Please check your connection and try again.</p>
            <Button size="sm" variant="outline" className="mt-3" onClick={retry}>
              Try again
            </Button>
          </Alert>
        )}

        {state.status === 'loading' && (
          <p className="flex items-center justify-center gap-2 py-16 text-ink-500">
            <Spinner /> Loading resources...
          </p>
        )}

        {state.status === 'ready' && state.posts.length === 0 && (
          <div className="py-16 text-center">
            <h2 className="text-xl font-semibold text-ink-900">No resources found</h2>
            <p className="mt-2 text-ink-600">
              Try adjusting your search or filters to find what you're looking for
            </p>
          </div>
        )}

        {state.posts.length > 0 && (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Resources">
            {state.posts.map((post) => (
              <li key={post.id} className="flex">
                <ResourceCard post={post} />
              </li>
            ))}
          </ul>
        )}

        {state.status === 'ready' && state.posts.length < state.total && (
          <div className="text-center">
            <Button variant="outline" onClick={loadMore} disabled={state.loadingMore}>
              {state.loadingMore && <Spinner />}
              Load more
            </Button>
          </div>
        )}

        <NewsletterForm />
      </div>
    </>
  )
}
