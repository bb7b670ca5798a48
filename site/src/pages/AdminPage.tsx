import { BlogAdminApp } from '@shared/admin/BlogAdminApp.tsx'
import { BlogAdminProvider } from '@shared/admin/BlogAdminProvider.tsx'
import { brand } from '@shared/config/brand.ts'
import { createWebBlogStore } from '@site/features/blog/web-blog-store.ts'
import { webPlatform } from '@site/features/blog/web-platform.ts'
import { useEffect, useState } from 'react'

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

/** /{product}/updateresources: the blog admin for editors (sign-in, write, publish, edit, delete). */
export function Component() {
  useNoIndex()
  const [store] = useState(createWebBlogStore)
  return (
    // The same tinted backdrop as /test-email, the other staff page, so the white cards stand out.
    <div className="bg-ink-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <BlogAdminProvider store={store} platform={webPlatform}>
          <BlogAdminApp />
        </BlogAdminProvider>
      </div>
    </div>
  )
}
