import { randomUUID } from 'node:crypto'
import {
  BlogDataError,
  PostConflictError,
  holdsEdit,
  rewindCursor,
  type SyncCursor,
  type SyncPage,
} from '../../../shared/data/blogs.ts'
import type { BlogRow } from '../../../shared/schemas/blog.ts'
import type {
  AttentionItem,
  ConflictView,
  ListQuery,
  LocalListItem,
  LocalPost,
  PostInput,
  SaveTarget,
  SyncStatus,
} from '../../contract.ts'
import { compareCursor, overlay } from './local-posts.ts'
import type { LocalChange, OfflineStore, QueueEntry } from './offline-store.ts'
import { RemoteError, classifyRemoteError, type RemoteBlogs } from './remote-blogs.ts'

export interface SyncEngineOptions {
  store: OfflineStore
  /** The server, or null while no connection is configured. */
  remote: () => RemoteBlogs | null
  /** The operating system's view of the network (Electron `net.isOnline()`); false skips every call. */
  isNetworkUp?: () => boolean
  /** Whether an editor is signed in: changes are only sent for one (reading works without). */
  isSignedIn?: () => boolean
  /** Delay before retry number `attempts` (default 2 s doubling up to 5 min). */
  backoffMs?: (attempts: number) => number
  onStatus?: (status: SyncStatus) => void
}

const defaultBackoff = (attempts: number) => Math.min(2000 * 2 ** attempts, 5 * 60_000)
const metaPostsCursor = 'posts_cursor'
const metaDeletesCursor = 'deletes_cursor'
const metaLastSync = 'last_sync_at'
/**
 * Each pull re-reads this much before its cursor: `updated_at` is a transaction's start time, so a write
 * that commits a moment after a later one would otherwise fall behind a cursor that already passed it.
 */
const pullOverlapMs = 10_000

export class SlugTakenError extends BlogDataError {
  constructor(slug: string) {
    super(`A post with the slug “${slug}” already exists.`, 'slug_taken', 409)
  }
}

/**
 * Offline-first posts. The invariant: every save the editor made is, at every moment, either on the server
 * or in the offline store (as a pending change, a conflict or a refused change the editor can see), and a
 * change leaves the store only in the step that records the server's copy of it, or by the editor's choice.
 *
 * Each change carries the server version it builds on. Sending it is a conditional write (id and version):
 * if someone else wrote first, nothing is overwritten and the change becomes a conflict with their copy.
 * A change the server refuses (slug taken, not allowed, invalid field) is set aside as "needs attention"
 * and the rest of the queue goes on. Pulls follow the server's clock with keyset cursors, never this one's.
 */
export class SyncEngine {
  private running: Promise<SyncStatus> | null = null
  private again = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private pullTimer: ReturnType<typeof setInterval> | null = null
  private online = true
  private lastError: string | null = null
  private lastStamp = 0
  private closed = false
  /** Bumped by `resetPull`: a sync that started before a reset stops at its next page and is not recorded. */
  private pullGeneration = 0
  /** Resets in progress: the list is being emptied and pulled again, so it is not synced. */
  private resetting = 0
  /** Saves, deletes and resolutions being written now. */
  private writing = 0
  /** A change or an upload is on its way to the server. */
  private sending = false

  constructor(private readonly options: SyncEngineOptions) {}

  private get store() {
    return this.options.store
  }

  // ---- what the editor does (never waits for the network) ----------------------------------------------

  /**
   * A page of the posts as the editor sees them, newest first (or oldest), filtered by text and status.
   * Offline there is no server clock: whether a scheduled post is live yet is judged by this computer's.
   */
  async listPosts(query: ListQuery = {}): Promise<{ items: LocalListItem[]; total: number }> {
    const page = Math.max(1, query.page ?? 1)
    const { total, rows } = this.store.listPage({
      search: query.search?.trim().toLowerCase() ?? '',
      status: query.status ?? 'all',
      ascending: query.ascending ?? false,
      limit: query.pageSize ?? null,
      offset: query.pageSize ? (page - 1) * query.pageSize : 0,
      now: Date.now(),
    })
    const items: LocalListItem[] = []
    for (const { listed, change } of rows) {
      const post = overlay(listed as BlogRow | null, change)
      if (!post) continue
      const { content: _content, content_markdown: _markdown, ...item } = post
      items.push(item)
    }
    return { items, total }
  }

