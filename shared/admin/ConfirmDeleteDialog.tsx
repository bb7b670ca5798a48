import { ConfirmActionDialog } from './ConfirmActionDialog.tsx'

/** Asks before a post is deleted, naming it (spec §5: 'Are you sure you want to delete this blog post?'). */
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
  return (
    <ConfirmActionDialog
      open={postTitle !== null}
      title={`Delete “${postTitle ?? ''}”?`}
      confirmLabel="Delete post"
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{question} It disappears from the site at once and cannot be restored.</p>
    </ConfirmActionDialog>
  )
}
