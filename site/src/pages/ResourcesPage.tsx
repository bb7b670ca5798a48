import {
  resourcesQueryFrom,
  resourcesSearch,
  type ResourcesQuery,
  type ResourceTypeParam,
  resourceTypeParams,
} from '@shared/lib/resource-query.ts'
import { blogTypeLabels } from '@shared/lib/post-types.ts'
import { LoadFailed } from '@site/features/blog/LoadFailed.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { Island } from '@site/islands/Island.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { NewsletterForm } from '@site/features/blog/NewsletterForm.tsx'
import { cardLayout, cardPlaceClasses } from '@site/features/blog/card-layout.ts'
import { ResourceCard } from '@site/features/blog/ResourceCard.tsx'
import { useDebouncedValue, useResources } from '@site/features/blog/useResources.ts'
import { Search } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'

const filters = Object.entries(resourceTypeParams).map(([value, type]) => ({
  value: value as ResourceTypeParam,
  label: type ? blogTypeLabels[type] : 'All',
}))

/** Typing pauses this long before the server is asked again. */
const searchDebounceMs = 300

/** "Load more" is a link (it works without JavaScript) that looks like the outline button. */
const loadMoreClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:pointer-events-none aria-disabled:opacity-50'

/**
 * /resources: search, type filters, the card grid with "Load more", and the newsletter block. Rendered on
 * the server for the type, search and page in the address (`?type=case-study&q=hiring&page=2`): the search
 * box and filters are a GET form and "Load more" a link, so every state works without JavaScript and can be
 * shared. With JavaScript the same controls update the list in place and keep the address in step.
 */
export function Component() {
  return (
    <>
      <PageHero
        title="Resources & Insights"
        lead="Articles, case studies and ebooks on building, running and owning a tech capacity centre in India."
      />
      {/* Static until the first touch, key or focus in it, or until "Load more" nears the screen
          (site/src/islands/resources.tsx): by the time it is tapped the list is live. */}
      <Island name="resources" wake="interaction" wakeNear="[data-load-more]">
        <ResourcesBrowser />
      </Island>
    </>
  )
}

