import { useId, type ReactNode } from 'react'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { useModalDialog } from './useModalDialog.ts'

interface ConfirmActionDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  destructive?: boolean
  busy: boolean
  onConfirm(): void
  onCancel(): void
}

/**
 * Asks before an action that cannot be undone (deleting a post, sending a newsletter, removing a subscriber). A modal
 * `<dialog>`: focus starts on Cancel, Escape cancels, the page behind is inert.
 */
export function ConfirmActionDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  busy,
  onConfirm,
  onCancel,
}: ConfirmActionDialogProps) {
  const ref = useModalDialog(open)
  const id = useId()

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onCancel()
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-950/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-balance">
            {title}
          </h2>
          <div id={`${id}-text`} className="mt-2 space-y-2 text-sm text-slate-600">
            {children}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" autoFocus disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant={destructive ? 'destructive' : 'primary'} disabled={busy} onClick={onConfirm}>
              {busy && <Spinner />}
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  )
}

/** Asks before an address (a person, a subscriber) is removed: "Remove {email}?". Closed while `removing` is null. */
export function ConfirmRemoveDialog<T extends { email: string }>({
  removing,
  onRemove,
  ...dialog
}: Omit<ConfirmActionDialogProps, 'open' | 'title' | 'destructive' | 'onConfirm'> & {
  removing: T | null
  onRemove(item: T): void
}) {
  return (
    <ConfirmActionDialog
      {...dialog}
      open={removing !== null}
      title={`Remove ${removing?.email ?? ''}?`}
      destructive
      onConfirm={() => removing && onRemove(removing)}
    />
  )
}