  /** The post with this slug as the editor sees it; `version` is the server version an edit builds on. */
  async getPost(slug: string): Promise<LocalPost | null> {
    const change = this.store.changeWithSlug(slug)
    if (change) return this.localPost(change.postId)
    for (const row of this.store.cachedPostsBySlug(slug)) {
      const post = await this.localPost(row.id)
      if (post?.slug === slug) return post
    }
    return null
  }

  /**
   * Saves locally and queues the change. `create` makes a new post (its id chosen here, so a retried send
   * is recognised); `update` edits post `id` from `version`, the server version the editor opened. A slug
   * another post uses here is refused at once, as the browser admin does.
   */
  async savePost(input: PostInput, target: SaveTarget): Promise<LocalPost> {
    return this.asWrite(() => this.save(input, target))
  }

  private async save(input: PostInput, target: SaveTarget): Promise<LocalPost> {
    const postId = target.mode === 'create' ? randomUUID() : target.id
    const owner = await this.getPost(input.slug)
    if (owner && owner.id !== postId) throw new SlugTakenError(input.slug)
    this.store.saveChange(postId, target.mode === 'create' ? 0 : target.version, input)
    this.kick()
    return (await this.localPost(postId))!
  }

  /** Deletes post `id` as the editor saw it at `version` (0: never on the server). */
  async deletePost(id: string, version: number): Promise<void> {
    return this.asWrite(() => this.remove(id, version))
  }

  private async remove(id: string, version: number): Promise<void> {
    const change = this.store.change(id)
    const neverSent = (change?.baseVersion ?? version) === 0 && !change?.sent
    if (neverSent && !this.store.cachedPost(id)) {
      // The server has never seen it: forgetting the change is the whole delete.
      this.store.removeChange(id)
    } else {
      this.store.saveChange(id, version, null)
    }
    this.kick()
  }

  /**
   * Queues an image upload and returns its public URL at once: the URL of `images/blog-covers/…` is known
   * before the bytes arrive, and the queue sends the upload before any save that refers to it.
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
    this.store.enqueueUpload({ path, contentType }, data)
    this.kick()
    return { url: remote.publicUrl(path), path }
  }

  async conflicts(): Promise<ConflictView[]> {
    return this.store.changes('conflict').map((c) => ({
      postId: c.postId,
      mine: c.input,
      theirs: c.theirs,
      detectedAt: (c.detectedAt ?? c.editedAt).toISOString(),
    }))
  }

  async attention(): Promise<AttentionItem[]> {
    const items: AttentionItem[] = []
    for (const c of this.store.changes('attention')) {
      const server = this.store.cachedPost(c.postId)?.row
      items.push({
        postId: c.postId,
        mine: c.input,
        slug: c.input?.slug ?? server?.slug ?? '',
        title: c.input?.title ?? server?.title ?? '',
        reason: c.reason ?? 'invalid_input',
        message: c.message ?? 'The server refused this change.',
        detectedAt: (c.detectedAt ?? c.editedAt).toISOString(),
      })
    }
    return items
  }

  /**
   * The editor's choice for a conflict: `mine` is sent again on top of their version; `theirs` drops mine
   * (the server's newest copy is what remains); `both` keeps theirs and saves mine as a new post with a
   * free slug. Returns the post the editor should see next (null when nothing remains).
   */
  async resolveConflict(postId: string, keep: 'mine' | 'theirs' | 'both'): Promise<LocalPost | null> {
    return this.asWrite(() => this.resolve(postId, keep))
  }

  private async resolve(postId: string, keep: 'mine' | 'theirs' | 'both'): Promise<LocalPost | null> {
    const conflict = this.store.change(postId)
    if (!conflict || conflict.state !== 'conflict') throw new Error('This conflict was already resolved.')
    const theirs = conflict.theirs
    const copy =
      keep === 'both' && conflict.input
        ? {
            id: randomUUID(),
            input: { ...conflict.input, slug: await this.freeSlug(`${conflict.input.slug}-copy`) },
          }
        : null
    this.store.transaction(() => {
      if (keep === 'mine') {
        // Deleted on the server: mine is created again under its own id (0 = a new post).
        this.store.replaceChange(postId, theirs?.version ?? 0, conflict.input)
        return
      }
      this.store.removeChange(postId)
      if (copy) this.store.replaceChange(copy.id, 0, copy.input)
    })
    this.kick()
    return this.localPost(copy?.id ?? postId)
  }

  /** Drops a refused change; the post stays as the server has it. */
  async discardChange(postId: string): Promise<void> {
    this.store.removeChange(postId)
    void this.emit()
  }

