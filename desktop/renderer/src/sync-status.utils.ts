import { longDateTime } from '@shared/lib/dates.ts'
import type { SyncStatus } from '../../contract.ts'
import { formFor } from '@shared/lib/plural.ts'

/** What the bar's colour says: all well, working, something waits, or something needs the editor. */
export type SyncTone = 'ok' | 'syncing' | 'waiting' | 'offline' | 'signed-out' | 'problem'

export interface SyncStatusText {
  /** The network only: online, offline or syncing (being signed out is said with what waits). */
  connection: string
  /** How many changes wait (or that none do); "All changes saved" only when it is true. */
  pending: string
  conflicts: string
  attention: string
  lastSync: string
  error: string
  tone: SyncTone
}

function plural(count: number, one: string, many: string) {
  return `${count} ${formFor(count, one, many)}`
}

function ago(iso: string, now: Date) {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  return longDateTime(iso)
}

/**
 * The status bar's words for a sync status. Each part says only what is so: nothing is called saved while a
 * change waits, a conflict or a refused change is open, or the editor is signed out with changes queued.
 */
export function describeSyncStatus(status: SyncStatus | null, now: Date): SyncStatusText {
  if (!status) {
    return {
      connection: 'Checking…',
      pending: '',
      conflicts: '',
      attention: '',
      lastSync: '',
      error: '',
      tone: 'syncing',
    }
  }
  const { online, syncing, signedIn, pending, conflicts, attention } = status
  const connection = !online ? 'Offline' : syncing ? 'Syncing…' : 'Online'
  let pendingText: string
  if (!signedIn) {
    pendingText =
      pending > 0
        ? `Signed out — ${plural(pending, 'change waits', 'changes wait')} until you sign in`
        : 'Signed out'
  } else if (pending > 0) {
    pendingText = `${plural(pending, 'change', 'changes')} waiting to sync`
  } else if (conflicts === 0 && attention === 0) {
    pendingText = 'All changes saved to the server'
  } else {
    pendingText = 'Nothing waiting to sync'
  }
  const tone: SyncTone =
    conflicts > 0 || attention > 0
      ? 'problem'
      : !online
        ? 'offline'
        : !signedIn
          ? 'signed-out'
          : syncing
            ? 'syncing'
            : pending > 0
              ? 'waiting'
              : 'ok'
  return {
    connection,
    pending: pendingText,
    conflicts: conflicts > 0 ? `${plural(conflicts, 'conflict', 'conflicts')} to resolve` : '',
    attention: attention > 0 ? `${plural(attention, 'change needs', 'changes need')} attention` : '',
    lastSync: status.lastSyncAt ? `Last synced ${ago(status.lastSyncAt, now)}` : 'Not synced yet',
    error: status.lastError ?? '',
    tone,
  }
}
