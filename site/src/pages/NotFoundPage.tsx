import { Home } from 'lucide-react'
import { useEffect } from 'react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { notFoundMeta } from '@site/content/route-meta.ts'

/** Any unknown path. The server answers it with HTTP 404 and this page prerendered. */
export function Component() {
  useEffect(() => {
    document.title = notFoundMeta.title
  }, [])
  return (
    <section
      data-page="not-found"
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-28 text-center sm:py-36"
    >
      <p className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-ink-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" size="lg" className="mt-10">
        <Home aria-hidden="true" className="size-4" /> Return to Home
      </ButtonLink>
    </section>
  )
}
