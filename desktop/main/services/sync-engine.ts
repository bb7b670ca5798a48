import type { BlogRow } from '../../../shared/schemas/blog.ts'
import type {
  ListQuery,
  LocalPost,
  PostInput,
  PostList,
  SaveTarget,
  SyncStatus,
} from '../../preload/api.d.ts'
import type {
  DeletePayload,
  Draft,
  OfflineStore,
  OutboxEntry,
  SavePayload,
  UploadPayload,
} from './offline-store.ts'
import { RemoteError, classifyRemoteError, type RemoteBlogs } from './remote-blogs.ts'

export interface SyncEngineOptions {
  store: OfflineStore
  /** The server, or null while no connection is configured. */
  remote: () => RemoteBlogs | null
  /** The operating system's view of the network (Electron `net.isOnline()`); false skips every call. */
  isNetworkUp?: () => boolean
  /** Delay before retry number `attempts` (default 2 s doubling up to 5 min). */
  backoffMs?: (attempts: number) => number
  onStatus?: (status: SyncStatus) => void
}

const defaultBackoff = (attempts: number) => Math.min(2000 * 2 ** attempts, 5 * 60_000)
const metaCursor = 'pull_cursor'
const metaLastSync = 'last_sync_at'

function sameVersion(a: string | null | undefined, b: string | null | undefined) {
  if (!a || !b) return a === b
  return a === b || Date.parse(a) === Date.parse(b)
}

function sameContent(row: BlogRow, input: PostInput) {
  return (
    row.title === input.title &&
    (row.content ?? '') === (input.content ?? '') &&
    (row.author ?? '') === input.author &&
    (row.cover_image_url ?? null) === (input.cover_image_url ?? null) &&
    JSON.stringify(row.tags ?? []) === JSON.stringify(input.tags ?? [])
  )
}

/**
 * Offline-first posts: every edit is written to the offline store and the outbox first, then sent in order
 * when the server is reachable. Remote changes are pulled by `updated_at`. A post changed on the server
 * after the local edit began becomes a conflict copy for the editor to settle; nothing is overwritten silently.
 */
export class SyncEngine {
  private running: Promise<SyncStatus> | null = null
  private again = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private pullTimer: ReturnType<typeof setInterval> | null = null
  private online = true
  private lastError: string | null = null
  /** The server version each open edit started from (set when the editor opens a post). */
  private readonly editBases = new Map<string, string | null>()
  private lastStamp = 0
  private closed = false

  constructor(private readonly options: SyncEngineOptions) {}

  private get store() {
    return this.options.store
  }

  // ---- what the editor does (never waits for the network) ----------------------------------------------

