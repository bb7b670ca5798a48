import { CloudOff, RefreshCw, Wifi } from 'lucide-react'
import { Button } from '@shared/ui/Button.tsx'
import { cx } from '@shared/ui/cx.ts'
import type { SyncStatus } from '../../preload/api.d.ts'
import { describeSyncStatus } from './sync-status.utils.ts'

/** Always visible at the bottom of the window: online or offline, pending changes, last sync, errors in words. */
export function SyncStatusBar({ status, onSyncNow }: { status: SyncStatus | null; onSyncNow: () => void }) {
  const text = describeSyncStatus(status, new Date())
  return (
    <footer
      role="status"
      aria-live="polite"
      data-testid="sync-status"
      className={cx(
        'flex flex-wrap items-center gap-x-4 gap-y-1 border-t px-4 py-2 text-sm',
        status?.online
          ? 'border-slate-200 bg-slate-50 text-slate-700'
          : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-medium" data-testid="sync-connection">
        {status?.online ? (
          <Wifi aria-hidden="true" className="size-4" />
        ) : (
          <CloudOff aria-hidden="true" className="size-4" />
        )}
        {text.connection}
      </span>
      <span data-testid="sync-pending">{text.pending}</span>
      {text.conflicts && <span className="font-medium text-red-700">{text.conflicts}</span>}
      <span data-testid="sync-last">{text.lastSync}</span>
      {text.error && (
        <span className="text-red-700" data-testid="sync-error">
          {text.error}
        </span>
      )}
      <Button size="sm" variant="outline" className="ml-auto" onClick={onSyncNow} disabled={status?.syncing}>
        <RefreshCw aria-hidden="true" className={cx('size-4', status?.syncing && 'animate-spin')} />
        Sync now
      </Button>
    </footer>
  )
}
