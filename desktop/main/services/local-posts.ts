import type { SyncCursor } from '../../../shared/data/blogs.ts'
import type { BlogRow } from '../../../shared/schemas/blog.ts'
import type { LocalPost, PostSyncState } from '../../contract.ts'
import type { LocalChange } from './offline-store.ts'

/** How the editor sees a post (the server's copy with the local change over it), and how cursors order. */

const stateOf: Record<LocalChange['state'], PostSyncState> = {
  pending: 'pending',
  conflict: 'conflict',
  attention: 'attention',
}

/**
 * The server copy with the local change laid over it. A pending delete hides the post; a delete in
 * conflict or refused shows the server copy with that state, so the editor can find it.
 */
export function overlay(server: BlogRow | null, change: LocalChange | null): LocalPost | null {
  if (!change) return server ? { ...server, syncState: 'synced' } : null
  const syncState = stateOf[change.state]
  if (!change.input) return server && change.state !== 'pending' ? { ...server, syncState } : null
  // Only a scheduled post has a publish time (as the server stores it).
  const input = {
    ...change.input,
    publish_at: change.input.status === 'scheduled' ? (change.input.publish_at ?? null) : null,
  }
  const base: BlogRow = server ?? {
    id: change.postId,
    created_at: change.editedAt.toISOString(),
    updated_at: null,
    version: 0,
    ...input,
  }
  return { ...base, ...input, version: change.baseVersion, syncState }
}

/** Orders cursors by time (the same instant may be written in different formats), then id. */
export function compareCursor(a: SyncCursor, b: SyncCursor) {
  const byTime = Date.parse(a.at) - Date.parse(b.at)
  if (byTime !== 0) return byTime
  if (a.at !== b.at) return a.at < b.at ? -1 : 1
  return a.id.localeCompare(b.id)
}
