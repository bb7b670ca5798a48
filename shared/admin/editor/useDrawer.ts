import { useCallback, useId, useMemo, useState } from 'react'

/** A drawer the editor's bar opens (the post settings below 1280 px): the id its button controls, and its state. */
export interface Drawer {
  id: string
  open: boolean
  toggle(): void
  close(): void
}

export function useDrawer(name: string): Drawer {
  const id = `${useId()}-${name}`
  const [open, setOpen] = useState(false)
  const toggle = useCallback(() => setOpen((o) => !o), [])
  const close = useCallback(() => setOpen(false), [])
  return useMemo(() => ({ id, open, toggle, close }), [id, open, toggle, close])
}
