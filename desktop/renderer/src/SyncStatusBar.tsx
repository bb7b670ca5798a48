import { CloudCheck, CloudOff, CloudUpload, RefreshCw, TriangleAlert, UserX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@shared/ui/Button.tsx'
import { cx } from '@shared/ui/cx.ts'
import type { SyncStatus } from '../../contract.ts'
import { describeSyncStatus, type SyncTone } from './sync-status.utils.ts'

const toneStyles: Record<SyncTone, string> = {
  ok: 'border-slate-200 bg-slate-50 text-slate-700',
  syncing: 'border-slate-200 bg-slate-50 text-slate-700',
  waiting: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  offline: 'border-amber-200 bg-amber-50 text-amber-900',
  'signed-out': 'border-amber-200 bg-amber-50 text-amber-900',
  problem: 'border-red-200 bg-red-50 text-red-900',
}

/** The connection's icon: offline, syncing, or online with nothing / something waiting. */
function connectionIcon(status: SyncStatus | null) {
  if (!status || status.syncing) return RefreshCw
  if (!status.online) return CloudOff
  return status.pending > 0 ? CloudUpload : CloudCheck
}

function IssueLink({
  testId,
  onClick,
  children,
}: {
  testId: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      className="inline-flex items-center gap-1 rounded font-semibold text-red-800 underline underline-offset-2 hover:text-red-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      onClick={onClick}
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </button>
  )
}

/**
 * Always visible at the bottom of the window: online, offline or signed out; how many changes wait;
 * conflicts and refused changes (each a link to where they are resolved); the last sync; errors in words.
 */
export function SyncStatusBar({
  status,
  onSyncNow,
  onShowIssues,
}: {
  status: SyncStatus | null
  onSyncNow: () => void
  /** Takes the editor to the conflicts or the "Needs attention" list. */
  onShowIssues?: (which: 'conflicts' | 'attention') => void
}) {
  const text = describeSyncStatus(status, new Date())
  const Icon = connectionIcon(status)
  return (
    <footer
      data-testid="sync-status"
      data-tone={text.tone}
      className={cx(
        'flex flex-wrap items-center gap-x-5 gap-y-1 border-t px-4 py-2 text-sm',
        toneStyles[text.tone],
      )}
    >
      {/* Only the words are announced (politely); the buttons stay out of the live region. */}
      <p role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-5 gap-y-1">
        <span className="inline-flex items-center gap-1.5 font-semibold" data-testid="sync-connection">
          <Icon aria-hidden="true" className={cx('size-4 shrink-0', status?.syncing && 'animate-spin')} />
          {text.connection}
        </span>
        {text.pending && (
          <span data-testid="sync-pending" className="inline-flex items-center gap-1.5">
            {status && !status.signedIn && <UserX aria-hidden="true" className="size-4 shrink-0" />}
            {text.pending}
          </span>
        )}
        <span data-testid="sync-last" className="opacity-80">
          {text.lastSync}
        </span>
        {text.error && (
          <span className="text-red-800" data-testid="sync-error">
            {text.error}
          </span>
        )}
      </p>
      {text.conflicts && (
        <IssueLink testId="sync-conflicts" onClick={() => onShowIssues?.('conflicts')}>
          {text.conflicts}
        </IssueLink>
      )}
      {text.attention && (
        <IssueLink testId="sync-attention" onClick={() => onShowIssues?.('attention')}>
          {text.attention}
        </IssueLink>
      )}
      <Button size="sm" variant="outline" className="ml-auto" onClick={onSyncNow} disabled={status?.syncing}>
        <RefreshCw aria-hidden="true" className={cx('size-4', status?.syncing && 'animate-spin')} />
        Sync now
      </Button>
    </footer>
  )
}
