import { useEffect, useRef } from 'react'

/**
 * A `<dialog>` shown as a modal while `open` (the page behind is inert, focus moves into it) and closed when
 * `open` turns false. Returns the ref to put on the dialog.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}
