import { StrictMode, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { PageDataProvider, readEmbeddedPageData } from '@site/lib/page-data.tsx'

/**
 * Hydrates one React part of a public page in its own root, with what the server rendered it with: the
 * page's embedded data and the address (its links are plain links, so the router here only reads and
 * updates the address, as the resources search does). The toast area comes to life with the first such
 * part, since only these parts raise toasts.
 */
export function hydrateIsland(root: HTMLElement, part: ReactNode) {
  const pageData = readEmbeddedPageData(document)
  hydrateRoot(
    root,
    <StrictMode>
      <PageDataProvider value={pageData}>
        <BrowserRouter>{part}</BrowserRouter>
      </PageDataProvider>
    </StrictMode>,
  )
  void startToaster()
}

let toaster: Promise<void> | null = null

/** sonner's Toaster takes over the notification region the server drew (site/src/components/layout/SiteLayout.tsx). */
function startToaster() {
  toaster ??= Promise.all([import('sonner'), import('@site/components/layout/toaster-theme.ts')]).then(
    ([{ Toaster }, { toasterProps }]) => {
      const region = document.querySelector<HTMLElement>('[data-toast-region]')
      if (region) hydrateRoot(region, <Toaster {...toasterProps()} />)
    },
    (err: unknown) => console.error('The notification area could not load', err),
  )
  return toaster
}
