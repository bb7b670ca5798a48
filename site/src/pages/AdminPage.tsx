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

/**
 * /{product}/updateresources: the blog admin for editors (sign-in, write, preview, publish, edit, delete), an
 * app of its own: no marketing header or footer, its own top bar.
 */
export function Component() {
  useNoIndex()
  const [store] = useState(createWebBlogStore)
  return (
    <BlogAdminProvider store={store} platform={webPlatform}>
      <BlogAdminApp />
    </BlogAdminProvider>
  )
}