/** The interactive part of /resources: search, filters, the cards, "Load more" and the newsletter block. */
export function ResourcesBrowser() {
  const [searchParams, setSearchParams] = useSearchParams()
  const query = resourcesQueryFrom(searchParams)
  const { state, loadMore, prefetchMore, retry } = useResources(query)

  const [searchText, setSearchText] = useState(query.q)
  // The address changed by itself (back, forward, a filter): the box shows its search.
  const [shownQ, setShownQ] = useState(query.q)
  if (shownQ !== query.q) {
    setShownQ(query.q)
    if (searchText.trim() !== query.q) setSearchText(query.q)
  }
  const search = useDebouncedValue(searchText.trim(), searchDebounceMs)

  const go = (next: ResourcesQuery, replace: boolean) =>
    setSearchParams(new URLSearchParams(resourcesSearch(next)), { replace, preventScrollReset: true })

  // Text typed into the server's page before it became interactive is taken over, not lost.
  const searchBox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = searchBox.current?.value ?? ''
    if (typed !== query.q) setSearchText(typed)
    // Only once, when the page becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Search as you type: the address follows the box (one history entry, not one per key).
  const { pathname } = useLocation()
  const pagePath = useRef(pathname)
  const latest = useRef({ query, go })
  latest.current = { query, go }
  useEffect(() => {
    const { query: current, go: navigate } = latest.current
    // A search that settles after the visitor followed a link (this page stays on screen while the next
    // one loads) must not pull them back: the address follows the box only while it shows this page.
    if (window.location.pathname !== pagePath.current) return
    if (search !== current.q) navigate({ type: current.type, q: search, page: 1 }, true)
  }, [search])

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const type =
      submitter instanceof HTMLButtonElement && submitter.name === 'type'
        ? (submitter.value as ResourceTypeParam)
        : query.type
    go({ type, q: searchText.trim(), page: 1 }, type === query.type)
  }

  async function showMore(event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new tab, new window) follow the link.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    const pages = await loadMore()
    if (pages !== null) go({ ...latest.current.query, page: pages }, true)
  }

  const more = state.status !== 'loading' && state.posts.length < state.total
  const nextPage: ResourcesQuery = { ...query, page: Math.max(state.pages, 1) + 1 }

  // The next page is asked for as "Load more" comes near the screen, so a tap shows it at once.
  const loadMoreLink = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const link = loadMoreLink.current
    if (!link || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) prefetchMore()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(link)
    return () => observer.disconnect()
  }, [more, state.pages, state.key, prefetchMore])

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-6 py-12 lg:px-8">
      <form
        method="get"
        action="/resources"
        role="search"
        onSubmit={submitSearch}
        className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between"
      >
        <div className="relative md:w-96">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
          />
          <label htmlFor="resources-search" className="sr-only">
            Search resources
          </label>
          <input
            ref={searchBox}
            id="resources-search"
            type="search"
            name="q"
            placeholder="Search resources..."
            maxLength={200}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="h-11 w-full rounded-lg border border-ink-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
          {/* The form's first submit button: Enter in the box searches within the current type. */}
          <button
            type="submit"
            name="type"
            value={query.type}
            className="sr-only focus:not-sr-only focus:absolute focus:top-full focus:left-0 focus:mt-1 focus:rounded focus:bg-white focus:px-2 focus:text-sm"
          >
            Search
          </button>
        </div>
        <div role="group" aria-label="Filter by type" className="flex flex-wrap gap-2">
          {filters.map(({ value, label }) => (
            <Button
              key={value}
              type="submit"
              name="type"
              value={value}
              size="sm"
              variant={query.type === value ? 'primary' : 'outline'}
              aria-pressed={query.type === value}
            >
              {label}
            </Button>
          ))}
        </div>
      </form>

      {state.status === 'error' && <LoadFailed title="We couldn't load the resources." onRetry={retry} />}

      {state.status === 'loading' && state.key === null && (
        <p className="flex min-h-96 items-center justify-center gap-2 py-16 text-ink-500">
          <Spinner /> Loading resources...
        </p>
      )}

      {state.status !== 'loading' && state.key !== null && state.posts.length === 0 && (
        <div className="py-16 text-center">
          <h2 className="text-xl font-semibold text-ink-900">No resources found</h2>
          <p className="mt-2 text-ink-600">
            Try adjusting your search or filters to find what you're looking for
          </p>
        </div>
      )}

      {state.posts.length > 0 && (
        <ul
          className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-6 ${state.status === 'loading' ? 'opacity-60' : ''}`}
          aria-label="Resources"
          aria-busy={state.status === 'loading'}
        >
          {/* The newest post first, across the row (the whole listing only); no row ends with a lone
                card (card-layout.ts). */}
          {cardLayout(state.posts.length, { featureFirst: !query.q && query.type === 'all' }).map(
            (place, index) => {
              const post = state.posts[index]
              return (
                <li key={post.id} className={`flex ${cardPlaceClasses(place)}`}>
                  <ResourceCard
                    post={post}
                    priority={index === 0}
                    featured={place.featured}
                    wide={{ md: place.md === 2, lg: place.lg === 6 }}
                  />
                </li>
              )
            },
          )}
        </ul>
      )}

      {more && (
        <div className="text-center">
          <a
            href={`/resources${resourcesSearch(nextPage)}`}
            ref={loadMoreLink}
            data-load-more
            onClick={showMore}
            onPointerEnter={prefetchMore}
            onFocus={prefetchMore}
            aria-disabled={state.loadingMore || undefined}
            className={loadMoreClass}
          >
            {state.loadingMore && <Spinner />}
            Load more
          </a>
        </div>
      )}

      <NewsletterForm />
    </div>
  )
}
