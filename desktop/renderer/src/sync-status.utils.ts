import type { SyncStatus } from '../../preload/api.d.ts'

function ago(iso: string, now: Date) {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  return new Date(iso).toLocaleString()
}

/** The status bar's words for a sync status. */
export function describeSyncStatus(status: SyncStatus | null, now: Date) {
  if (!status) return { connection: 'Checking…', pending: '', conflicts: '', lastSync: '', error: '' }
  return {
    connection: status.syncing ? 'Syncing…' : status.online ? 'Online' : 'Offline',
    pending:
      status.pending === 0
        ? 'All changes saved to the server'
        : `${status.pending} change${status.pending === 1 ? '' : 's'} waiting to sync`,
    conflicts: status.conflicts
      ? `${status.conflicts} conflict${status.conflicts === 1 ? '' : 's'} to resolve`
      : '',
    lastSync: status.lastSyncAt ? `Last synced ${ago(status.lastSyncAt, now)}` : 'Not synced yet',
    error: status.lastError ?? '',
  }
}
