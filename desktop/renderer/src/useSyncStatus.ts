import { useEffect, useState } from 'react'
import type { DesktopApi, SyncStatus } from '../../contract.ts'

/** The sync status pushed by main, plus a refresh every 30 s so "last sync" and online state stay current. */
export function useSyncStatus(api: DesktopApi): SyncStatus | null {
  const [status, setStatus] = useState<SyncStatus | null>(null)
  useEffect(() => {
    let active = true
    const refresh = () =>
      api.getSyncStatus().then(
        (s) => active && setStatus(s),
        () => {},
      )
    const unsubscribe = api.onSyncStatus((s) => active && setStatus(s))
    void refresh()
    const timer = setInterval(refresh, 30_000)
    return () => {
      active = false
      unsubscribe()
      clearInterval(timer)
    }
  }, [api])
  return status
}
