import type { AdminSession, BlogStore } from '@shared/admin/blog-store.ts'
import type { CompressedImage, Platform } from '@shared/platform.ts'
import type { DesktopApi, EditorSession } from '../../contract.ts'

function toAdminSession(session: EditorSession): AdminSession | null {
  if (!session.signedIn || !session.userId) return null
  return {
    userId: session.userId,
    email: session.email ?? '',
    ...(session.role ? { role: session.role } : {}),
  }
}

/** The IPC error prefix Electron adds is not for people. */
const plain = (err: unknown) =>
  new Error(
    err instanceof Error
      ? err.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
      : String(err),
  )

/**
 * The admin components' `BlogStore` on the desktop: every call goes to main over `window.meridian`, where
 * the offline store answers at once and the outbox sends changes when the server is reachable.
 */
export function createDesktopBlogStore(api: DesktopApi): BlogStore {
  const listeners = new Set<(session: AdminSession | null) => void>()
  const announce = (session: AdminSession | null) => listeners.forEach((listener) => listener(session))
  return {
    async getSession() {
      return toAdminSession(await api.getSession())
    },
    async signIn(email, password) {
      const session = toAdminSession(await api.signIn(email, password))
      if (!session) throw new Error('Sign-in did not return a session.')
      announce(session)
      return session
    },
    requestPasswordReset: (email) => api.requestPasswordReset(email),
    listPeople: () => api.listPeople(),
    invitePerson: (input) => api.invitePerson(input),
    changePersonRole: (userId, role) => api.changePersonRole(userId, role),
    removePerson: (userId) => api.removePerson(userId),
    async signOut() {
      await api.signOut()
      announce(null)
    },
    onAuthChange(listener) {
      listeners.add(listener)
      // Main also reports changes it sees itself: a refresh that failed for good signs the editor out.
      const unsubscribe = api.onSessionChange((session) => listener(toAdminSession(session)))
      return () => {
        listeners.delete(listener)
        unsubscribe()
      }
    },
    async listPosts(query) {
      const page = await api.listPosts(query)
      return { rows: page.items, total: page.total }
    },
    getBySlug: (slug) => api.getPost(slug),
    async save(input, target) {
      return api.savePost({ ...input, slug: input.slug }, target)
    },
    delete: (post) => api.deletePost(post.id, post.version),
    async uploadImage(image, options) {
      const bytes = new Uint8Array(await image.arrayBuffer())
      const upload = {
        bytes,
        extension: options.extension,
        contentType: options.contentType,
        width: 0,
        height: 0,
      }
      return (await api.uploadImage(upload, options.folder, options.onProgress)).url
    },
    // Leads are read and worked live on the server (editors and administrators), the same pipeline as the
    // browser admin's, through main.
    listLeads: (query) =>
      api.listLeads(query).then(
        (list) => ({ ...list, pageSize: 20 }),
        (err: unknown) => Promise.reject(plain(err)),
      ),
    updateLead: (id, patch) => api.updateLead(id, patch).catch((err: unknown) => Promise.reject(plain(err))),
    exportLeadsCsv: (filters) =>
      api.exportLeadsCsv(filters).catch((err: unknown) => Promise.reject(plain(err))),
    listLeadOwners: () => api.listLeadOwners().catch((err: unknown) => Promise.reject(plain(err))),
    loadInsights: (days) => api.loadInsights(days).catch((err: unknown) => Promise.reject(plain(err))),
    listRevisions: (postId) => api.listRevisions(postId),
    getRevision: (id) => api.getRevision(id),
    createPreviewLink: (postId) => api.createPreviewLink({ postId }),
    getNewsletterStatus: (slug) => api.getNewsletterStatus(slug),
    sendNewsletter: (slug) => api.sendNewsletter(slug),
    sendNewsletterTest: (slug) => api.sendNewsletterTest(slug),
    listNewsletterSends: () => api.listNewsletterSends(),
    listSubscribers: (query) => api.listSubscribers(query),
    exportSubscribersCsv: (query) => api.exportSubscribersCsv(query),
    removeSubscriber: (id) => api.removeSubscriber(id),
  }
}

/** The desktop `Platform`: sharp in main compresses (EXIF rotation, ≤ 1 MB, ≤ 1200 px); links open in the system browser. */
export function createDesktopPlatform(api: DesktopApi): Platform {
  return {
    kind: 'desktop',
    async compressImage(file, options): Promise<CompressedImage> {
      if (!(file instanceof Blob)) throw new Error('The file given is not an instance of Blob or File')
      if (!file.type.startsWith('image/')) throw new Error('The file given is not an image')
      const bytes = new Uint8Array(await file.arrayBuffer())
      const name = file instanceof File ? file.name : 'image'
      const input = { bytes, name, type: file.type }
      const out = await api.compressImage(input, options.onProgress)
      return {
        data: new Blob([out.bytes as Uint8Array<ArrayBuffer>], { type: out.contentType }),
        extension: out.extension,
        contentType: out.contentType,
        width: out.width,
        height: out.height,
      }
    },
    openExternal: (url) => api.openExternal(url),
  }
}
