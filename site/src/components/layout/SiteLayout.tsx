import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { metaForPath } from '@site/content/route-meta.ts'
import { SiteFooter } from './SiteFooter.tsx'
import { SiteHeader } from './SiteHeader.tsx'

/**
 * Scrolls to the top on every path change (spec §2), but lands on the anchor when the URL has one,
 * also when arriving from another page (e.g. the footer's /solutions#talent-bot from /).
 */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation()
  const firstRender = useRef(true)
  useEffect(() => {
    // On the first load the browser already placed the page (top, or the anchor in the URL).
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)))
      if (target) {
        target.scrollIntoView()
        return
      }
    }
    window.scrollTo(0, 0)
  }, [pathname, hash])
}

/** Keeps the document title and description in step with client-side navigation. */
function useDocumentMeta() {
  const { pathname } = useLocation()
  useEffect(() => {
    const meta = metaForPath(pathname)
    if (!meta) return
    document.title = meta.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
  }, [pathname])
}

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * The one toast area. Toasts only ever answer something the visitor did (submitting a form), so sonner
 * (about 9 KB gzip) loads on the first interaction or client-side navigation instead of with every
 * page; readers who only read never download it. It is absent from the prerendered HTML, so server and
 * client markup match.
 */
function DeferredToaster() {
  const [wanted, setWanted] = useState(false)
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)

  useEffect(() => {
    if (wanted) return
    if (pathname !== firstPath.current) {
      setWanted(true)
      return
    }
    const want = () => setWanted(true)
    const events = ['pointerdown', 'keydown', 'touchstart'] as const
    for (const type of events)
      window.addEventListener(type, want, { once: true, passive: true, capture: true })
    return () => {
      for (const type of events) window.removeEventListener(type, want, { capture: true })
    }
  }, [wanted, pathname])

  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {/* Below the sticky 64 px header, so a toast never covers the navigation. */}
      <Toaster position="top-right" richColors closeButton offset={{ top: 80 }} mobileOffset={{ top: 76 }} />
    </Suspense>
  )
}

function PageLoading() {
  return (
    <div role="status" className="mx-auto flex max-w-7xl justify-center px-6 py-32">
      <span
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">Loading page</span>
    </div>
  )
}

/** The shell of every page: skip link, header, the page, footer and the one toast area. */
export function SiteLayout() {
  useScrollOnNavigation()
  useDocumentMeta()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {/* Only a first visit to a client-only route waits here; navigations keep the old page meanwhile. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <DeferredToaster />
    </div>
  )
}
