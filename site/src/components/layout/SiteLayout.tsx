import { Suspense, use, useContext, useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import '@site/lib/zod-jitless.ts'
import { LiveAppContext } from '@site/islands/Island.tsx'
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
  const served = useRef(true)
  useEffect(() => {
    // The served HTML already has this page's title and description; the table of every route's meta
    // loads with the first navigation inside the site, so `/` does not carry it.
    if (served.current) {
      served.current = false
      return
    }
    let current = true
    void import('@site/content/route-meta.ts').then(({ metaForPath }) => {
      const meta = metaForPath(pathname)
      if (!current || !meta) return
      document.title = meta.title
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
    })
    return () => {
      current = false
    }
  }, [pathname])
}

type Toaster = (typeof import('sonner'))['Toaster']
type ThemedToaster = () => ReturnType<Toaster>

/**
 * sonner's own `<section>` while it has no toast, attribute for attribute (Toaster's default aria-label is
 * "Notifications" and its hotkey, alt+T). It is in every page's HTML from the first paint, so the page
 * has its notification region (a polite live region) before any script runs, and sonner's Toaster
 * hydrates this very element when it loads.
 */
function ToastRegionPlaceholder() {
  return (
    <section
      aria-label="Notifications alt+T"
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      data-react-aria-top-layer
    />
  )
}

let toasterRequest: Promise<ThemedToaster | null> | null = null
let resolveSonner: (toaster: Promise<ThemedToaster | null>) => void = () => {}
/** Settles once the toast library is wanted and loaded (null if it could not load: no toasts then). */
const toasterReady = new Promise<ThemedToaster | null>((resolve) => (resolveSonner = resolve))

/** Loads sonner (once). Toasts only ever answer something the visitor did, so this waits for them. */
function requestToaster() {
  if (toasterRequest) return
  // The theme (toaster-theme.ts) comes with sonner, so the pages do not carry it.
  toasterRequest = Promise.all([import('sonner'), import('./toaster-theme.ts')]).then(
    ([{ Toaster }, { toasterProps }]) =>
      function SiteToaster() {
        return <Toaster {...toasterProps()} />
      },
    (err: unknown) => {
      console.error('The notification area could not load', err)
      return null
    },
  )
  resolveSonner(toasterRequest)
}

/**
 * The placeholder on the server; in the browser sonner's Toaster once it is wanted. Until then this
 * suspends: while the page hydrates, React leaves the server's placeholder in place (and hydrates it with
 * the Toaster later); a page rendered in the browser shows the placeholder as the fallback.
 */
function ToasterWhenWanted() {
  if (typeof window === 'undefined') return <ToastRegionPlaceholder />
  const Toaster = use(toasterReady)
  return Toaster ? <Toaster /> : <ToastRegionPlaceholder />
}

/**
 * The one toast area. sonner (about 9 KB gzip) loads on the first interaction or client-side navigation
 * instead of with every page; readers who only read never download it. One element, made once: the layout
 * re-rendering never touches it, so the placeholder stays put until sonner takes it over.
 */
const toastRegion = (
  <Suspense fallback={<ToastRegionPlaceholder />}>
    <ToasterWhenWanted />
  </Suspense>
)

/** Asks for sonner on the first pointer, key or touch, or on the first client-side navigation. */
function useToasterOnDemand() {
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname !== firstPath.current) {
      requestToaster()
      return
    }
    const events = ['pointerdown', 'keydown', 'touchstart'] as const
    for (const type of events)
      window.addEventListener(type, requestToaster, { once: true, passive: true, capture: true })
    return () => {
      for (const type of events) window.removeEventListener(type, requestToaster, { capture: true })
    }
  }, [pathname])
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

/**
 * The shell of every page: skip link, header, the page, footer and the one toast area. On a public page the
 * toast area is the server's placeholder until a part that raises toasts wakes (site/src/islands/react-island.tsx).
 */
export function SiteLayout() {
  const live = useContext(LiveAppContext)
  useScrollOnNavigation()
  useDocumentMeta()
  useToasterOnDemand()
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
      {live ? (
        toastRegion
      ) : (
        <div data-toast-region className="contents">
          <ToastRegionPlaceholder />
        </div>
      )}
    </div>
  )
}
