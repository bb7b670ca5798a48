import { useContext } from 'react'
import { BlogStoreContext } from './blog-admin-context.ts'
import type { BlogStore } from './blog-store.ts'

export function useBlogStore(): BlogStore {
  const store = useContext(BlogStoreContext)
  if (!store) throw new Error('useBlogStore must be used inside <BlogAdminProvider>.')
  return store
}
