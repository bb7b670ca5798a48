import { useCallback, useEffect, useState } from 'react'
import type { AttentionItem, ConflictView, DesktopApi, SyncStatus } from '../../contract.ts'

export interface SyncIssues {
  conflicts: ConflictView[]
  attention: AttentionItem[]
  /** Reads both lists again (after the editor resolved or discarded something). */
  refresh(): void
}

/**
 * The conflicts and refused changes main holds, read again whenever the sync status says their counts
 * (or anything else a sync can change) moved.
 */
export function useSyncIssues(api: DesktopApi, status: SyncStatus | null): SyncIssues {
  const [conflicts, setConflicts] = useState<ConflictView[]>([])
  const [attention, setAttention] = useState<AttentionItem[]>([])
  const [requested, setRequested] = useState(0)
  const key = status ? `${status.conflicts}:${status.attention}:${status.pending}:${status.lastSyncAt}` : ''

  useEffect(() => {
    let active = true
    Promise.all([api.listConflicts(), api.listAttention()]).then(
      ([c, a]) => {
        if (!active) return
        setConflicts(c)
        setAttention(a)
      },
      (err: unknown) => console.error('Reading conflicts and refused changes failed', err),
    )
    return () => {
      active = false
    }
  }, [api, key, requested])

  const refresh = useCallback(() => setRequested((n) => n + 1), [])
  return { conflicts, attention, refresh }
}