  async listPosts(query: ListQuery = {}): Promise<PostList> {
    const all = await this.localPosts()
    const needle = query.search?.trim().toLowerCase() ?? ''
    const matching = needle
      ? all.filter((p) => [p.title, p.slug, p.author ?? ''].some((v) => v.toLowerCase().includes(needle)))
      : all
    matching.sort(
      (a, b) => (query.ascending ? 1 : -1) * (Date.parse(a.created_at) - Date.parse(b.created_at)),
    )
    const pageSize = query.pageSize ?? matching.length
    const page = Math.max(1, query.page ?? 1)
    return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length }
  }

  /** Opens a post for editing and remembers which server version the edit starts from. */
  async getPost(slug: string): Promise<LocalPost | null> {
    const post = await this.localPost(slug)
    const draft = await this.store.draft(slug)
    const cached = await this.store.cachedPost(slug)
    this.editBases.set(slug, draft ? draft.baseUpdatedAt : (cached?.updated_at ?? null))
    return post
  }

  /**
   * Saves locally and queues the change. `create` refuses a slug already in use (as the browser admin does);
   * `update` targets the post being edited by id, so its slug may change.
   */
  async savePost(input: PostInput, target: SaveTarget = { mode: 'update' }): Promise<LocalPost> {
    const slug = input.slug
    const editing = target.mode === 'update' && target.id ? await this.postById(target.id) : null
    const owner = await this.localPost(slug)
    if (owner && (target.mode === 'create' || (editing && owner.id !== editing.id))) {
      throw new Error(`A post with the slug “${slug}” already exists.`)
    }
    const previousSlug = editing?.slug ?? slug
    const postId = editing && !editing.id.startsWith('local:') ? editing.id : null
    const draft = await this.store.draft(previousSlug)
    const cached = postId ? await this.store.cachedPostById(postId) : await this.store.cachedPost(slug)
    const base = this.editBases.has(previousSlug)
      ? this.editBases.get(previousSlug)!
      : draft
        ? draft.baseUpdatedAt
        : (cached?.updated_at ?? null)
    if (previousSlug !== slug) {
      // A rename: the change now lives under the new slug; the old slug's pending change is superseded.
      await this.store.removeEntriesFor(previousSlug)
      await this.store.removeDraft(previousSlug)
      this.editBases.set(slug, base)
    }
    await this.store.putDraft({ slug, postId, input, deleted: false, baseUpdatedAt: base })
    await this.store.enqueue('save', slug, {
      input,
      baseUpdatedAt: base,
      ...(postId ? { postId } : {}),
    } satisfies SavePayload)
    this.kick()
    return (await this.localPost(slug))!
  }

  async deletePost(slug: string): Promise<void> {
    const draft = await this.store.draft(slug)
    const cached = await this.store.cachedPost(slug)
    if (!cached && draft && draft.baseUpdatedAt === null) {
      // Never reached the server: forgetting the draft and its queued save is the whole delete.
      await this.store.removeEntriesFor(slug)
      await this.store.removeDraft(slug)
      this.emit()
      return
    }
    const base = this.editBases.get(slug) ?? draft?.baseUpdatedAt ?? cached?.updated_at ?? null
    await this.store.putDraft({
      slug,
      postId: cached?.id ?? draft?.postId ?? null,
      input: draft?.input ?? null,
      deleted: true,
      baseUpdatedAt: base,
    })
    await this.store.enqueue('delete', slug, { baseUpdatedAt: base } satisfies DeletePayload)
    this.kick()
  }

  /**
   * Queues an image upload and returns its public URL at once: the URL of `images/blog-covers/…` is known
   * before the bytes arrive, and the outbox sends the upload before any save that refers to it.
   */
  async queueImage(
    data: Uint8Array,
    extension: string,
    contentType: string,
    folder: 'blog-covers' | 'blog-content' = 'blog-covers',
  ): Promise<{ url: string; path: string }> {
    const remote = this.options.remote()
    if (!remote) throw new Error('Connect to a site first (Settings) so the image has somewhere to go.')
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1)
    const path = `${folder}/${this.lastStamp}.${extension}`
    await this.store.enqueue('upload', null, { path, contentType } satisfies UploadPayload, data)
    this.kick()
    return { url: remote.publicUrl(path), path }
  }

  async conflicts() {
    return this.store.conflicts()
  }

  /** The editor's choice for a conflict copy: send mine over theirs, or drop mine for theirs. */
  async resolveConflict(slug: string, keep: 'mine' | 'theirs'): Promise<void> {
    const conflict = await this.store.conflict(slug)
    if (!conflict) throw new Error(`There is no conflict for “${slug}”.`)
    const theirsVersion = conflict.theirs?.updated_at ?? null
    if (conflict.theirs) await this.store.cachePosts([conflict.theirs])
    else await this.store.uncachePost(slug)
    if (keep === 'mine') {
      // Mine now builds on the version the editor has just seen, so it goes through as a normal change.
      const postId = conflict.theirs?.id ?? null
      await this.store.putDraft({
        slug,
        postId,
        input: conflict.mine,
        deleted: conflict.mine === null,
        baseUpdatedAt: theirsVersion,
      })
      if (conflict.mine) {
        await this.store.enqueue('save', slug, {
          input: conflict.mine,
          baseUpdatedAt: theirsVersion,
          ...(postId ? { postId } : {}),
        } satisfies SavePayload)
      } else
        await this.store.enqueue('delete', slug, { baseUpdatedAt: theirsVersion } satisfies DeletePayload)
    } else {
      await this.store.removeEntriesFor(slug)
      await this.store.removeDraft(slug)
    }
    await this.store.removeConflict(slug)
    this.editBases.delete(slug)
    this.kick()
  }

  // ---- syncing ----------------------------------------------------------------------------------------

  async status(): Promise<SyncStatus> {
    return {
      online: this.online && this.networkUp(),
      syncing: this.running !== null,
      pending: await this.store.pendingCount(),
      conflicts: (await this.store.conflicts()).length,
      lastSyncAt: await this.store.getMeta(metaLastSync),
      lastError: this.lastError,
    }
  }

  /** Sends the outbox in order, then pulls remote changes. Concurrent calls share one run. */
  syncNow(): Promise<SyncStatus> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          await this.runOnce()
        } while (this.again && !this.closed)
      } finally {
        this.running = null
      }
      const status = await this.status()
      this.options.onStatus?.(status)
      return status
    })()
    void this.emit()
    return this.running
  }

  /** The network came back or the editor asked: retry everything waiting now, not after its backoff. */
  async retryNow(): Promise<SyncStatus> {
    await this.store.makeAllDue()
    return this.syncNow()
  }

  /** Pull every few minutes (and whatever the outbox holds). Focus and start-up call `syncNow()` directly. */
  start(intervalMs = 3 * 60_000) {
    this.stop()
    this.pullTimer = setInterval(() => void this.syncNow().catch(() => {}), intervalMs)
    this.pullTimer.unref?.()
  }

  stop() {
    if (this.pullTimer) clearInterval(this.pullTimer)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.pullTimer = null
    this.retryTimer = null
  }

  /** Stops timers and waits for a run in progress (before closing the store). */
  async close() {
    this.closed = true
    this.stop()
    await this.running?.catch(() => {})
  }

  /** A signed-in editor sees rows an anonymous reader cannot: pull everything again from the start. */
  async resetPullCursor() {
    await this.store.setMeta(metaCursor, null)
  }

  // ---- internals --------------------------------------------------------------------------------------

  private networkUp() {
    return this.options.isNetworkUp?.() ?? true
  }

  private kick() {
    if (this.closed) return
    void this.syncNow().catch(() => {})
  }

  private async emit() {
    if (this.closed || !this.options.onStatus) return
    try {
      this.options.onStatus(await this.status())
    } catch {
      // The store may be closing; the next status will be accurate.
    }
  }

  private async runOnce() {
    const remote = this.options.remote()
    if (!remote) {
      this.online = false
      this.lastError = 'No site is connected yet: open Settings and enter the site address.'
      return
    }
    if (!this.networkUp()) {
      this.online = false
      return
    }
    const pushed = await this.push(remote)
    if (!pushed) return
    try {
      await this.pull(remote)
      this.online = true
      this.lastError = null
      await this.store.setMeta(metaLastSync, new Date().toISOString())
    } catch (err) {
      this.noteFailure(err)
    }
  }

  /** Returns false when the queue stopped on a failure (the pull is skipped: the server is likely unreachable). */
  private async push(remote: RemoteBlogs): Promise<boolean> {
    for (;;) {
      if (this.closed || !this.networkUp()) return false
      const head = await this.store.nextEntry()
      if (!head) return true
      if (head.nextAttemptAt.getTime() > Date.now()) {
        this.scheduleRetry(head.nextAttemptAt)
        return true
      }
      try {
        await this.apply(remote, head)
        this.online = true
      } catch (err) {
        const failure = this.noteFailure(err)
        const delay = (this.options.backoffMs ?? defaultBackoff)(head.attempts)
        const retryAt = new Date(Date.now() + delay)
        await this.store.deferEntry(head.seq, failure.message, retryAt)
        this.scheduleRetry(retryAt)
        return false
      }
      void this.emit()
    }
  }

  private noteFailure(err: unknown): RemoteError {
    const failure = err instanceof RemoteError ? err : classifyRemoteError(err)
    if (failure.failure === 'offline') this.online = false
    this.lastError = failure.message
    return failure
  }

  private scheduleRetry(at: Date) {
    if (this.closed) return
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(
      () => void this.syncNow().catch(() => {}),
      Math.max(0, at.getTime() - Date.now()),
    )
    this.retryTimer.unref?.()
  }

  private async apply(remote: RemoteBlogs, entry: OutboxEntry) {
    if (entry.kind === 'upload') {
      const { path, contentType } = entry.payload as UploadPayload
      await remote.upload(path, entry.image ?? new Uint8Array(), contentType)
      await this.store.removeEntry(entry.seq)
      return
    }
    const slug = entry.slug!
    if (entry.kind === 'save') {
      const { input, baseUpdatedAt, postId } = entry.payload as SavePayload
      const server = postId ? await remote.byId(postId) : await remote.bySlug(slug)
      const changedOnServer = server
        ? baseUpdatedAt === null || !sameVersion(server.updated_at, baseUpdatedAt)
        : baseUpdatedAt !== null
      if (changedOnServer && !(server && sameContent(server, input))) {
        await this.store.putConflict({ slug, mine: input, theirs: server })
        await this.store.removeEntry(entry.seq)
        if (server) await this.store.cachePosts([server])
        return
      }
      const saved = await remote.save(input, server ? postId : undefined)
      await this.store.cachePosts([saved])
      await this.store.removeEntry(entry.seq)
      await this.store.rebaseEntries(slug, saved.updated_at)
      if ((await this.store.pendingFor(slug)).length === 0) await this.store.removeDraft(slug)
      if (this.editBases.has(slug)) this.editBases.set(slug, saved.updated_at)
      return
    }
    const { baseUpdatedAt } = entry.payload as DeletePayload
    const server = await remote.bySlug(slug)
    if (server && baseUpdatedAt !== null && !sameVersion(server.updated_at, baseUpdatedAt)) {
      const draft = await this.store.draft(slug)
      await this.store.putConflict({ slug, mine: null, theirs: server })
      await this.store.putDraft({
        slug,
        postId: server.id,
        input: draft?.input ?? null,
        deleted: true,
        baseUpdatedAt,
      })
      await this.store.removeEntry(entry.seq)
      await this.store.cachePosts([server])
      return
    }
    if (server) await remote.remove(slug)
    await this.store.uncachePost(slug)
    await this.store.removeEntry(entry.seq)
    if ((await this.store.pendingFor(slug)).length === 0) await this.store.removeDraft(slug)
  }

  private async pull(remote: RemoteBlogs) {
    const cursor = await this.store.getMeta(metaCursor)
    const changed = await remote.changedSince(cursor)
    await this.store.cachePosts(changed)
    const last = changed.at(-1)
    if (last) await this.store.setMeta(metaCursor, last.updated_at ?? last.created_at)
    await this.store.uncacheMissing(await remote.allIds())
  }

  /** One post as the editor sees it (the cheap path for a single slug; `localPosts` builds the whole list). */
  private async localPost(slug: string): Promise<LocalPost | null> {
    const draft = await this.store.draft(slug)
    const conflict = await this.store.conflict(slug)
    let cached = await this.store.cachedPost(slug)
    if (cached) {
      // Renamed locally: the server copy under this slug is shown under its new slug instead.
      const renamed = await this.store.draftForPost(cached.id)
      if (renamed && renamed.slug !== slug) cached = null
    }
    if (!draft) return cached ? { ...cached, syncState: conflict ? 'conflict' : 'synced' } : null
    const state = conflict ? 'conflict' : 'pending'
    if (draft.deleted) return state === 'conflict' && cached ? { ...cached, syncState: 'conflict' } : null
    if (!draft.input) return cached ? { ...cached, syncState: state } : null
    const server = cached ?? (draft.postId ? await this.store.cachedPostById(draft.postId) : null)
    return { ...(server ?? newPostFields(draft)), ...toRowFields(draft.input), syncState: state }
  }

  private async postById(id: string): Promise<LocalPost | null> {
    if (id.startsWith('local:')) return this.localPost(id.slice('local:'.length))
    const draft = await this.store.draftForPost(id)
    if (draft) return this.localPost(draft.slug)
    const cached = await this.store.cachedPostById(id)
    return cached ? this.localPost(cached.slug) : null
  }

  private async localPosts(): Promise<LocalPost[]> {
    const cached = await this.store.cachedPosts()
    const drafts = await this.store.drafts()
    const conflicts = new Set((await this.store.conflicts()).map((c) => c.slug))
    const bySlug = new Map<string, LocalPost>(
      cached.map((row) => [row.slug, { ...row, syncState: 'synced' }]),
    )
    const byId = new Map(cached.map((row) => [row.id, row]))
    for (const draft of drafts) {
      if (draft.postId) {
        // A renamed post: its server copy under the old slug is replaced by the draft under the new one.
        for (const [key, post] of bySlug)
          if (post.id === draft.postId && key !== draft.slug) bySlug.delete(key)
      }
      const state = conflicts.has(draft.slug) ? 'conflict' : 'pending'
      if (draft.deleted) {
        if (state === 'conflict' && bySlug.has(draft.slug)) bySlug.get(draft.slug)!.syncState = 'conflict'
        else bySlug.delete(draft.slug)
        continue
      }
      if (!draft.input) continue
      const server = bySlug.get(draft.slug) ?? (draft.postId ? byId.get(draft.postId) : undefined)
      bySlug.set(draft.slug, {
        ...(server ?? newPostFields(draft)),
        ...toRowFields(draft.input),
        syncState: state,
      })
    }
    return [...bySlug.values()]
  }
}

/** The server-side fields of a post the server has not seen yet. */
function newPostFields(
  draft: Draft,
): Omit<BlogRow, 'title' | 'slug' | 'author' | 'content' | 'cover_image_url' | 'tags'> {
  return {
    id: draft.postId ?? `local:${draft.slug}`,
    created_at: draft.editedAt.toISOString(),
    updated_at: null,
    type: 'blog',
    excerpt: null,
    content_markdown: null,
    status: 'published',
  }
}

function toRowFields(input: PostInput) {
  return {
    title: input.title,
    slug: input.slug,
    author: input.author,
    content: input.content ?? '',
    cover_image_url: input.cover_image_url ?? null,
    tags: input.tags ?? [],
    ...(input.type ? { type: input.type } : {}),
    ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
    ...(input.content_markdown !== undefined ? { content_markdown: input.content_markdown } : {}),
    ...(input.status ? { status: input.status } : {}),
  }
}
