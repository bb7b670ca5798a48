import { useEffect, useId, useRef } from 'react'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'

/**
 * Asks before a post is deleted, naming it (spec §5: 'Are you sure you want to delete this blog post?').
 * A modal `<dialog>`: focus starts on Cancel, Escape cancels, the page behind is inert.
 */
export function ConfirmDeleteDialog({
  postTitle,
  question,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The post to delete; null keeps the dialog closed. */
  postTitle: string | null
  question: string
  busy: boolean
  onConfirm(): void
  onCancel(): void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (postTitle !== null && !dialog.open) dialog.showModal()
    if (postTitle === null && dialog.open) dialog.close()
  }, [postTitle])

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
      {postTitle !== null && (
        <div className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-balance">
            Delete “{postTitle}”?
          </h2>
          <p id={`${id}-text`} className="mt-2 text-sm text-slate-600">
            {question} It disappears from the site at once and cannot be restored.
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" autoFocus disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={busy} onClick={onConfirm}>
              {busy && <Spinner />}
              Delete post
            </Button>
          </div>
        </div>
      )}
    </dialog>
  )
}
