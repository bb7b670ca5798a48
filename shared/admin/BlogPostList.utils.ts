import type { BadgeVariant } from '../ui/Badge.tsx'

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
