import { BlogAdminApp } from '@shared/admin/BlogAdminApp.tsx'
import { BlogAdminProvider } from '@shared/admin/BlogAdminProvider.tsx'
import { brand } from '@shared/config/brand.ts'
import { Spinner } from '@shared/ui/Spinner.tsx'
import { createWebBlogStore } from '@site/features/blog/web-blog-store.ts'
import { webPlatform } from '@site/features/blog/web-platform.ts'
import { useEffect, useState, useSyncExternalStore } from 'react'

/** Unlisted admin route: keep it out of search engines while it is open. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex, nofollow'
    document.head.appendChild(meta)
    const previousTitle = document.title
    document.title = `Blog admin | ${brand.name}`
    return () => {
      meta.remove()
      document.title = previousTitle
    }
  }, [])
}

const subscribeToNothing = () => () => {}

/** False while prerendering and hydrating, true once the page runs in the browser. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

/**
 * The admin's frame as it first appears (the top bar, "Loading..." while the session is checked), without
 * data or the browser: the build writes it into the route's HTML, so the page has its layout before the
 * app loads and nothing moves when the app replaces it with the same frame.
 */
function AdminFrameSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-slate-950 px-4 text-white sm:px-5">
        <span className="flex min-w-0 items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-500 text-sm font-bold"
          >
            {brand.name.charAt(0)}
          </span>
          <span className="truncate font-semibold">
            {brand.name} <span className="font-normal text-slate-400">Editor</span>
          </span>
        </span>
      </header>
      <main className="flex-1">
        <p className="flex items-center justify-center gap-2 py-16 text-slate-500">
          <Spinner /> Loading...
        </p>
      </main>
    </div>
  )
}

function AdminApp() {
  const [store] = useState(createWebBlogStore)
  return (
    <BlogAdminProvider store={store} platform={webPlatform}>
      <BlogAdminApp />
    </BlogAdminProvider>
  )
}

/**
 * /{product}/updateresources: the blog admin for editors (sign-in, write, preview, publish, edit, delete), an
 * app of its own: no marketing header or footer, its own top bar. The prerendered page is its frame; the
 * app (session, store, an invite link in the address) starts once the page runs in the browser.
 */
export function Component() {
  useNoIndex()
  return useInBrowser() ? <AdminApp /> : <AdminFrameSkeleton />
}
