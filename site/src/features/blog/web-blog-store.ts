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
import { signInErrorMessage, verifyEditorToken } from '@shared/data/editor-access.ts'

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
  const listeners = new Set<(session: AdminSession | null) => void>()
  const notify = (session: AdminSession | null) => listeners.forEach((listener) => listener(session))
  // While a sign-in is being checked for editor access, supabase's own SIGNED_IN/SIGNED_OUT events are held
  // back: the admin must not flash open for an account that is about to be refused.
  let checkingSignIn = false
  let subscribed: Promise<void> | null = null
  const subscribe = () =>
    (subscribed ??= client().then((supabase) => {
      supabase.auth.onAuthStateChange((_event, session) => {
        if (!checkingSignIn) notify(toAdminSession(session))
      })
    }))

  return {
    async getSession() {
      const { data, error } = await (await client()).auth.getSession()
      if (error) throw new Error(error.message)
      return toAdminSession(data.session)
    },
    async signIn(email, password) {
      const supabase = await client()
      checkingSignIn = true
      try {
        const { data, error } = await supabase.auth.signInWithPassword({ email, password })
        if (error) throw new Error(signInErrorMessage(error))
        const session = toAdminSession(data.session)
        if (!session || !data.session) throw new Error('Sign-in did not return a session.')
        // Any account can sign in, but only editors may write (RLS): say so now rather than on the first save.
        if (!(await verifyEditorToken(supabase, data.session.access_token))) {
          await supabase.auth.signOut()
          throw new Error('This account is not an editor. Ask an administrator to add it to the editors.')
        }
        checkingSignIn = false
        notify(session)
        return session
      } finally {
        checkingSignIn = false
      }
    },
    async signOut() {
      const { error } = await (await client()).auth.signOut()
      if (error) throw new Error(error.message)
    },
    onAuthChange(listener) {
      listeners.add(listener)
      void subscribe().catch(() => listener(null))
      return () => {
        listeners.delete(listener)
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
      return target.mode === 'create'
        ? createPost(supabase, input)
        : updatePost(supabase, input, { id: target.id, version: target.version })
    },
    async delete(post) {
      return deletePost(await client(), post)
    },
    async uploadImage(image, options) {
      // fetch() reports no upload progress: the bar moves from the start to the end of the request.
      options.onProgress?.(0)
      const url = await uploadBlogImage(
        await client(),
        options.folder,
        image,
        options.extension,
        options.contentType,
      )
      options.onProgress?.(100)
      return url
    },
  }
}
