import type { AdminSession, BlogStore } from '@shared/admin/blog-store.ts'
import {
  createPost,
  deletePost,
  getPostBySlug,
  listPostsForAdmin,
  updatePost,
  uploadBlogImage,
} from '@shared/data/blogs.ts'
import { getBrowserSupabase, type Session } from '@shared/data/client.ts'

function toAdminSession(session: Session | null): AdminSession | null {
  if (!session?.user) return null
  return { userId: session.user.id, email: session.user.email ?? '' }
}

/**
 * The site's `BlogStore`: supabase-js in the browser, against hosted Supabase or the embedded backend.
 * Row-level security decides what an editor may do; this only forwards calls and shapes errors.
 */
export function createWebBlogStore(): BlogStore {
  const client = getBrowserSupabase

  return {
    async getSession() {
      const { data, error } = await (await client()).auth.getSession()
      if (error) throw new Error(error.message)
      return toAdminSession(data.session)
    },
    async signIn(email, password) {
      const { data, error } = await (await client()).auth.signInWithPassword({ email, password })
      if (error) throw new Error(error.message === 'Invalid login credentials' ? 'Wrong email or password.' : error.message)
      const session = toAdminSession(data.session)
      if (!session) throw new Error('Sign-in did not return a session.')
      return session
    },
    async signOut() {
      const { error } = await (await client()).auth.signOut()
      if (error) throw new Error(error.message)
    },
    onAuthChange(listener) {
      let unsubscribe: (() => void) | null = null
      let cancelled = false
      void client().then((supabase) => {
        if (cancelled) return
        const { data } = supabase.auth.onAuthStateChange((_event, session) => listener(toAdminSession(session)))
        unsubscribe = () => data.subscription.unsubscribe()
      })
      return () => {
        cancelled = true
        unsubscribe?.()
      }
    },
    async listPosts(query) {
      return listPostsForAdmin(await client(), query)
    },
    async getBySlug(slug) {
      return getPostBySlug(await client(), slug)
    },
    async save(input, target) {
      const supabase = await client()
      return target.mode === 'create' ? createPost(supabase, input) : updatePost(supabase, input, { id: target.id })
    },
    async delete(slug) {
      return deletePost(await client(), slug)
    },
    async uploadImage(image, options) {
      // fetch() reports no upload progress: the bar moves from the start to the end of the request.
      options.onProgress?.(0)
      const url = await uploadBlogImage(await client(), options.folder, image, options.extension, options.contentType)
      options.onProgress?.(100)
      return url
    },
  }
}