  /** Whether a save is being written or a change sent right now (an update must not restart the app). */
  busy(): boolean {
    return this.writing > 0 || this.sending
  }

  private async asWrite<T>(run: () => Promise<T>): Promise<T> {
    this.writing++
    try {
      return await run()
    } finally {
      this.writing--
    }
  }

  // ---- syncing ----------------------------------------------------------------------------------------

  async status(): Promise<SyncStatus> {
    const counts = this.store.countByState()
    return {
      online: this.online && this.networkUp(),
      syncing: this.running !== null || this.resetting > 0,
      signedIn: this.signedIn(),
      pending: this.store.pendingCount(),
      conflicts: counts.conflict,
      attention: counts.attention,
      lastSyncAt: this.store.getMeta(metaLastSync),
      lastError: this.lastError,
    }
  }

  /** Sends the queue in order, then pulls remote changes. Concurrent calls share one run. */
  syncNow(): Promise<SyncStatus> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      const generation = this.pullGeneration
      try {
        do {
          this.again = false
          await this.runOnce()
        } while (this.again && !this.closed)
      } finally {
        this.running = null
      }
      const status = await this.status()
      // A run a reset abandoned is not announced: the sync after the reset reports.
      if (generation === this.pullGeneration) this.options.onStatus?.(status)
      return status
    })()
    void this.emit()
    return this.running
  }

  /** The network came back or the editor asked: retry everything waiting now, not after its backoff. */
  async retryNow(): Promise<SyncStatus> {
    this.store.makeAllDue()
    return this.syncNow()
  }

  /** Pull every few minutes (and whatever the queue holds). Focus and start-up call `syncNow()` directly. */
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

  /**
   * Signing in or out changes what the server shows (drafts are for editors only): drop the cached copies
   * and pull everything again. Local changes are untouched.
   */
  async resetPull() {
    this.pullGeneration++
    this.resetting++
    try {
      // Until the next sync finishes, nothing may say the list is synced.
      this.store.setMeta(metaLastSync, null)
      void this.emit()
      // A pull already running (as the other identity) must not write its pages or cursor after the reset.
      await this.running?.catch(() => {})
      this.store.transaction(() => {
        this.store.clearCache()
        this.store.setMeta(metaPostsCursor, null)
        this.store.setMeta(metaDeletesCursor, null)
      })
      // A sync that started while this one waited began from the old cursor: it is abandoned too.
      this.pullGeneration++
    } finally {
      this.resetting--
    }
  }

  // ---- internals --------------------------------------------------------------------------------------

  private networkUp() {
    return this.options.isNetworkUp?.() ?? true
  }

  private signedIn() {
    return this.options.isSignedIn?.() ?? true
  }

  private kick() {
    if (this.closed) return
    void this.emit()
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
    const generation = this.pullGeneration
    try {
      if (this.signedIn()) await this.push(remote)
      await this.pull(remote)
      this.online = true
      this.lastError = null
      // Abandoned by a reset (sign-in, sign-out, another site): the list it pulled is gone, not synced.
      if (generation === this.pullGeneration) this.store.setMeta(metaLastSync, new Date().toISOString())
    } catch (err) {
      this.noteFailure(err)
    }
  }

  /**
   * Sends the queue in order. A refused change is set aside and the rest goes on; a failure to reach the
   * server (or a refused sign-in) stops the run and the entry waits for its retry.
   */
  private async push(remote: RemoteBlogs) {
    let after = 0
    const retried = new Set<number>()
    for (;;) {
      if (this.closed || !this.networkUp()) throw new RemoteError('The computer is offline.', 'offline')
      const entry = this.store.nextEntry(after)
      if (!entry) return
      after = entry.seq
      if (entry.nextAttemptAt.getTime() > Date.now()) {
        // Waiting out its backoff: later entries wait too (they may depend on it), the pull goes on.
        this.scheduleRetry(entry.nextAttemptAt)
        return
      }
      this.sending = true
      try {
        if (entry.kind === 'upload') {
          await remote.upload(
            entry.payload!.path,
            entry.image ?? new Uint8Array(),
            entry.payload!.contentType,
          )
          this.store.removeEntry(entry.seq)
        } else {
          await this.sendChange(remote, entry)
        }
        this.online = true
      } catch (err) {
        const failure = err instanceof RemoteError ? err : classifyRemoteError(err)
        if (failure.failure === 'rejected') {
          if (entry.kind === 'change')
            this.store.markAttention(entry.postId!, failure.reason, failure.message)
          else this.store.removeEntry(entry.seq)
          this.lastError = failure.message
          continue
        }
        if (failure.failure === 'offline' && !retried.has(entry.seq)) {
          // A keep-alive connection the server closed while idle fails the first request after a quiet spell:
          // try once more at once (every write is conditional, so sending it again is safe).
          retried.add(entry.seq)
          after = entry.seq - 1
          continue
        }
        const delay = (this.options.backoffMs ?? defaultBackoff)(entry.attempts)
        const retryAt = new Date(Date.now() + delay)
        this.store.deferEntry(entry.seq, failure.message, retryAt)
        this.scheduleRetry(retryAt)
        throw failure
      } finally {
        this.sending = false
      }
      void this.emit()
    }
  }

  /** One post's change: a conditional create, update or delete, and what its answer means. */
  private async sendChange(remote: RemoteBlogs, entry: QueueEntry) {
    const postId = entry.postId!
    const change = this.store.change(postId)
    if (!change || change.state !== 'pending') {
      this.store.removeEntry(entry.seq)
      return
    }
    this.store.markSending(postId)
    try {
      const row = await this.send(remote, change)
      this.store.changeLanded(postId, change.rev, row)
    } catch (err) {
      if (err instanceof PostConflictError) return this.settleConflict(change, err.theirs)
      if (err instanceof BlogDataError && err.code === 'post_exists')
        return this.settleConflict(change, await remote.byId(postId))
      throw err
    }
  }

  private async send(remote: RemoteBlogs, change: LocalChange): Promise<BlogRow | null> {
    const { postId, input, baseVersion } = change
    if (!input) {
      // A create that may have reached the server is deleted as it was created (version 1).
      await remote.remove(postId, baseVersion === 0 ? 1 : baseVersion)
      return null
    }
    if (baseVersion === 0) return remote.create(input, postId)
    return remote.update(input, postId, baseVersion)
  }

  /**
   * The write found the server's copy elsewhere than where this change started. If the server already
   * holds exactly this change, or holds our own last write (a reply lost on the way), it is no conflict.
   */
  private async settleConflict(change: LocalChange, theirs: BlogRow | null) {
    const { postId, input } = change
    if (!theirs && !input) return this.store.changeLanded(postId, change.rev, null)
    if (theirs && input && holdsEdit(theirs, input))
      return this.store.changeLanded(postId, change.rev, theirs)
    const cached = this.store.cachedPost(postId)
    if (theirs && cached?.ownVersion === theirs.version && change.baseVersion !== theirs.version) {
      this.store.rebaseChange(postId, theirs)
      this.again = true
      return
    }
    this.store.markConflict(postId, theirs)
  }

  private async pull(remote: RemoteBlogs) {
    await this.follow(
      metaPostsCursor,
      (c) => remote.changedSince(c),
      (rows) => this.store.cachePosts(rows),
    )
    await this.follow(
      metaDeletesCursor,
      (c) => remote.deletedSince(c),
      (rows) =>
        this.store.transaction(() => {
          for (const t of rows) this.store.uncachePost(t.id, t.deleted_at)
        }),
    )
  }

  /** Reads keyset pages from a little before the stored cursor to the end, moving the cursor forward. */
  private async follow<T>(
    key: string,
    page: (cursor: SyncCursor | null) => Promise<SyncPage<T>>,
    apply: (rows: T[]) => void,
  ) {
    const generation = this.pullGeneration
    const stored = this.store.getCursor(key)
    let cursor = rewindCursor(stored, pullOverlapMs)
    let furthest = stored
    for (;;) {
      if (this.closed) return
      const { rows, end, more } = await page(cursor)
      if (generation !== this.pullGeneration) return
      apply(rows)
      if (end && (!furthest || compareCursor(end, furthest) > 0)) {
        furthest = end
        this.store.setMeta(key, JSON.stringify(end))
      }
      if (!more || !end) return
      cursor = end
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

  /** A slug no post here uses: `base`, else `base-2`, `base-3`, … */
  private async freeSlug(base: string): Promise<string> {
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`
      if (!(await this.getPost(slug))) return slug
    }
  }

  /** One post as the editor sees it: its server copy with any local change laid over it. */
  private async localPost(postId: string): Promise<LocalPost | null> {
    const change = this.store.change(postId)
    const cached = this.store.cachedPost(postId)?.row ?? null
    return overlay(cached, change)
  }
}
