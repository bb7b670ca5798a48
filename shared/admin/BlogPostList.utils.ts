import type { AdminStatusFilter } from '../schemas/blog.ts'
import type { BadgeVariant } from '../ui/Badge.tsx'

export const statusFilterLabels: Record<AdminStatusFilter, string> = {
  all: 'All',
  published: 'Published',
  scheduled: 'Scheduled',
  draft: 'Draft',
}

/** A list row's badge for a post scheduled for later: "Scheduled for November 24 at 9:30 AM" in the reader's zone. */
export function scheduledLabel(publishAt: string, timeZone?: string): string {
  const at = new Date(publishAt).toLocaleString('en-US', {
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  })
  return `Scheduled for ${at}`
}

/**
 * How a listed post stands on this computer. Only the desktop's rows carry it (`LocalPost.syncState`);
 * the browser writes straight to the server, so its rows have none and show no badge.
 */
export type RowSyncState = 'synced' | 'pending' | 'conflict' | 'attention'

export const syncStateBadges: Record<RowSyncState, { label: string; variant: BadgeVariant }> = {
  synced: { label: 'Synced', variant: 'success' },
  pending: { label: 'Waiting to sync', variant: 'warning' },
  conflict: { label: 'Conflict', variant: 'danger' },
  attention: { label: 'Needs attention', variant: 'danger' },
}

export function rowSyncState(row: object): RowSyncState | null {
  const state = (row as { syncState?: unknown }).syncState
  return typeof state === 'string' && Object.hasOwn(syncStateBadges, state) ? (state as RowSyncState) : null
}
