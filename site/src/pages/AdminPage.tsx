import { AdminApp, type AdminExtraScreen } from '@shared/admin/AdminApp.tsx'
import { DesktopDownloads } from '@shared/admin/DesktopDownloads.tsx'
import { getBrowserPublicConfig } from '@shared/data/client.ts'
import { MonitorDown } from 'lucide-react'
import { AdminProvider } from '@shared/admin/AdminProvider.tsx'
import { AdminShell } from '@shared/admin/AdminShell.tsx'
import { brand } from '@shared/config/brand.ts'
import { Loading } from '@shared/ui/Spinner.tsx'
import { createWebAdminApi } from '@site/features/blog/web-admin-api.ts'
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

const nothing = () => {}

/**
 * The admin's frame as it first appears (the shell's top bar, "Loading..." while the session is checked),
 * without data or the browser: the build writes it into the route's HTML, so the page has its layout before
 * the app loads and nothing moves when the app replaces it with the same frame.
 */
function AdminFrameSkeleton() {
  return (
    <AdminShell tabs={[]} current="" onSelect={nothing} email={null} onSignOut={nothing} siteHref="/">
      <Loading />
    </AdminShell>
  )
}

/** Downloads: the desktop editor's installers, where the site publishes them (`/config.json`). */
function DownloadsScreen() {
  const [releasesUrl, setReleasesUrl] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    getBrowserPublicConfig().then(
      (config) => setReleasesUrl(config.desktopReleasesUrl),
      () => setReleasesUrl(null),
    )
  }, [])
  if (releasesUrl === undefined) return <Loading />
  return <DesktopDownloads releasesUrl={releasesUrl} />
}

const extraScreens: AdminExtraScreen[] = [
  { id: 'downloads', label: 'Downloads', icon: MonitorDown, render: () => <DownloadsScreen /> },
]

function BrowserAdmin() {
  const [api] = useState(createWebAdminApi)
  return (
    <AdminProvider api={api} platform={webPlatform}>
      <AdminApp siteHref="/" extraScreens={extraScreens} />
    </AdminProvider>
  )
}

/**
 * /{product}/updateresources: the blog admin for editors (sign-in, write, preview, publish, edit, delete), an
 * app of its own: no marketing header or footer, its own top bar. The prerendered page is its frame; the
 * app (session, admin operations, an invite link in the address) starts once the page runs in the browser.
 */
export function Component() {
  useNoIndex()
  return useInBrowser() ? <BrowserAdmin /> : <AdminFrameSkeleton />
}
