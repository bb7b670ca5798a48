import type { SyncStatus } from '../../desktop/contract.ts'

/** What main reports once everything is sent (online, signed in, nothing waiting), changed by `patch`. */
export const syncStatus = (lastSyncAt: string, patch: Partial<SyncStatus> = {}): SyncStatus => ({
  online: true,
  syncing: false,
  signedIn: true,
  pending: 0,
  conflicts: 0,
  attention: 0,
  lastSyncAt,
  lastError: null,
  ...patch,
})
